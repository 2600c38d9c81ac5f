package dev.forkline.views.state;

import dev.forkline.views.data.RunLineage;

import java.util.concurrent.CompletableFuture;

/** The state of a run right after one of its events. Called off the UI thread for big traces. */
public interface StateProvider {

    /** @param eventIndex index into {@code lineage.events(run)} */
    StateSnapshot at(RunLineage lineage, String run, int eventIndex);

    /**
     * Starts, in the background, whatever work the first {@link #at} for the run would otherwise wait for (called
     * right after a run is shown). Completes when that work is done; nothing to do by default.
     */
    default CompletableFuture<Void> prepare(RunLineage lineage, String run) {
        return CompletableFuture.completedFuture(null);
    }

    /** Whether the first {@link #at} for the run would find that work done (true when there is none). Cheap: asked on the UI thread. */
    default boolean isPrepared(RunLineage lineage, String run) {
        return true;
    }

    /** Whether that work is done or being done, so that an {@link #at} would wait for it at most. Cheap, as above. */
    default boolean isPreparing(RunLineage lineage, String run) {
        return isPrepared(lineage, run);
    }
}
