package dev.forkline.views.state;

import dev.forkline.views.data.RunLineage;

/** The state of a run right after one of its events. Called off the UI thread for big traces. */
@FunctionalInterface
public interface StateProvider {

    /** @param eventIndex index into {@code lineage.events(run)} */
    StateSnapshot at(RunLineage lineage, String run, int eventIndex);
}
