package dev.forkline.views.shell;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.scene.control.Labeled;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;

import java.util.Objects;
import java.util.function.Function;

/**
 * The one way the workbench shows text it cuts: a label (or table cell) whose text does not fit, or that shows a
 * shortened form of something longer, gets a tooltip with the whole text; a label shown in full gets none, so hovering
 * over what can be read already shows nothing.
 */
final class FullText {

    private static final String FULL = FullText.class.getName() + ".full";
    private static final String TOOLTIP = FullText.class.getName() + ".tooltip";

    private FullText() {
    }

    /**
     * Shows {@code full} on hover over {@code label} while its text is cut by its width, or always when {@code full}
     * says more than the text shown. Call again with a new full text when the label is reused (table and list cells).
     */
    static void whenCut(Labeled label, String full) {
        boolean first = !label.getProperties().containsKey(TOOLTIP);
        label.getProperties().put(FULL, full);
        if (first) {
            label.getProperties().put(TOOLTIP, new Tooltip());
            label.textTruncatedProperty().addListener((obs, old, cut) -> update(label));
            label.textProperty().addListener((obs, old, text) -> update(label));
        }
        update(label);
    }

    /** {@link #whenCut(Labeled, String)} with the label's own text as the whole text. */
    static void whenCut(Labeled label) {
        whenCut(label, null);
    }

    private static void update(Labeled label) {
        String shown = label.getText();
        String full = (String) label.getProperties().get(FULL);
        String whole = full == null || full.isBlank() ? shown : full;
        boolean saysMore = whole != null && !whole.isBlank() && !Objects.equals(whole.strip(), shown == null ? null : shown.strip());
        boolean show = whole != null && !whole.isBlank() && (label.isTextTruncated() || saysMore);
        Tooltip tooltip = (Tooltip) label.getProperties().get(TOOLTIP);
        if (show) {
            tooltip.setText(whole);
            tooltip.setWrapText(true);
            tooltip.setMaxWidth(720);
            label.setTooltip(tooltip);
        } else if (label.getTooltip() == tooltip) {
            label.setTooltip(null);
        }
    }

    /** A text column whose cells show their whole text on hover when it is cut. */
    static <S> TableColumn<S, String> column(String name, double width, Function<S, String> text) {
        return column(name, width, text, null);
    }

    /**
     * A text column whose cells show {@code full} (when given, else the cell's text) on hover when the cell's text is cut
     * or shortened. Columns are resizable by dragging their header's edge.
     */
    static <S> TableColumn<S, String> column(String name, double width, Function<S, String> text, Function<S, String> full) {
        TableColumn<S, String> column = new TableColumn<>(name);
        column.setPrefWidth(width);
        column.setResizable(true);
        column.setCellValueFactory(cell -> new ReadOnlyStringWrapper(text.apply(cell.getValue())));
        column.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(String value, boolean empty) {
                super.updateItem(value, empty);
                int index = getIndex();
                S row = empty || getTableView() == null || index < 0 || index >= getTableView().getItems().size() ? null
                        : getTableView().getItems().get(index);
                setText(empty ? null : value);
                whenCut(this, row == null || full == null ? null : full.apply(row));
            }
        });
        return column;
    }
}
