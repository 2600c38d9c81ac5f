package dev.forkline.views.data;

import dev.forkline.trace.Event;

import java.util.List;

/** The runs of an opened trace: which run forked from which, and each run's events in order. */
public interface RunLineage {

    /** Root runs (usually one), each with its descendants. */
    List<RunNode> roots();

    RunNode node(String run);

    List<Event> events(String run);

    /** Root run first, ending with {@code run}. */
    List<String> path(String run);

    /**
     * The events that make up the state of {@code run}: the ancestors' events up to each fork point, then the run's
     * own events (what a state reconstruction folds over).
     */
    List<Event> eventsWithAncestry(String run);
}
