package dev.forkline.views.shell;

import dev.forkline.views.inspector.EventDetails;
import dev.forkline.views.viewmodel.InspectorViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TextArea;
import javafx.scene.control.TitledPane;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;

import java.util.function.Consumer;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** Renders the selected event by type: fields, output, diffs, messages, and always the raw JSON. */
final class InspectorPane extends VBox {

    private final VBox content = new VBox(10);
    final Label title = new Label();
    final Label pinStatus = new Label();
    private Consumer<String> openEvent = id -> {
    };
    private Consumer<String> pinCause = id -> {
    };

    InspectorPane(InspectorViewModel model) {
        getStyleClass().add("inspector-pane");
        setPadding(new Insets(10, 10, 0, 10));
        setSpacing(6);
        Label paneTitle = new Label("Inspector", Icons.of(Material2MZ.SEARCH));
        paneTitle.getStyleClass().add("pane-title");
        content.setPadding(new Insets(0, 12, 12, 0));
        ScrollPane scroll = new ScrollPane(content);
        scroll.setFitToWidth(true);
        scroll.getStyleClass().add("edge-to-edge");
        VBox.setVgrow(scroll, Priority.ALWAYS);
        pinStatus.setId("pin-status");
        pinStatus.setWrapText(true);
        pinStatus.getStyleClass().add("muted");
        pinStatus.managedProperty().bind(pinStatus.textProperty().isNotEmpty());
        getChildren().addAll(paneTitle, pinStatus, scroll);
        title.setId("inspector-title");
        model.detailsProperty().addListener((obs, old, details) -> render(details));
        render(model.details());
    }

    /** What a click on a linked event does (select it on the timeline). */
    void onOpenEvent(Consumer<String> action) {
        openEvent = action;
    }

    /** What "Pin as the why" on a cause does. */
    void onPinCause(Consumer<String> action) {
        pinCause = action;
    }

    private void render(EventDetails details) {
        content.getChildren().clear();
        title.setText(details.title());
        title.getStyleClass().setAll("label", "inspector-title", "tone-" + tone(details.tone()));
        title.setWrapText(true);
        title.setGraphic(Icons.of(switch (details.tone()) {
            case DANGER -> Material2AL.ERROR;
            case WARNING -> Material2MZ.WARNING;
            case SUCCESS -> Material2AL.CHECK_CIRCLE;
            case NORMAL -> Material2AL.DESCRIPTION;
        }, 18));
        Label subtitle = new Label(details.subtitle());
        subtitle.getStyleClass().add("muted");
        subtitle.setWrapText(true);
        FullText.whenCut(subtitle);
        FullText.whenCut(title);
        content.getChildren().addAll(new VBox(2, title, subtitle));
        for (EventDetails.Section section : details.sections()) {
            content.getChildren().add(render(section));
        }
    }

    private Node render(EventDetails.Section section) {
        return switch (section) {
            case EventDetails.Fields fields -> titled(fields.title(), grid(fields));
            case EventDetails.Text text -> titled(text.title(), text(text));
            case EventDetails.Diff diff -> titled(diff.title(), diff(diff));
            case EventDetails.Messages messages -> titled(messages.title(), messages(messages));
            case EventDetails.Links links -> titled(links.title(), links(links));
            case EventDetails.Json json -> {
                TextArea area = monospace(json.json(), 14);
                TitledPane pane = new TitledPane(json.title(), area);
                pane.setExpanded(false);
                pane.getStyleClass().add("raw-json");
                yield pane;
            }
        };
    }

    private static Node titled(String title, Node body) {
        Label header = new Label(title.toUpperCase(java.util.Locale.ROOT));
        header.getStyleClass().add("section-title");
        return new VBox(4, header, body);
    }

    private static GridPane grid(EventDetails.Fields fields) {
        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(3);
        ColumnConstraints names = new ColumnConstraints();
        names.setMinWidth(96);
        ColumnConstraints values = new ColumnConstraints();
        values.setHgrow(Priority.ALWAYS);
        values.setMinWidth(0);
        grid.getColumnConstraints().addAll(names, values);
        int row = 0;
        for (EventDetails.Field field : fields.fields()) {
            Label name = new Label(field.name());
            name.getStyleClass().add("muted");
            name.setAlignment(Pos.TOP_LEFT);
            Label value = new Label(field.value());
            value.setWrapText(true);
            value.getStyleClass().add("tone-" + tone(field.tone()));
            // a path or id without spaces does not wrap: it is cut, and shown whole on hover
            FullText.whenCut(value);
            grid.addRow(row++, name, value);
        }
        return grid;
    }

    private static Node text(EventDetails.Text text) {
        if (text.monospace()) {
            TextArea area = monospace(text.text(), Math.min(12, (int) text.text().lines().count() + 1));
            area.setWrapText(true); // tool output: long lines wrap in the narrow inspector instead of scrolling sideways
            area.getStyleClass().add("tone-" + tone(text.tone()));
            return area;
        }
        Label label = new Label(text.text());
        label.setWrapText(true);
        label.getStyleClass().add("tone-" + tone(text.tone()));
        return label;
    }

    private static Node diff(EventDetails.Diff diff) {
        VBox lines = new VBox();
        lines.getStyleClass().add("diff");
        for (EventDetails.DiffLine line : diff.lines()) {
            Label label = new Label(line.op() + " " + line.text());
            label.getStyleClass().addAll("mono", switch (line.op()) {
                case '+' -> "diff-add";
                case '-' -> "diff-del";
                case '!' -> "diff-note";
                default -> "diff-same";
            });
            label.setMaxWidth(Double.MAX_VALUE);
            label.setMinWidth(0);
            FullText.whenCut(label, line.text());
            lines.getChildren().add(label);
        }
        return lines;
    }

    private Node links(EventDetails.Links links) {
        VBox box = new VBox(2);
        box.getStyleClass().add("event-links");
        if (!links.note().isEmpty()) {
            Label note = new Label(links.note());
            note.setWrapText(true);
            note.getStyleClass().add("muted");
            box.getChildren().add(note);
        }
        for (EventDetails.Link link : links.links()) {
            Hyperlink open = new Hyperlink(link.label());
            open.getStyleClass().addAll("event-link", "tone-" + tone(link.tone()));
            open.setTooltip(new Tooltip(link.label() + "\nClick to select " + link.eventId() + " on the timeline"));
            open.setOnAction(e -> openEvent.accept(link.eventId()));
            open.setMaxWidth(Double.MAX_VALUE);
            open.setMinWidth(0);
            HBox.setHgrow(open, Priority.ALWAYS);
            HBox row = new HBox(4, open);
            row.setAlignment(Pos.CENTER_LEFT);
            if (link.pinnable()) {
                Button pin = new Button("Pin as the why", Icons.of(Material2MZ.PUSH_PIN, 14));
                pin.getStyleClass().addAll("small", "pin-cause");
                pin.setMinWidth(Region.USE_PREF_SIZE);
                pin.setTooltip(new Tooltip("Record in the trace (as a note) that " + link.eventId() + " explains this failure"));
                pin.setOnAction(e -> pinCause.accept(link.eventId()));
                row.getChildren().add(pin);
            }
            box.getChildren().add(row);
        }
        return box;
    }

    private static Node messages(EventDetails.Messages messages) {
        VBox box = new VBox(6);
        for (EventDetails.Message message : messages.messages()) {
            Label role = Pills.pill(message.role(), "assistant".equals(message.role()) ? "accent" : "neutral");
            Label body = new Label(message.content());
            body.setWrapText(true);
            HBox row = new HBox(8, role, body);
            row.setAlignment(Pos.TOP_LEFT);
            box.getChildren().add(row);
        }
        return box;
    }

    private static TextArea monospace(String text, int rows) {
        TextArea area = new TextArea(text);
        area.setEditable(false);
        area.setWrapText(false);
        area.setPrefRowCount(Math.max(2, rows));
        area.getStyleClass().add("mono");
        return area;
    }

    static String tone(EventDetails.Tone tone) {
        return tone.name().toLowerCase(java.util.Locale.ROOT);
    }
}
