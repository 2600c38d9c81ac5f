package dev.forkline.benchmarks.jmh;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.state.StateReconstructor;

/**
 * The opened trace the step benchmarks work on. The driver builds it once (opening a 1M-event trace takes seconds)
 * and hands it to the in-process JMH run; positions are the last ones of the root run, where stepping is dearest
 * (the most events since the session start).
 */
public final class StepFixture {

    private static volatile StepFixture current;

    final StateReconstructor reconstructor;
    final String run;
    final int[] positions;
    final Event[] events;
    final String[] lines;

    StepFixture(StateReconstructor reconstructor, String run, int steps) {
        this.reconstructor = reconstructor;
        this.run = run;
        Lineage lineage = reconstructor.index().lineage(run);
        int count = Math.min(steps, lineage.size());
        this.positions = new int[count];
        this.events = new Event[count];
        this.lines = new String[count];
        for (int i = 0; i < count; i++) {
            positions[i] = lineage.size() - count + i;
            events[i] = lineage.get(positions[i]);
            lines[i] = EventCodec.toLine(events[i]);
        }
    }

    public static void install(StateReconstructor reconstructor, String run, int steps) {
        current = new StepFixture(reconstructor, run, steps);
    }

    public static void clear() {
        current = null;
    }

    static StepFixture current() {
        StepFixture fixture = current;
        if (fixture == null) {
            throw new IllegalStateException("StepFixture.install was not called: run the step benchmark through benchmarks/run");
        }
        return fixture;
    }
}
