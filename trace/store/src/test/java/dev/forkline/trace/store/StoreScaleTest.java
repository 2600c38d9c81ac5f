package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;
import org.junit.jupiter.api.io.TempDir;

/**
 * Measures the store at scale, printing figures and asserting nothing about time: a generated bundle is read by
 * {@link BundleReader} (large enough for its scanning, lazy path), imported, loaded (time and retained heap), read at
 * random, searched and checked, next to a plain Jackson streaming parse of its trace.jsonl. Off by default (it takes a
 * while); run with {@code -Dforkline.perf=true [-Dforkline.perf.events=200000]}.
 */
@EnabledIfSystemProperty(named = "forkline.perf", matches = "true")
class StoreScaleTest {

    @TempDir
    Path dir;

    @Test
    void importLoadAndSearchALargeLazyBundle() throws Exception {
        int size = Integer.getInteger("forkline.perf.events", 200_000);
        Path bundleDir = writeBundle(dir.resolve("bundle"), size);
        Path jsonl = bundleDir.resolve(Bundle.EVENTS);
        long parseNanos = Long.MAX_VALUE;
        for (int round = 0; round < 3; round++) {
            parseNanos = Math.min(parseNanos, streamingParse(jsonl));
        }
        try (TraceStore store = TraceStore.open(dir.resolve("perf"))) {
            store.importTrace(warmUp(), List.of(), null);

            long cpuStart = processCpuNanos();
            long start = System.nanoTime();
            Bundle bundle = BundleReader.read(bundleDir);
            long readNanos = System.nanoTime() - start;
            assertThat(bundle.events()).isInstanceOf(LazyEventList.class);
            StoreResult result = store.importTrace(bundle, List.of(), null);
            long importNanos = System.nanoTime() - start - readNanos;
            long cpu = processCpuNanos() - cpuStart;
            assertThat(result.newEvents()).isEqualTo(size);
            EventColumns columns = bundle.columns();
            System.out.printf("events=%,d trace.jsonl=%,d MB, %,d new blobs; parse=%,d ms read=%,d ms import=%,d ms"
                            + " (cpu of both %,d ms) ratio=%.2f store=%,d MB%n", size, Files.size(jsonl) >> 20, result.newBlobs(),
                    parseNanos / 1_000_000, readNanos / 1_000_000, importNanos / 1_000_000, cpu / 1_000_000,
                    (double) (readNanos + importNanos) / parseNanos, Files.size(store.location()) >> 20);
            bundle.close();

            long heapBefore = usedHeapAfterGc();
            for (int round = 0; round < 3; round++) {
                start = System.nanoTime();
                try (Bundle loaded = store.load("perf")) {
                    long loadNanos = System.nanoTime() - start;
                    long heap = usedHeapAfterGc() - heapBefore;
                    assertThat(loaded.events()).hasSize(size);
                    start = System.nanoTime();
                    Random random = new Random(round);
                    for (int i = 0; i < 200; i++) {
                        int at = random.nextInt(size);
                        assertThat(loaded.events().get(at).id()).isEqualTo(columns.id(at));
                    }
                    long randomNanos = System.nanoTime() - start;
                    System.out.printf("load=%,d ms retained=%,d MB; 200 random events %,d ms%n", loadNanos / 1_000_000,
                            heap >> 20, randomNanos / 1_000_000);
                }
            }
            for (String text : new String[] {"pytest", "no such text anywhere"}) {
                start = System.nanoTime();
                int found = store.search("perf", text, null, null, false).size();
                System.out.printf("search '%s': %,d events in %,d ms%n", text, found, (System.nanoTime() - start) / 1_000_000);
            }
            start = System.nanoTime();
            assertThat(store.integrityCheck().problems()).isEmpty();
            System.out.printf("integrity check %,d ms%n", (System.nanoTime() - start) / 1_000_000);
        }
    }

    private static Path writeBundle(Path target, int size) throws Exception {
        MemoryBlobStore blobs = new MemoryBlobStore();
        List<Event> events = generate(size, blobs);
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of("perf", "perf", events.getFirst().ts(), "perf"))) {
            for (byte[] blob : blobs.all().values()) {
                writer.putBlob(blob);
            }
            for (Event event : events) {
                writer.write(event);
            }
            return writer.commit();
        }
    }

    /** A small trace imported first, so that the measured import does not pay for class loading alone. */
    private static Bundle warmUp() {
        MemoryBlobStore blobs = new MemoryBlobStore();
        List<Event> events = generate(5_000, blobs);
        return new Bundle("warm-up", Manifest.of("warm-up", "warm-up", events.getFirst().ts(), "perf"), events,
                new int[events.size()], blobs);
    }

    private static long usedHeapAfterGc() throws InterruptedException {
        long used = Long.MAX_VALUE;
        for (int i = 0; i < 4; i++) {
            System.gc();
            Thread.sleep(50);
            used = Math.min(used, java.lang.management.ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
        }
        return used;
    }

    private static long processCpuNanos() {
        return ((com.sun.management.OperatingSystemMXBean) java.lang.management.ManagementFactory.getOperatingSystemMXBean())
                .getProcessCpuTime();
    }

    private static long streamingParse(Path jsonl) throws Exception {
        long start = System.nanoTime();
        long tokens = 0;
        try (InputStream in = Files.newInputStream(jsonl); JsonParser parser = Json.factory().createParser(in)) {
            while (parser.nextToken() != null) {
                if (parser.currentToken() == JsonToken.VALUE_STRING) {
                    parser.getText();
                }
                tokens++;
            }
        }
        assertThat(tokens).isPositive();
        return System.nanoTime() - start;
    }

    /** A long agent session: model calls, tool calls with arguments and outputs, file edits with blobs. */
    private static List<Event> generate(int size, MemoryBlobStore blobs) {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>(size);
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        ObjectNode start = Json.object();
        start.putObject("environment").put("image", "python:3.12");
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(t).data(start)));
        int i = 0;
        while (events.size() < size) {
            i++;
            t = t.plusMillis(137);
            ObjectNode data = Json.object();
            NewEvent draft;
            switch (i % 4) {
                case 0 -> {
                    data.put("model", "claude-x");
                    data.putObject("input").put("summary", "step " + i + ": look at the failing test and decide what to run next");
                    data.putObject("output").put("text", "I will run the parser tests again with more output, attempt " + i);
                    data.putObject("usage").put("inputTokens", 1200 + i % 300).put("outputTokens", 80 + i % 50);
                    draft = NewEvent.of("r1", "agent:coder", EventType.MODEL_CALL).touches(StateKind.SESSION);
                }
                case 1 -> {
                    data.put("callId", "c" + i).put("tool", "Bash").put("effect", "process");
                    data.putObject("arguments").put("command", "pytest -q tests/test_parser.py -k case_" + i);
                    draft = NewEvent.of("r1", "agent:coder", EventType.TOOL_CALL).touches(StateKind.PROCESS);
                }
                case 2 -> {
                    data.put("callId", "c" + (i - 1)).put("exitCode", i % 7 == 0 ? 1 : 0)
                            .put("stdout", "collected 12 items\n............ 12 passed in 0.4" + i % 10 + "s").put("durationMs", 400 + i % 90);
                    if (i % 50 == 2) {
                        data.put("stdoutBlob", blobs.put(("full output of run " + i + "\n").repeat(40).getBytes(StandardCharsets.UTF_8)));
                    }
                    draft = NewEvent.of("r1", "sandbox", EventType.TOOL_RESULT).causes(events.getLast().id()).touches(StateKind.PROCESS);
                }
                default -> {
                    data.put("path", "src/module_" + i % 40 + ".py").put("op", "modify");
                    data.put("before", blobs.put(("v" + (i - 4) + " of module " + i % 40).getBytes(StandardCharsets.UTF_8)));
                    data.put("after", blobs.put(("v" + i + " of module " + i % 40).getBytes(StandardCharsets.UTF_8)));
                    draft = NewEvent.of("r1", "agent:coder", EventType.STATE_MUTATION).touches(StateKind.WORKSPACE);
                }
            }
            events.add(chain.append(draft.at(t).data(data)));
        }
        return events;
    }
}
