package dev.forkline.views.viewmodel;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.views.data.RunLineage;
import dev.forkline.views.data.RunNode;
import dev.forkline.views.timeline.TimelineModel;
import dev.forkline.views.timeline.TimelineModelBuilder;

import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A trace open in the workbench: its bundle, its runs, the integrity verdict it was opened with, what its importer could
 * not read of its file, and the timeline models of the runs shown so far.
 */
public final class OpenedTrace {

    private final Bundle bundle;
    private final RunLineage lineage;
    private final TraceIntegrity integrity;
    private final List<Finding> unreadParts;
    private final Map<String, TimelineModel> timelines = new ConcurrentHashMap<>();

    public OpenedTrace(Bundle bundle, RunLineage lineage) {
        this(bundle, lineage, TraceIntegrity.unverified());
    }

    public OpenedTrace(Bundle bundle, RunLineage lineage, TraceIntegrity integrity) {
        this(bundle, lineage, integrity, List.of());
    }

    public OpenedTrace(Bundle bundle, RunLineage lineage, TraceIntegrity integrity, List<Finding> unreadParts) {
        this.bundle = bundle;
        this.lineage = lineage;
        this.integrity = integrity;
        this.unreadParts = List.copyOf(unreadParts);
    }

    /**
     * A trace ready to show: with the timeline of the run shown first (its first root run) already built. Call off the
     * UI thread: for a long run that layout is most of the work of opening.
     */
    static OpenedTrace prepare(Bundle bundle, RunLineage lineage, TraceIntegrity integrity, List<Finding> unreadParts) {
        OpenedTrace trace = new OpenedTrace(bundle, lineage, integrity, unreadParts);
        if (!lineage.roots().isEmpty()) {
            trace.timeline(trace.firstRun());
        }
        return trace;
    }

    public Bundle bundle() {
        return bundle;
    }

    public RunLineage lineage() {
        return lineage;
    }

    /** The trace's integrity when it was opened (the library's stored verdict and problems). */
    public TraceIntegrity integrity() {
        return integrity;
    }

    /** What the importer could not read of the file the trace came from (see {@code TraceLibrary.unreadParts}). */
    public List<Finding> unreadParts() {
        return unreadParts;
    }

    /** The run shown when the trace opens, or null when it has none. */
    String firstRun() {
        return lineage.roots().stream().findFirst().map(RunNode::run).orElse(null);
    }

    /** The run's timeline model, built from the trace's columns the first time it is asked for. */
    public TimelineModel timeline(String run) {
        TimelineModel model = timelines.get(run);
        if (model == null) {
            model = TimelineModelBuilder.build(lineage.events(run));
            TimelineModel raced = timelines.putIfAbsent(run, model);
            model = raced != null ? raced : model;
        }
        return model;
    }
}
