package dev.forkline.trace.gate;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.testing.DirectoryTrees;
import dev.forkline.trace.testing.RepositoryFiles;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The recorded sample bundles, copied to a temporary directory where an owner can decide their escapes. */
public final class SampleLibrary {

    public static final Path SAMPLES = RepositoryFiles.resolve("sample-traces");
    public static final Path CONTRACT = SAMPLES.resolve("recovery-contract.yaml");
    public static final List<String> RECORDED = List.of("wrong-tool-call", "poisoned-artifact", "permission-escalation",
            "multi-agent-conflict", "sandbox-lost-mid-effect");

    private SampleLibrary() {
    }

    /** Copies the recorded samples into {@code target} and returns their directories. */
    public static List<Path> copy(Path target) throws IOException {
        List<Path> copies = new ArrayList<>();
        for (String name : RECORDED) {
            Path from = SAMPLES.resolve(name);
            copies.add(DirectoryTrees.copy(from, target.resolve(name)));
        }
        return copies;
    }

    /** Records a decision by {@code owner} for every item of each bundle's escape queue. */
    public static void decideEverything(List<Path> bundles, OwnerKeys keys, String owner) throws Exception {
        DecisionRecorder recorder = new DecisionRecorder(keys);
        for (Path directory : bundles) {
            List<QueueItem> items;
            try (Bundle bundle = BundleReader.read(directory)) {
                items = EscapeQueue.of(List.of(bundle));
            }
            for (QueueItem item : items) {
                Verdict verdict = item.kind() == QueueItem.Kind.UNKNOWN_OUTCOME ? Verdict.APPROVE : Verdict.DENY;
                recorder.record(directory, Decision.of(item.eventId(), verdict, owner,
                        "reviewed for the launch gate: " + item.kind().wireName()));
            }
        }
    }

    public static List<Bundle> read(List<Path> directories) throws Exception {
        List<Bundle> bundles = new ArrayList<>();
        for (Path directory : directories) {
            bundles.add(BundleReader.read(directory));
        }
        return bundles;
    }
}
