package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.FilterViewModel;
import dev.forkline.views.viewmodel.StepScope;
import dev.forkline.views.viewmodel.TimelineViewModel;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import java.util.List;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** Search and filter the run's events by text, type, actor, errors only; matches are marked on the timeline. */
final class FilterBar extends HBox {

    static final String ALL_TYPES = "All types";
    static final String ALL_ACTORS = "All actors";
    private static final double CHOICE_WIDTH = 112;

    final TextField text = new TextField();
    final ComboBox<String> type = new ComboBox<>();
    final ComboBox<String> actor = new ComboBox<>();
    final CheckBox errorsOnly = new CheckBox("Errors only");
    final CheckBox hideOthers = new CheckBox("Hide others");

    FilterBar(FilterViewModel filter, TimelineViewModel timeline) {
        getStyleClass().add("filter-bar");
        setSpacing(6);
        setPadding(new Insets(6, 10, 6, 10));
        setAlignment(Pos.CENTER_LEFT);

        text.setId("filter-text");
        text.setPromptText("Search events (Ctrl+F)");
        text.setTooltip(new javafx.scene.control.Tooltip("Enter: next match, Shift+Enter: previous, Esc: clear"));
        text.textProperty().bindBidirectional(filter.textProperty());
        text.setOnKeyPressed(e -> {
            if (e.getCode() == KeyCode.ENTER) {
                timeline.step(e.isShiftDown() ? -1 : +1, StepScope.MATCHES);
                e.consume();
            } else if (e.getCode() == KeyCode.ESCAPE) {
                filter.clear();
                getParent().requestFocus();
                e.consume();
            }
        });
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMaxWidth(420);
        text.setMinWidth(120); // the field gives way where the centre is narrow; the choices, labels and count are not cut

        type.setId("filter-type");
        type.getItems().setAll(ALL_TYPES);
        type.setValue(ALL_TYPES);
        filter.types().addListener((javafx.collections.ListChangeListener<String>) c -> {
            type.getItems().setAll(ALL_TYPES);
            type.getItems().addAll(filter.types());
            type.setValue(filter.typeProperty().get() == null ? ALL_TYPES : filter.typeProperty().get());
        });
        type.valueProperty().addListener((obs, old, now) -> filter.typeProperty().set(now == null || ALL_TYPES.equals(now) ? null : now));

        actor.setId("filter-actor");
        actor.getItems().setAll(ALL_ACTORS);
        actor.setValue(ALL_ACTORS);
        filter.actors().addListener((javafx.collections.ListChangeListener<String>) c -> {
            actor.getItems().setAll(ALL_ACTORS);
            actor.getItems().addAll(filter.actors());
            actor.setValue(filter.actorProperty().get() == null ? ALL_ACTORS : filter.actorProperty().get());
        });
        actor.valueProperty().addListener((obs, old, now) -> filter.actorProperty().set(now == null || ALL_ACTORS.equals(now) ? null : now));

        errorsOnly.setId("filter-errors");
        errorsOnly.selectedProperty().bindBidirectional(filter.errorsOnlyProperty());

        hideOthers.setId("filter-hide");
        hideOthers.selectedProperty().bindBidirectional(timeline.hideUnmatchedProperty());
        hideOthers.setTooltip(new javafx.scene.control.Tooltip("Show only the matching events on the timeline (and step only "
                + "through them), instead of highlighting them among the others"));

        Label count = new Label();
        count.setId("filter-count");
        count.getStyleClass().add("muted");
        count.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(() -> {
            int n = filter.matchCountProperty().get();
            return filter.searchingProperty().get() ? "searching…" : n < 0 ? "" : String.format(java.util.Locale.ROOT, "%,d", n)
                    + (n == 1 ? " match" : " matches");
        }, filter.matchCountProperty(), filter.searchingProperty()));
        for (ComboBox<String> choice : List.of(type, actor)) {
            // as wide as "All actors", not as the longest type or actor in the list (its drop-down shows them whole)
            choice.setPrefWidth(CHOICE_WIDTH);
        }
        for (Region unCut : new Region[]{type, actor, errorsOnly, hideOthers, count}) {
            unCut.setMinWidth(Region.USE_PREF_SIZE);
        }

        Button previous = new Button(null, Icons.of(Material2AL.KEYBOARD_ARROW_UP));
        previous.setOnAction(e -> timeline.step(-1, StepScope.MATCHES));
        previous.disableProperty().bind(filter.matchCountProperty().lessThan(1));
        Button next = new Button(null, Icons.of(Material2AL.KEYBOARD_ARROW_DOWN));
        next.setOnAction(e -> timeline.step(+1, StepScope.MATCHES));
        next.disableProperty().bind(filter.matchCountProperty().lessThan(1));
        Button clear = new Button(null, Icons.of(Material2AL.CLEAR));
        clear.setOnAction(e -> filter.clear());
        for (Button button : new Button[]{previous, next, clear}) {
            button.getStyleClass().addAll("flat", "button-icon");
        }
        filter.typeProperty().addListener((obs, old, now) -> type.setValue(now == null ? ALL_TYPES : now));
        filter.actorProperty().addListener((obs, old, now) -> actor.setValue(now == null ? ALL_ACTORS : now));

        getChildren().addAll(Icons.of(Material2MZ.SEARCH), text, type, actor, errorsOnly, hideOthers, count, previous, next, clear);
    }
}
