package dev.forkline.trace.state;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.index.TraceIndex;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The state of a run right after any event of its lineage, with the five kinds kept apart. The first question about a
 * run (or {@link #prepare}) makes one pass over its lineage (O(n), on the trace's columns; it parses only the events
 * whose payload it needs); after that each answer costs a few binary searches, a scan of the run's tool calls /
 * processes / external calls, and the replay of only the mutations since the nearest checkpoint. Thread-safe.
 */
public final class StateReconstructor {

    private final TraceIndex index;
    private final BlobSource blobs;
    private final Map<String, RunModelSlot> models = new ConcurrentHashMap<>();

    public StateReconstructor(TraceIndex index, BlobSource blobs) {
        this.index = index;
        this.blobs = blobs;
    }

    public StateReconstructor(Bundle bundle) {
        this(TraceIndex.of(bundle.events()), bundle.blobs());
    }

    public TraceIndex index() {
        return index;
    }

    /** The state of {@code run} right after {@code eventId}, which must be in the run's lineage. */
    public StateAt at(String run, String eventId) {
        Lineage lineage = index.lineage(run);
        int position = lineage.positionOf(eventId);
        if (position < 0) {
            throw new IllegalArgumentException("event '" + eventId + "' is not in the lineage of run '" + run + "'");
        }
        return at(run, position);
    }

    /** The state of an event's own run right after it. */
    public StateAt at(String eventId) {
        Event event = index.event(eventId).orElseThrow(() -> new IllegalArgumentException("no event '" + eventId + "'"));
        return at(event.run(), eventId);
    }

    /** The state of {@code run} right after the event at {@code position} of its lineage (0-based). */
    public StateAt at(String run, int position) {
        RunModel model = model(run);
        Lineage lineage = model.lineage();
        if (position < 0 || position >= lineage.size()) {
            throw new IllegalArgumentException("position " + position + " is outside run '" + run + "' (lineage of " + lineage.size() + " events)");
        }
        return new StateAt(run, index.columns().id(lineage.indexAt(position)), position, model.session(position), model.harness(position),
                model.workspace(position), model.process(position), model.external(position));
    }

    /** The state of {@code run} right after the event at file-order index {@code eventIndex} (as in {@link TraceIndex#get}). */
    public StateAt atFileIndex(String run, int eventIndex) {
        int position = index.lineage(run).positionOfIndex(eventIndex);
        if (position < 0) {
            throw new IllegalArgumentException("event #" + eventIndex + " is not in the lineage of run '" + run + "'");
        }
        return at(run, position);
    }

    /** The state after the run's last event. */
    public StateAt atEnd(String run) {
        return at(run, index.lineage(run).size() - 1);
    }

    /**
     * Makes the run's one pass over its lineage now unless it was made already: called on a background thread right
     * after a trace opens, the first question about the run then finds it done. Blocks until the pass is made.
     */
    public void prepare(String run) {
        model(run);
    }

    /** Whether the run's pass is made (never waits for one being made). */
    public boolean isPrepared(String run) {
        RunModelSlot slot = models.get(run);
        return slot != null && slot.model != null;
    }

    /** Whether the run's pass is made or being made (never waits for it). */
    public boolean isPreparing(String run) {
        return models.containsKey(run);
    }

    private RunModel model(String run) {
        return models.computeIfAbsent(run, RunModelSlot::new).model();
    }

    /** Where a run's model is made once; a second caller waits for the first instead of making its own pass. */
    private final class RunModelSlot {
        private final String run;
        private volatile RunModel model;

        RunModelSlot(String run) {
            this.run = run;
        }

        synchronized RunModel model() {
            if (model == null) {
                model = new RunModel(index, index.lineage(run), blobs);
            }
            return model;
        }
    }
}
