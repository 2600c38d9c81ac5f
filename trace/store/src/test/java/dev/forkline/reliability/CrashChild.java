package dev.forkline.reliability;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.store.TraceStore;
import java.nio.file.Path;
import java.util.List;

/**
 * Run in a child JVM by {@link CrashConsistencyTest}, which kills it with SIGKILL at a random moment. Works in a loop
 * and prints {@code ACK <id>} only after the store or recorder has returned, i.e. after the write is durable.
 * <ul>
 *   <li>{@code import <db> <prefix> <events>}: imports trace after trace of that many events;</li>
 *   <li>{@code decide <bundleDir> <ownersDir> <subject>...}: records decision after decision on the subjects.</li>
 * </ul>
 */
public final class CrashChild {

    private CrashChild() {
    }

    public static void main(String[] args) throws Exception {
        switch (args[0]) {
            case "import" -> importForever(Path.of(args[1]), args[2], Integer.parseInt(args[3]));
            case "decide" -> decideForever(Path.of(args[1]), Path.of(args[2]), List.of(args).subList(3, args.length));
            default -> throw new IllegalArgumentException(args[0]);
        }
    }

    private static void importForever(Path db, String prefix, int events) throws Exception {
        try (TraceStore store = TraceStore.open(db)) {
            System.out.println("READY");
            System.out.flush();
            for (int i = 0; ; i++) {
                Bundle bundle = GeneratedTrace.of(prefix + "-" + i, events);
                System.out.println("BEGIN " + bundle.manifest().traceId());
                System.out.flush();
                store.importTrace(bundle, List.of(), null);
                System.out.println("ACK " + bundle.manifest().traceId());
                System.out.flush();
            }
        }
    }

    private static void decideForever(Path bundle, Path owners, List<String> subjects) throws Exception {
        DecisionRecorder recorder = new DecisionRecorder(new OwnerKeys(owners));
        System.out.println("READY");
        System.out.flush();
        for (int i = 0; ; i++) {
            String subject = subjects.get(i % subjects.size());
            Event decided = recorder.record(bundle, Decision.of(subject, i % 2 == 0 ? Verdict.APPROVE : Verdict.DENY, "alice",
                    "crash test decision " + i));
            System.out.println("ACK " + decided.id());
            System.out.flush();
        }
    }
}
