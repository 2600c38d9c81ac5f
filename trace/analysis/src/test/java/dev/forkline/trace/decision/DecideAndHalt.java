package dev.forkline.trace.decision;

import dev.forkline.trace.Event;
import dev.forkline.trace.decide.DecisionRecorder;
import java.nio.file.Path;

/**
 * Run in a child JVM by {@link DecisionRecorderTest}: records one decision, prints its id, then halts at once, without
 * shutdown hooks, finalisation or stream flushing, like a killed process.
 * Arguments: bundle directory, owners directory, subject, verdict, owner, rationale.
 */
public final class DecideAndHalt {

    private DecideAndHalt() {
    }

    public static void main(String[] args) throws Exception {
        DecisionRecorder recorder = new DecisionRecorder(new OwnerKeys(Path.of(args[1])));
        Event decided = recorder.record(Path.of(args[0]), Decision.of(args[2], Verdict.fromWire(args[3]), args[4], args[5]));
        System.out.println("DECIDED " + decided.id());
        System.out.flush();
        Runtime.getRuntime().halt(0);
    }
}
