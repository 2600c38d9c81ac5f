package dev.forkline.views.viewmodel;

import dev.forkline.views.data.RunLineage;
import dev.forkline.views.data.RunNode;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.List;

/** The runs of the opened trace as a tree, the selected run, and the breadcrumb from the root run to it. */
public final class ForkTreeViewModel {

    private final ReadOnlyObjectWrapper<List<RunNode>> roots = new ReadOnlyObjectWrapper<>(List.of());
    private final StringProperty selectedRun = new SimpleStringProperty();
    private final ObservableList<RunNode> breadcrumb = FXCollections.observableArrayList();
    private final java.util.List<RunNode> pending = new java.util.ArrayList<>();
    private RunLineage lineage;

    public ForkTreeViewModel() {
        selectedRun.addListener((obs, old, now) -> {
            breadcrumb.clear();
            if (lineage != null && now != null) {
                lineage.path(now).forEach(run -> breadcrumb.add(lineage.node(run)));
            }
        });
    }

    public void setLineage(RunLineage newLineage) {
        this.lineage = newLineage;
        pending.clear();
        selectedRun.set(null);
        roots.set(newLineage == null ? List.of() : newLineage.roots());
    }

    /**
     * Shows a run that is being written (a replay that just started) under its parent, until the trace is reloaded
     * with it.
     */
    public void addPendingRun(RunNode node) {
        pending.add(node);
        roots.set(withPending(lineage == null ? List.of() : lineage.roots()));
    }

    public void clearPendingRuns() {
        if (!pending.isEmpty()) {
            pending.clear();
            roots.set(lineage == null ? List.of() : lineage.roots());
        }
    }

    private List<RunNode> withPending(List<RunNode> nodes) {
        List<RunNode> out = new java.util.ArrayList<>();
        for (RunNode node : nodes) {
            List<RunNode> children = new java.util.ArrayList<>(withPending(node.children()));
            pending.stream().filter(p -> node.run().equals(p.parentRun())).forEach(children::add);
            out.add(new RunNode(node.run(), node.parentRun(), node.origin(), node.divergence(), node.outcome(), node.checkpoint(),
                    node.edits(), node.eventCount(), children, node.testsDeleted()));
        }
        return out;
    }

    public ReadOnlyObjectProperty<List<RunNode>> rootsProperty() {
        return roots.getReadOnlyProperty();
    }

    public StringProperty selectedRunProperty() {
        return selectedRun;
    }

    public ObservableList<RunNode> breadcrumb() {
        return breadcrumb;
    }
}
