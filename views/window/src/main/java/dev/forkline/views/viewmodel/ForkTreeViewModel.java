package dev.forkline.views.viewmodel;

import dev.forkline.views.data.RunLineage;
import dev.forkline.views.data.RunNode;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The runs of the opened trace as a tree, the selected run, and the breadcrumb from the root run to it. Replays pile up
 * as the reviewer works: runs can be hidden from the tree (with what forked from them) and shown again, and the replays
 * of a run grouped under one node. Hiding only hides: a run is part of the trace's hash-chained log, which the store
 * does not delete from, so it stays in the trace, the library's counts and the report. Hidden runs are remembered per
 * trace for as long as the window is open.
 */
public final class ForkTreeViewModel {

    private final ReadOnlyObjectWrapper<List<RunNode>> roots = new ReadOnlyObjectWrapper<>(List.of());
    private final StringProperty selectedRun = new SimpleStringProperty();
    private final ObservableList<RunNode> breadcrumb = FXCollections.observableArrayList();
    private final List<RunNode> pending = new ArrayList<>();
    private final BooleanProperty groupReplays = new SimpleBooleanProperty();
    private final BooleanProperty showHidden = new SimpleBooleanProperty();
    private final ReadOnlyIntegerWrapper hiddenCount = new ReadOnlyIntegerWrapper();
    private final Map<String, Set<String>> hiddenByTrace = new HashMap<>();
    private Set<String> hidden = new HashSet<>();
    private RunLineage lineage;

    public ForkTreeViewModel() {
        selectedRun.addListener((obs, old, now) -> showBreadcrumb());
        groupReplays.addListener(obs -> showRoots());
        showHidden.addListener(obs -> showRoots());
    }

    public void setLineage(RunLineage newLineage) {
        setLineage(null, newLineage);
    }

    /** Shows the runs of trace {@code traceId}, with the runs hidden in it before still hidden (none for a null id). */
    public void setLineage(String traceId, RunLineage newLineage) {
        this.lineage = newLineage;
        this.hidden = traceId == null ? new HashSet<>() : hiddenByTrace.computeIfAbsent(traceId, id -> new HashSet<>());
        pending.clear();
        selectedRun.set(null);
        showRoots();
    }

    /**
     * Shows a run that is being written (a replay that just started) under its parent, until the trace is reloaded
     * with it.
     */
    public void addPendingRun(RunNode node) {
        pending.add(node);
        showRoots();
    }

    public void clearPendingRuns() {
        if (!pending.isEmpty()) {
            pending.clear();
            showRoots();
        }
    }

    /**
     * Hides a run that is not a root (and what forked from it) from the tree; the shown run moves to its parent when it
     * was among them. False when there is no such run.
     */
    public boolean hide(String run) {
        if (lineage == null || run == null || lineage.node(run) == null || lineage.node(run).parentRun() == null) {
            return false;
        }
        hidden.add(run);
        if (!showHidden.get() && selectedRun.get() != null && lineage.path(selectedRun.get()).contains(run)) {
            selectedRun.set(lineage.node(run).parentRun());
        }
        showRoots();
        return true;
    }

    /** Shows a hidden run in the tree again. */
    public void unhide(String run) {
        if (hidden.remove(run)) {
            showRoots();
        }
    }

    /** Whether the run was hidden (it shows, marked, while {@link #showHiddenProperty()} is on). */
    public boolean isHidden(String run) {
        return hidden.contains(run);
    }

    /** Whether a run can be hidden: a run of the open trace that is not a root. */
    public boolean canHide(String run) {
        return lineage != null && run != null && lineage.node(run) != null && lineage.node(run).parentRun() != null;
    }

    /** The lineage's nodes changed (what their runs did to test files became known): shows them again. */
    public void refreshNodes() {
        showRoots();
        showBreadcrumb();
    }

    private void showBreadcrumb() {
        String run = selectedRun.get();
        breadcrumb.setAll(lineage == null || run == null ? List.of() : lineage.path(run).stream().map(lineage::node).toList());
    }

    private void showRoots() {
        List<RunNode> all = withPending(lineage == null ? List.of() : lineage.roots());
        hiddenCount.set((int) hidden.stream().filter(run -> lineage != null && lineage.node(run) != null).count());
        roots.set(arrange(all));
    }

    /** Leaves out hidden runs (unless they are to show) and groups each run's replays when asked. */
    private List<RunNode> arrange(List<RunNode> nodes) {
        List<RunNode> out = new ArrayList<>();
        List<RunNode> replays = new ArrayList<>();
        for (RunNode node : nodes) {
            if (hidden.contains(node.run()) && !showHidden.get()) {
                continue;
            }
            RunNode arranged = new RunNode(node.run(), node.parentRun(), node.origin(), node.divergence(), node.outcome(), node.checkpoint(),
                    node.edits(), node.eventCount(), arrange(node.children()), node.tests());
            if (groupReplays.get() && "replay".equals(node.origin()) && arranged.children().isEmpty()) {
                replays.add(arranged);
            } else {
                out.add(arranged);
            }
        }
        if (replays.size() > 1) {
            out.add(RunNode.groupOfReplays(replays.getFirst().parentRun(), replays));
        } else {
            out.addAll(replays);
        }
        return out;
    }

    private List<RunNode> withPending(List<RunNode> nodes) {
        List<RunNode> out = new ArrayList<>();
        for (RunNode node : nodes) {
            List<RunNode> children = new ArrayList<>(withPending(node.children()));
            pending.stream().filter(p -> node.run().equals(p.parentRun())).forEach(children::add);
            out.add(new RunNode(node.run(), node.parentRun(), node.origin(), node.divergence(), node.outcome(), node.checkpoint(),
                    node.edits(), node.eventCount(), children, node.tests()));
        }
        return out;
    }

    /** The tree as shown: hidden runs left out (unless shown), replays grouped when asked, runs being written added. */
    public ReadOnlyObjectProperty<List<RunNode>> rootsProperty() {
        return roots.getReadOnlyProperty();
    }

    public StringProperty selectedRunProperty() {
        return selectedRun;
    }

    public ObservableList<RunNode> breadcrumb() {
        return breadcrumb;
    }

    /** Whether the replays of a run (those nothing forked from) are grouped under one node when there are several. */
    public BooleanProperty groupReplaysProperty() {
        return groupReplays;
    }

    /** Whether hidden runs show (marked) in the tree. */
    public BooleanProperty showHiddenProperty() {
        return showHidden;
    }

    /** How many runs of the open trace are hidden. */
    public ReadOnlyIntegerProperty hiddenCountProperty() {
        return hiddenCount.getReadOnlyProperty();
    }
}
