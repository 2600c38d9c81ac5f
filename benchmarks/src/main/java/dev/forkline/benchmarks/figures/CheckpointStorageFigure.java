package dev.forkline.benchmarks.figures;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.benchmarks.generate.WorkspaceFixture;
import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.harness.WorkDirs;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.store.StoreResult;
import dev.forkline.trace.store.TraceStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Figure 7, storage: a trace with a checkpoint of the big workspace is stored; then the same trace grown by edits to
 * 1% of the files and a second checkpoint. The second import must add only the changed files' blobs.
 */
public final class CheckpointStorageFigure {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    private final Sizes sizes;
    private final Path work;

    public CheckpointStorageFigure(Sizes sizes, Path work) {
        this.sizes = sizes;
        this.work = work;
    }

    public Figure measure() throws Exception {
        Map<String, byte[]> first = WorkspaceFixture.of(sizes.restoreFiles(), sizes.restoreBytes(), 11);
        Map<String, byte[]> second = WorkspaceFixture.changed(first, 100, 12);
        Set<String> firstHashes = new HashSet<>();
        first.values().forEach(content -> firstHashes.add(Hashes.sha256(content)));
        long firstBytes = 0;
        for (byte[] content : first.values()) {
            firstBytes += content.length;
        }
        long expectedNewBytes = 0;
        int expectedNewBlobs = 0;
        Set<String> seen = new HashSet<>();
        for (byte[] content : second.values()) {
            String hash = Hashes.sha256(content);
            if (!firstHashes.contains(hash) && seen.add(hash)) {
                expectedNewBytes += content.length;
                expectedNewBlobs++;
            }
        }
        for (String leftover : List.of("checkpoint-one", "checkpoint-two", "checkpoint-store")) {
            WorkDirs.deleteTree(work.resolve(leftover));
        }
        Path one = bundle("one", first, null);
        Path two = bundle("two", first, second);
        try (TraceStore store = TraceStore.open(work.resolve("checkpoint-store/forkline"))) {
            StoreResult initial = store.importTrace(BundleReader.read(one), List.of(), null);
            long fileAfterFirst = Files.size(store.location());
            StoreResult grown = store.importTrace(BundleReader.read(two), List.of(), null);
            long fileAfterSecond = Files.size(store.location());
            if (grown.status() != StoreResult.Status.UPDATED || grown.newBlobs() != expectedNewBlobs
                    || initial.newBlobs() != firstHashes.size()) {
                throw new IllegalStateException("expected " + firstHashes.size() + " then " + expectedNewBlobs
                        + " new blobs, the store reported " + initial + " then " + grown);
            }
            return Figure.measured("checkpoint.storage", String.format("new blob bytes of a 2nd checkpoint changing 1%% of %,d files"
                            + " (H2 file grew %s after a first %s)", first.size(), Unit.BYTES.format(fileAfterSecond - fileAfterFirst),
                            Unit.BYTES.format(fileAfterFirst)),
                    expectedNewBytes, firstBytes, "blob bytes of the first checkpoint", Unit.BYTES, Goal.ratioAtMost(0.02));
        }
    }

    /** A bundle holding a checkpoint of {@code first}, and when {@code second} is given the edits and a second checkpoint. */
    private Path bundle(String name, Map<String, byte[]> first, Map<String, byte[]> second) throws Exception {
        Path target = work.resolve("checkpoint-" + name);
        EventChain chain = new EventChain();
        Instant[] clock = {T0};
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of("bench-checkpoints", "Checkpoint storage", T0, "forkline-benchmarks"))) {
            List<Event> events = new ArrayList<>();
            events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(clock[0]).touches(StateKind.SESSION)
                    .data(Json.object().put("title", "checkpoint storage"))));
            events.add(checkpoint(chain, writer, first, "cp-1", clock));
            if (second != null) {
                for (Map.Entry<String, byte[]> file : second.entrySet()) {
                    byte[] before = first.get(file.getKey());
                    if (before != file.getValue()) {
                        String after = writer.putBlob(file.getValue());
                        clock[0] = clock[0].plusSeconds(1);
                        events.add(chain.append(NewEvent.of("r1", "sandbox", EventType.STATE_MUTATION).at(clock[0])
                                .touches(StateKind.WORKSPACE).data(Json.object().put("path", file.getKey()).put("op", "modify")
                                        .put("before", Hashes.sha256(before)).put("after", after))));
                    }
                }
                events.add(checkpoint(chain, writer, second, "cp-2", clock));
            }
            for (Event event : events) {
                writer.write(event);
            }
            writer.commit();
        }
        return target;
    }

    private static Event checkpoint(EventChain chain, BundleWriter writer, Map<String, byte[]> files, String id, Instant[] clock)
            throws Exception {
        ObjectNode data = Json.object().put("checkpointId", id).put("label", id);
        ObjectNode listed = data.putObject("workspace").put("root", "/workspace").putObject("files");
        for (Map.Entry<String, byte[]> file : files.entrySet()) {
            listed.putObject(file.getKey()).put("blob", writer.putBlob(file.getValue())).put("mode", "0644");
        }
        clock[0] = clock[0].plusSeconds(1);
        return chain.append(NewEvent.of("r1", "harness", EventType.CHECKPOINT).at(clock[0]).touches(StateKind.WORKSPACE).data(data));
    }
}
