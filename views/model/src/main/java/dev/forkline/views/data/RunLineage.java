package dev.forkline.views.data;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.Lineage;

import java.util.List;

/** The runs of an opened trace: which run forked from which, and each run's events in order. */
public interface RunLineage {

    /** Root runs (usually one), each with its descendants. */
    List<RunNode> roots();

    RunNode node(String run);

    /** A run's own events in seq order, each read when asked for (none for an unknown run). */
    RunEvents events(String run);

    /** Root run first, ending with {@code run}. */
    List<String> path(String run);

    /**
     * The events that make up the state of {@code run}: the ancestors' events up to each fork point, then the run's
     * own events (what a state reconstruction folds over). Index {@link #columns()} with {@link Lineage#indexAt}.
     */
    Lineage eventsWithAncestry(String run);

    /** What the whole trace's events are, without reading them. */
    EventColumns columns();

    /** Whether {@link #checkTests} has run: until then the nodes' tests are {@link TaskOutcome.Tests#CHECKING}. */
    boolean testsChecked();

    /**
     * Finds what each run did to test files, after which {@link #roots()} and {@link #node} say it. It reads every
     * state mutation of the trace, a long pass over a large trace: call it off the UI thread, once the trace is shown.
     */
    void checkTests();

    /**
     * Until {@link #checkTests} has run, each run's node says what {@code earlier} says of that run: an earlier load of
     * the same trace, which this one extends (a live trace reloaded as it grows, the trace after a decision was added),
     * so that its badges do not fall back to "checking" at every reload. Runs {@code earlier} does not know stay
     * {@link TaskOutcome.Tests#CHECKING}.
     */
    void assumeTestsOf(RunLineage earlier);
}
