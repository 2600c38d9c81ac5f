package dev.forkline.views.shell;

import dev.forkline.trace.gate.ClauseResult;
import dev.forkline.trace.gate.Evidence;
import dev.forkline.views.viewmodel.RecoveryViewModel;
import dev.forkline.views.viewmodel.RecoveryViewModel.IncidentRow;
import javafx.collections.ListChangeListener;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.geometry.Pos;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.SplitPane;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.io.File;
import java.nio.file.Path;


/**
 * Recovery metrics of the open trace (incidents table and two small bar charts) and the launch gate against the chosen
 * contract: each clause passed or failed, the events behind a failure one click from the timeline.
 */
final class RecoveryPane extends SplitPane {

    final Label summary = new Label();
    final javafx.scene.control.ListView<IncidentRow> incidents = new javafx.scene.control.ListView<>();
    final BarChart<String, Number> recoveryChart = new BarChart<>(new CategoryAxis(), new NumberAxis());
    final BarChart<String, Number> costChart = new BarChart<>(new CategoryAxis(), new NumberAxis());
    final Label contract = new Label();
    final Label noCharts = new Label("No recovery time or cost was measured in this trace: no chart to draw.");
    final Button chooseContract = new Button("Contract…", Icons.of(Material2AL.DESCRIPTION));
    final Label gateSummary = new Label();
    final TreeView<Object> clauses = new TreeView<>();
    private final RecoveryViewModel model;

    RecoveryPane(RecoveryViewModel model) {
        this.model = model;
        getStyleClass().add("recovery-pane");
        setId("recovery-pane");

        summary.setId("metrics-summary");
        summary.textProperty().bind(model.summaryProperty());
        summary.setWrapText(true);
        Label metricsTitle = new Label("Recovery metrics", Icons.of(Material2MZ.TIMER));
        metricsTitle.setMinWidth(Region.USE_PREF_SIZE);
        metricsTitle.getStyleClass().add("pane-title");
        incidents.setId("incidents");
        incidents.setItems(model.incidents());
        Label noIncidents = new Label();
        // until the metrics of an open trace are computed, the summary above says why there are none
        noIncidents.textProperty().bind(javafx.beans.binding.Bindings.createStringBinding(
                () -> model.computingProperty().get() ? "Computing…"
                        : model.metricsProperty().get() == null ? "" : "No failures: nothing to recover from",
                model.computingProperty(), model.metricsProperty()));
        incidents.setPlaceholder(noIncidents);
        incidents.setCellFactory(v -> new IncidentCell());
        incidents.getSelectionModel().selectedItemProperty().addListener((obs, old, row) -> {
            if (row != null) {
                model.jumpTo(row);
            }
        });
        incidents.setPrefHeight(96);
        incidents.setMinHeight(72);
        chart(recoveryChart, "Recovery time (s)");
        chart(costChart, "Cost (USD): lost vs original");
        noCharts.setId("no-charts");
        noCharts.getStyleClass().add("muted");
        noCharts.setWrapText(true);
        HBox charts = new HBox(8, noCharts, recoveryChart, costChart);
        HBox.setHgrow(recoveryChart, Priority.ALWAYS);
        HBox.setHgrow(costChart, Priority.ALWAYS);
        VBox metrics = new VBox(6, metricsTitle, summary, incidents, charts);
        VBox.setVgrow(charts, Priority.ALWAYS);
        metrics.setPadding(new Insets(8, 10, 8, 10));
        model.incidents().addListener((ListChangeListener<IncidentRow>) c -> updateCharts());
        model.computingProperty().addListener((obs, was, now) -> updateCharts());
        model.metricsProperty().addListener((obs, was, now) -> updateCharts());
        updateCharts();

        Label gateTitle = new Label("Launch gate", Icons.of(Material2MZ.VERIFIED_USER));
        gateTitle.getStyleClass().add("pane-title");
        gateTitle.setMinWidth(Region.USE_PREF_SIZE);
        chooseContract.setMinWidth(Region.USE_PREF_SIZE);
        contract.setMinWidth(0);
        contract.setId("contract-file");
        contract.textProperty().bind(model.contractFileProperty().map(p -> p.getFileName().toString()).orElse("no contract"));
        contract.getStyleClass().add("muted");
        chooseContract.setId("choose-contract");
        chooseContract.setOnAction(e -> choose());
        Region spacer = new Region();
        HBox.setHgrow(spacer, Priority.ALWAYS);
        HBox gateHead = new HBox(8, gateTitle, spacer, contract, chooseContract);
        gateHead.setAlignment(Pos.CENTER_LEFT);
        gateSummary.setId("gate-summary");
        gateSummary.textProperty().bind(model.gateSummaryProperty());
        gateSummary.setWrapText(true);
        clauses.setId("gate-clauses");
        clauses.setShowRoot(false);
        clauses.setRoot(new TreeItem<>());
        clauses.setCellFactory(v -> new ClauseCell());
        clauses.getSelectionModel().selectedItemProperty().addListener((obs, old, item) -> {
            if (item != null && item.getValue() instanceof Evidence evidence) {
                model.jumpTo(evidence);
            }
        });
        model.clauses().addListener((ListChangeListener<ClauseResult>) c -> rebuildClauses());
        VBox gate = new VBox(6, gateHead, gateSummary, clauses);
        VBox.setVgrow(clauses, Priority.ALWAYS);
        gate.setPadding(new Insets(8, 10, 8, 10));

        setOrientation(Orientation.HORIZONTAL);
        getItems().addAll(metrics, gate);
        setDividerPositions(0.5);
    }

    private void choose() {
        FileChooser chooser = new FileChooser();
        chooser.setTitle("Choose a recovery contract");
        chooser.getExtensionFilters().addAll(new FileChooser.ExtensionFilter("Contracts", "*.yaml", "*.yml", "*.json"),
                new FileChooser.ExtensionFilter("All files", "*"));
        Path current = model.contractFileProperty().get();
        if (current != null && current.getParent() != null) {
            chooser.setInitialDirectory(current.getParent().toFile());
        }
        File file = chooser.showOpenDialog(getScene() == null ? null : getScene().getWindow());
        if (file != null) {
            model.chooseContract(file.toPath());
        }
    }

    private void rebuildClauses() {
        TreeItem<Object> root = new TreeItem<>();
        for (ClauseResult clause : model.clauses()) {
            TreeItem<Object> item = new TreeItem<>(clause);
            clause.evidence().forEach(evidence -> item.getChildren().add(new TreeItem<>(evidence)));
            item.setExpanded(!clause.passed());
            root.getChildren().add(item);
        }
        clauses.setRoot(root);
    }

    private void updateCharts() {
        XYChart.Series<String, Number> recovery = new XYChart.Series<>();
        recovery.setName("recovery time");
        XYChart.Series<String, Number> lost = new XYChart.Series<>();
        lost.setName("lost");
        XYChart.Series<String, Number> original = new XYChart.Series<>();
        original.setName("original run");
        for (IncidentRow row : model.incidents()) {
            recovery.getData().add(new XYChart.Data<>(row.run(), row.recoverySeconds() == null ? 0 : row.recoverySeconds()));
            lost.getData().add(new XYChart.Data<>(row.run(), row.lostUsd().doubleValue()));
            original.getData().add(new XYChart.Data<>(row.run(), row.originalUsd().doubleValue()));
        }
        recoveryChart.getData().setAll(java.util.List.of(recovery));
        costChart.getData().setAll(java.util.List.of(lost, original));
        // an empty chart reads "0.0" as if something had been measured: show a chart only for what was measured
        boolean timed = model.incidents().stream().anyMatch(row -> row.recoverySeconds() != null);
        boolean costed = model.incidents().stream().anyMatch(row -> row.lostUsd().signum() != 0 || row.originalUsd().signum() != 0);
        show(recoveryChart, timed);
        show(costChart, costed);
        // nothing measured is known only once the metrics are computed
        boolean nothingMeasured = !timed && !costed && !model.computingProperty().get() && model.metricsProperty().get() != null;
        noCharts.setVisible(nothingMeasured);
        noCharts.setManaged(nothingMeasured);
    }

    private static void show(BarChart<String, Number> chart, boolean shown) {
        chart.setVisible(shown);
        chart.setManaged(shown);
    }

    private static void chart(BarChart<String, Number> chart, String title) {
        chart.setTitle(title);
        chart.setAnimated(false);
        chart.setLegendVisible(true);
        chart.setPrefHeight(170);
        chart.setMinHeight(120);
        chart.setBarGap(2);
        chart.setCategoryGap(16);
        chart.getStyleClass().add("metrics-chart");
    }

    private static String plain(java.math.BigDecimal value) {
        return value == null ? "-" : value.stripTrailingZeros().toPlainString();
    }

    /** One incident in three lines: the failure, detection and recovery, cost and blast radius. */
    private static final class IncidentCell extends javafx.scene.control.ListCell<IncidentRow> {
        @Override
        protected void updateItem(IncidentRow row, boolean empty) {
            super.updateItem(row, empty);
            setText(null);
            if (empty || row == null) {
                setGraphic(null);
                return;
            }
            Label failure = new Label(row.run() + " · " + row.failure());
            failure.getStyleClass().add("run-name");
            Label times = new Label("detected in " + row.detect() + " · recovery " + row.recovery());
            Label cost = new Label("cost lost $" + plain(row.lostUsd()) + " of $" + plain(row.originalUsd()) + " (" + row.lostTokens() + ")"
                    + " · blast radius " + row.blastRadius());
            cost.getStyleClass().add("muted");
            for (Label line : new Label[]{failure, times, cost}) {
                line.setWrapText(true);
            }
            VBox box = new VBox(1, failure, times, cost);
            box.setMinWidth(0);
            box.maxWidthProperty().bind(getListView().widthProperty().subtract(28));
            box.prefWidthProperty().bind(getListView().widthProperty().subtract(28));
            setGraphic(box);
        }
    }

    private static final class ClauseCell extends TreeCell<Object> {
        @Override
        protected void updateItem(Object value, boolean empty) {
            super.updateItem(value, empty);
            setText(null);
            setGraphic(null);
            if (empty || value == null) {
                return;
            }
            if (value instanceof ClauseResult clause) {
                Label name = new Label(clause.clause());
                name.getStyleClass().add("run-name");
                name.setMinWidth(Region.USE_PREF_SIZE);
                Label message = new Label(clause.message());
                message.setMinWidth(0);
                FullText.whenCut(message, (clause.passed() ? "pass · " : "fail · ") + clause.clause() + "\n" + clause.message());
                HBox row = new HBox(6, Pills.pill(clause.passed() ? "pass" : "fail", clause.passed() ? "success" : "danger"), name, message);
                row.setAlignment(Pos.CENTER_LEFT);
                setGraphic(row);
            } else if (value instanceof Evidence evidence) {
                Label text = new Label((evidence.eventId() == null ? "" : evidence.run() + "/" + evidence.eventId() + "  ") + evidence.note());
                text.getStyleClass().add(evidence.eventId() == null ? "muted" : "evidence-link");
                FullText.whenCut(text);
                setGraphic(text);
            }
        }
    }

}
