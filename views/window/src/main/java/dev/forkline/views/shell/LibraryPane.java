package dev.forkline.views.shell;

import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.viewmodel.LibraryViewModel;
import dev.forkline.views.viewmodel.TraceSelection;
import javafx.collections.FXCollections;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.ComboBox;
import javafx.scene.control.DatePicker;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;
import javafx.scene.control.TextField;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.kordamp.ikonli.material2.Material2MZ;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.function.Consumer;

/**
 * The library of stored traces: search by title, date, format, outcome and integrity; each row has its integrity badge;
 * selecting a trace opens it. The highlighted row is always the open trace (none when it is not listed): the list
 * follows the window's one selection, and refreshing the list never opens anything.
 */
final class LibraryPane extends VBox {

    static final String ANY = "Any";
    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm").withZone(ZoneOffset.UTC);

    final ListView<TraceSummary> list = new ListView<>();
    final TextField search = new TextField();
    final ComboBox<IntegrityStatus> integrity = new ComboBox<>();
    private final TraceSelection selection;
    private final javafx.collections.ObservableMap<String, String> eventHits;
    /** True while the list or its highlight is changed to follow the model, not by the reviewer. */
    private boolean following;

    LibraryPane(LibraryViewModel model, TraceSelection selection, Consumer<TraceSummary> open) {
        this.selection = selection;
        getStyleClass().add("library-pane");
        setSpacing(8);
        setPadding(new Insets(10));
        Label title = new Label("Library");
        title.getStyleClass().add("pane-title");
        Label count = new Label();
        count.setId("library-count");
        count.getStyleClass().add("muted");
        count.textProperty().bind(model.listedCountProperty());
        Region beforeCount = new Region();
        HBox.setHgrow(beforeCount, Priority.ALWAYS);
        HBox titleRow = new HBox(6, title, beforeCount, count);
        titleRow.setAlignment(Pos.BASELINE_LEFT);

        search.setPromptText("Search title, id or events");
        search.setId("library-search");
        search.textProperty().bindBidirectional(model.textProperty());
        HBox searchRow = new HBox(6, Icons.of(Material2MZ.SEARCH), search);
        searchRow.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(search, Priority.ALWAYS);

        ComboBox<String> format = new ComboBox<>();
        format.setPromptText("Format");
        format.setMaxWidth(Double.MAX_VALUE);
        model.formats().addListener((javafx.collections.ListChangeListener<String>) c -> {
            String selected = format.getValue();
            format.getItems().setAll(ANY);
            format.getItems().addAll(model.formats());
            format.setValue(selected);
        });
        format.getItems().setAll(ANY);
        format.valueProperty().addListener((obs, old, now) -> model.formatProperty().set(ANY.equals(now) ? null : now));

        ComboBox<String> outcome = new ComboBox<>(FXCollections.observableArrayList(ANY, "success", "failure", "aborted", "unknown"));
        outcome.setPromptText("Outcome");
        outcome.setMaxWidth(Double.MAX_VALUE);
        outcome.valueProperty().addListener((obs, old, now) -> model.outcomeProperty().set(ANY.equals(now) ? null : now));
        HBox filters = new HBox(6, format, outcome);
        HBox.setHgrow(format, Priority.ALWAYS);
        HBox.setHgrow(outcome, Priority.ALWAYS);

        integrity.setId("library-integrity");
        integrity.setPromptText("Integrity");
        integrity.setMaxWidth(Double.MAX_VALUE);
        integrity.getItems().add(null);
        integrity.getItems().addAll(IntegrityStatus.values());
        integrity.setConverter(new javafx.util.StringConverter<>() {
            @Override
            public String toString(IntegrityStatus status) {
                return status == null ? ANY : status.label();
            }

            @Override
            public IntegrityStatus fromString(String text) {
                return java.util.Arrays.stream(IntegrityStatus.values()).filter(s -> s.label().equals(text)).findFirst().orElse(null);
            }
        });
        integrity.valueProperty().bindBidirectional(model.integrityProperty());

        DatePicker from = new DatePicker();
        from.setPromptText("From");
        from.valueProperty().bindBidirectional(model.fromProperty());
        DatePicker to = new DatePicker();
        to.setPromptText("To");
        to.valueProperty().bindBidirectional(model.toProperty());
        from.setMaxWidth(Double.MAX_VALUE);
        to.setMaxWidth(Double.MAX_VALUE);
        HBox dates = new HBox(6, from, to);
        HBox.setHgrow(from, Priority.ALWAYS);
        HBox.setHgrow(to, Priority.ALWAYS);

        model.traces().addListener((javafx.collections.ListChangeListener<TraceSummary>) c -> follow(() -> {
            list.getItems().setAll(model.traces());
            highlightOpenTrace();
        }));
        list.getItems().setAll(model.traces());
        selection.traceProperty().addListener((obs, old, now) -> follow(this::highlightOpenTrace));
        list.setId("library-list");
        this.eventHits = model.eventHits();
        list.setCellFactory(v -> new TraceCell(null, eventHits));
        Label empty = new Label();
        empty.textProperty().bind(model.emptyListTextProperty());
        empty.getStyleClass().add("muted");
        empty.setWrapText(true);
        list.setPlaceholder(empty);
        list.getSelectionModel().selectedItemProperty().addListener((obs, old, now) -> {
            if (!following && now != null && !selection.isOpen(now.traceId())) {
                open.accept(now);
            }
        });
        VBox.setVgrow(list, Priority.ALWAYS);

        Label error = new Label();
        error.getStyleClass().add("danger-text");
        error.textProperty().bind(model.errorProperty());
        error.managedProperty().bind(model.errorProperty().isNotNull());
        error.visibleProperty().bind(model.errorProperty().isNotNull());
        error.setWrapText(true);

        // traces imported since the search index was last brought up to date are read to be searched: slower, said so
        Label scanned = new Label();
        scanned.setId("library-scanned");
        scanned.getStyleClass().add("muted");
        scanned.setWrapText(true);
        scanned.textProperty().bind(model.scannedTracesProperty().asString("Searched the events of %d traces not indexed yet"));
        scanned.managedProperty().bind(model.scannedTracesProperty().greaterThan(0));
        scanned.visibleProperty().bind(model.scannedTracesProperty().greaterThan(0));

        getChildren().addAll(titleRow, searchRow, filters, integrity, dates, scanned, list, error);
    }

    private void follow(Runnable change) {
        following = true;
        try {
            change.run();
        } finally {
            following = false;
        }
    }

    /** Highlights the open trace again (after an open that failed left the reviewer's click highlighted). */
    void followSelection() {
        follow(this::highlightOpenTrace);
    }

    private void highlightOpenTrace() {
        String open = selection.traceId();
        for (int i = 0; i < list.getItems().size(); i++) {
            if (list.getItems().get(i).traceId().equals(open)) {
                if (list.getSelectionModel().getSelectedIndex() != i) {
                    list.getSelectionModel().clearAndSelect(i);
                }
                return;
            }
        }
        list.getSelectionModel().clearSelection();
    }

    /** Rows of the traces in {@code live} get a "live" badge (forkline serve captured them), kept up to date. */
    void markLive(javafx.collections.ObservableSet<String> live) {
        list.setCellFactory(v -> new TraceCell(live, eventHits));
        live.addListener((javafx.collections.SetChangeListener<String>) change -> list.refresh());
    }

    private static final class TraceCell extends ListCell<TraceSummary> {
        private final javafx.collections.ObservableSet<String> live;
        /** By trace id, how many of its events hold the search text (see {@link LibraryViewModel#eventHits()}). */
        private final javafx.collections.ObservableMap<String, String> eventHits;

        TraceCell(javafx.collections.ObservableSet<String> live, javafx.collections.ObservableMap<String, String> eventHits) {
            this.live = live;
            this.eventHits = eventHits;
        }

        @Override
        protected void updateItem(TraceSummary trace, boolean empty) {
            super.updateItem(trace, empty);
            if (empty || trace == null) {
                setGraphic(null);
                setText(null);
                return;
            }
            Label title = new Label(trace.title());
            title.getStyleClass().add("trace-title");
            Label meta = new Label(DATE.format(trace.created()) + " · " + trace.sourceFormat() + " · "
                    + String.format(java.util.Locale.ROOT, trace.runCount() == 1 ? "%,d run" : "%,d runs", trace.runCount())
                    + String.format(java.util.Locale.ROOT, " · %,d events", trace.eventCount())
                    + (eventHits.containsKey(trace.traceId()) ? " · " + eventHits.get(trace.traceId()) : ""));
            meta.getStyleClass().add("muted");
            title.setMinWidth(0);
            title.setMaxWidth(Double.MAX_VALUE);
            Label badge = Pills.pill(trace.integrity().status().label(), Pills.integrityTone(trace.integrity().status()));
            badge.getStyleClass().add("integrity-badge");
            badge.setTooltip(new javafx.scene.control.Tooltip(trace.integrity().describe()));
            var task = dev.forkline.views.data.TaskOutcome.of(trace.outcome());
            // the title on a line of its own: beside the badges a narrow library cut it to nothing ("Mul…", or blank)
            // the badges wrap onto a second line where the library is narrower than them all, instead of being cut
            javafx.scene.layout.FlowPane badges = new javafx.scene.layout.FlowPane(6, 3, badge, Pills.pill(task.text(), task.tone()));
            if (trace.unreadParts() > 0) {
                Label incomplete = Pills.pill("incomplete", "warning");
                incomplete.getStyleClass().add("incomplete-badge");
                incomplete.setTooltip(new javafx.scene.control.Tooltip((trace.unreadParts() == 1 ? "A part" : trace.unreadParts() + " parts")
                        + " of the file this trace was imported from could not be read: open it to see which"));
                badges.getChildren().add(1, incomplete); // beside the integrity badge
            }
            if (LiveSessionsUi.isLive(live, trace.traceId())) {
                badges.getChildren().add(0, LiveSessionsUi.badge());
            }
            badges.setAlignment(Pos.CENTER_LEFT);
            badges.setMinWidth(0);
            // the cell asks its graphic's height without a width: the wrap length is the width it will have; a badge
            // wider than that alone (a library at its narrowest) ends in an ellipsis
            badges.prefWrapLengthProperty().bind(getListView().widthProperty().subtract(28));
            for (javafx.scene.Node pill : badges.getChildren()) {
                ((Label) pill).setMinWidth(0);
                ((Label) pill).maxWidthProperty().bind(badges.prefWrapLengthProperty());
            }
            VBox box = new VBox(3, title, badges, meta);
            // the title and the line below are cut in a narrow library: the whole of both on hover
            setTooltip(new javafx.scene.control.Tooltip(trace.title() + "\n" + meta.getText() + "\n" + trace.traceId()));
            box.setPadding(new Insets(4, 2, 4, 2));
            box.setMinWidth(0);
            box.prefWidthProperty().bind(getListView().widthProperty().subtract(28));
            meta.setMinWidth(0);
            setText(null);
            setGraphic(box);
        }
    }
}
