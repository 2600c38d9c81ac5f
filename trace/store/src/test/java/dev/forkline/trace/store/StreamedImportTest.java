package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@link StreamedImport}: a bundle large enough for the reader's scanning path (two runs whose events alternate in
 * stretches, blobs, a fork and a session end) stored while it is read equals the same bundle stored by
 * {@link TraceStore#importTrace} after reading; a failure found late (a bad line, a hash that no longer matches near
 * the end) or a cancelled import leaves nothing stored.
 */
class StreamedImportTest {

    private static final int EVENTS = 42_000;

    @TempDir
    static Path shared;
    static Path bundleDir;

    @TempDir
    Path dir;

    @BeforeAll
    static void writeBundle() throws Exception {
        bundleDir = write(shared.resolve("big"), generate(EVENTS));
        assertThat(Files.size(bundleDir.resolve(Bundle.EVENTS))).isGreaterThanOrEqualTo(BundleReader.LAZY_FROM_BYTES);
    }

    @Test
    void storesWhileReadingWhatAnImportAfterReadingStores() throws Exception {
        StoreResult streamed;
        StoreResult plain;
        try (TraceStore one = TraceStore.open(dir.resolve("streamed")); TraceStore two = TraceStore.open(dir.resolve("plain"))) {
            try (StreamedImport stream = one.streamedImport("big"); Bundle bundle = BundleReader.read(bundleDir, stream)) {
                assertThat(bundle.events()).isInstanceOf(LazyEventList.class);
                streamed = stream.finish(bundle, List.of(), TraceIntegrity.unverified());
            }
            try (Bundle bundle = BundleReader.read(bundleDir)) {
                plain = two.importTrace(bundle, List.of(), "big");
            }
            assertThat(streamed.status()).isEqualTo(StoreResult.Status.IMPORTED);
            assertThat(streamed.newEvents()).isEqualTo(EVENTS);
            assertThat(streamed.newBlobs()).isEqualTo(plain.newBlobs()).isPositive();
            assertThat(one.contentDigest("big")).isEqualTo(two.contentDigest("big"));
            assertThat(one.runs("big")).isEqualTo(two.runs("big"));
            assertThat(one.find("big").orElseThrow().outcome()).isEqualTo(two.find("big").orElseThrow().outcome()).isEqualTo("success");
            assertThat(one.runs("big").get(1).parentRun()).isEqualTo("r1");
            assertThat(one.integrityCheck().problems()).isEmpty();
            try (Bundle a = one.load("big"); Bundle b = two.load("big")) {
                assertThat(a.events()).hasSize(EVENTS);
                for (int i = 0; i < EVENTS; i += 997) {
                    assertThat(EventCodec.toLine(a.events().get(i))).isEqualTo(EventCodec.toLine(b.events().get(i)));
                }
                assertThat(EventCodec.toLine(a.events().getLast())).isEqualTo(EventCodec.toLine(b.events().getLast()));
                for (int i = 0; i < EVENTS; i++) {
                    assertThat(a.columns().id(i)).isEqualTo(b.columns().id(i));
                }
            }
            // the same bundle again: the store holds the trace, so it is compared as a whole
            try (StreamedImport stream = one.streamedImport("big"); Bundle bundle = BundleReader.read(bundleDir, stream)) {
                assertThat(stream.finish(bundle, List.of(), TraceIntegrity.unverified()).status()).isEqualTo(StoreResult.Status.UNCHANGED);
            }
        }
    }

    @Test
    void theLinesWrittenAreReadBackInTheOpenTransactionThenAsCommitted() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("store"))) {
            try (StreamedImport stream = store.streamedImport("big"); Bundle bundle = BundleReader.read(bundleDir, stream)) {
                EventLines file = ((LazyEventList) bundle.events()).lines();
                assertThat(stream.keepsLines()).isTrue();
                EventLines kept = stream.linesKept(bundle.columns());
                assertThat(kept.size()).isEqualTo(EVENTS);
                assertThat(kept.file()).contains("as the store wrote them");
                assertSameLines(kept, file, 0, EVENTS);

                // a reader on another thread while the writer takes its connection back and commits
                AtomicReference<Throwable> failed = new AtomicReference<>();
                AtomicBoolean committed = new AtomicBoolean();
                Thread reader = new Thread(() -> {
                    try {
                        for (int pass = 0; !committed.get() || pass < 2; pass++) {
                            assertSameLines(kept, file, pass * 7 % 5, EVENTS);
                        }
                    } catch (Throwable e) {
                        failed.set(e);
                    }
                });
                reader.start();
                assertThat(stream.finish(bundle, List.of(), TraceIntegrity.unverified()).status()).isEqualTo(StoreResult.Status.IMPORTED);
                committed.set(true);
                reader.join(60_000);
                assertThat(reader.isAlive()).isFalse();
                assertThat(failed.get()).isNull();
                assertSameLines(kept, file, 0, EVENTS);
            }
            // stored already: compared as a whole, from the reader's own lines
            try (StreamedImport stream = store.streamedImport("big"); Bundle bundle = BundleReader.read(bundleDir, stream)) {
                assertThat(stream.keepsLines()).isFalse();
                assertThat(stream.finish(bundle, List.of(), TraceIntegrity.unverified()).status()).isEqualTo(StoreResult.Status.UNCHANGED);
            }
        }
    }

    @Test
    void theLinesOfAnImportClosedWithoutItsFinishAreGoneAndTheStoreWritesOn() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("store"))) {
            EventLines kept;
            AtomicReference<Throwable> failed = new AtomicReference<>();
            Thread reader;
            try (StreamedImport stream = store.streamedImport("big"); Bundle bundle = BundleReader.read(bundleDir, stream)) {
                assertThat(stream.keepsLines()).isTrue();
                kept = stream.linesKept(bundle.columns());
                EventLines file = ((LazyEventList) bundle.events()).lines();
                assertSameLines(kept, file, EVENTS - 3, EVENTS);
                // a reader still busy when the import is refused after its checks (closed without finish)
                reader = new Thread(() -> {
                    try {
                        while (true) {
                            assertSameLines(kept, file, 0, EVENTS);
                        }
                    } catch (Throwable e) {
                        failed.set(e);
                    }
                });
                reader.start();
                Thread.sleep(50);
            }
            reader.join(60_000);
            assertThat(failed.get()).isInstanceOf(java.io.IOException.class).hasMessageContaining("ended without storing it");
            assertNothingStored(store);
            assertThatThrownBy(() -> kept.line(5)).isInstanceOf(java.io.IOException.class)
                    .hasMessageContaining("ended without storing it");

            try (StreamedImport stream = store.streamedImport("big"); Bundle bundle = BundleReader.read(bundleDir, stream)) {
                assertThat(stream.finish(bundle, List.of(), TraceIntegrity.unverified()).status()).isEqualTo(StoreResult.Status.IMPORTED);
            }
            assertThat(store.integrityCheck().problems()).isEmpty();
        }
    }

    /** Lines {@code from}, {@code from + 1}, ... of both, compared every 1,009th and at the end. */
    private static void assertSameLines(EventLines kept, EventLines file, int from, int to) throws java.io.IOException {
        for (int i = from; i < to; i += i > to - 3 ? 1 : 1_009) {
            if (!java.util.Arrays.equals(kept.line(i), file.line(i))) {
                throw new AssertionError("line " + i + " differs: " + new String(kept.line(i), StandardCharsets.UTF_8));
            }
        }
        assertThat(kept.line(to - 1)).isEqualTo(file.line(to - 1));
    }

    @Test
    void aHashThatNoLongerMatchesNearTheEndStoresNothingWhenTheTraceIsRefused() throws Exception {
        Path altered = copyWithLine(dir.resolve("altered"), EVENTS - 3, line -> line.replace("attempt", "attempT").replace("case_", "casE_"));
        try (TraceStore store = TraceStore.open(dir.resolve("store"))) {
            String alteredId;
            try (Bundle original = BundleReader.read(bundleDir)) {
                alteredId = original.columns().id(EVENTS - 4);
                assertThat(TraceIntegrity.check(original, TrustedKeys.none()).problems().toString()).doesNotContain(alteredId);
            }
            try (StreamedImport stream = store.streamedImport("altered"); Bundle bundle = BundleReader.read(altered, stream)) {
                TraceIntegrity integrity = TraceIntegrity.check(bundle, TrustedKeys.none());
                assertThat(integrity.verdict().fails()).isTrue();
                assertThat(integrity.problems().toString()).contains(alteredId);
                // refused, as forkline import --strict refuses it: the stream is closed without finishing
            }
            assertNothingStored(store);
        }
    }

    @Test
    void aBadLineNearTheEndStoresNothingAndIsNamedByFileAndLine() throws Exception {
        int badLine = EVENTS - 2;
        Path broken = copyWithLine(dir.resolve("broken"), badLine, line -> line.substring(0, line.length() / 2));
        try (TraceStore store = TraceStore.open(dir.resolve("store"))) {
            try (StreamedImport stream = store.streamedImport("broken")) {
                assertThatThrownBy(() -> BundleReader.read(broken, stream))
                        .isInstanceOf(TraceFormatException.class)
                        .hasMessageContaining(broken.resolve(Bundle.EVENTS).toString())
                        .satisfies(e -> assertThat(((TraceFormatException) e).line()).isEqualTo(badLine));
            }
            assertNothingStored(store);
            // the store takes the next write as usual
            try (StreamedImport stream = store.streamedImport("big"); Bundle bundle = BundleReader.read(bundleDir, stream)) {
                assertThat(stream.finish(bundle, List.of(), TraceIntegrity.unverified()).newEvents()).isEqualTo(EVENTS);
            }
        }
    }

    @Test
    void aCancelledImportStoresNothing() throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("store"))) {
            Thread reader = Thread.currentThread();
            try (StreamedImport stream = store.streamedImport("big")) {
                CancellingSink cancelling = new CancellingSink(stream, reader, 3);
                assertThatThrownBy(() -> BundleReader.read(bundleDir, cancelling)).isInstanceOf(java.io.IOException.class);
                Thread.interrupted();
            }
            assertNothingStored(store);
        }
    }

    @Test
    void aSmallBundleIsStoredFromTheWholeBundle() throws Exception {
        Path small = write(dir.resolve("small"), generate(500));
        try (TraceStore store = TraceStore.open(dir.resolve("store"));
             StreamedImport stream = store.streamedImport("small"); Bundle bundle = BundleReader.read(small, stream)) {
            assertThat(stream.finish(bundle, List.of(), TraceIntegrity.unverified()).newEvents()).isEqualTo(500);
            try (Bundle loaded = store.load("big")) {
                assertThat(loaded.events()).hasSize(500);
            }
        }
    }

    private static void assertNothingStored(TraceStore store) throws StoreException {
        assertThat(store.list()).isEmpty();
        assertThat(store.changeMark().events()).isZero();
        assertThat(store.integrityCheck().problems()).isEmpty();
    }

    /** Interrupts the reading thread once a few batches went through, as a cancelled task is. */
    private record CancellingSink(StreamedImport stream, Thread reader, int after) implements dev.forkline.trace.bundle.EventBatchSink {
        @Override
        public void begin(String eventsFile, Manifest manifest, dev.forkline.trace.bundle.BlobSource blobs) throws java.io.IOException {
            stream.begin(eventsFile, manifest, blobs);
        }

        @Override
        public void accept(dev.forkline.trace.bundle.EventBatch batch) throws java.io.IOException {
            if (batch.firstIndex() > 0 && batch.firstIndex() / batch.size() >= after) {
                reader.interrupt();
            }
            stream.accept(batch);
        }
    }

    private static Path copyWithLine(Path target, int lineNumber, java.util.function.UnaryOperator<String> change) throws Exception {
        Files.createDirectories(target);
        Files.copy(bundleDir.resolve(Bundle.MANIFEST), target.resolve(Bundle.MANIFEST));
        try (var blobs = Files.list(bundleDir.resolve(Bundle.BLOBS))) {
            Files.createDirectories(target.resolve(Bundle.BLOBS));
            for (Path blob : blobs.toList()) {
                Files.createLink(target.resolve(Bundle.BLOBS).resolve(blob.getFileName()), blob);
            }
        }
        List<String> lines = Files.readAllLines(bundleDir.resolve(Bundle.EVENTS), StandardCharsets.UTF_8);
        String before = lines.get(lineNumber - 1);
        String after = change.apply(before);
        assertThat(after).isNotEqualTo(before);
        lines.set(lineNumber - 1, after);
        Files.write(target.resolve(Bundle.EVENTS), lines, StandardCharsets.UTF_8);
        return target;
    }

    private static Path write(Path target, List<Event> events) throws Exception {
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of("big", "big", events.getFirst().ts(), "test"))) {
            for (Event event : events) {
                writer.write(event);
            }
            for (int i = 0; i < 40; i++) {
                writer.putBlob(("blob " + i + "\n").repeat(30).getBytes(StandardCharsets.UTF_8));
            }
            return writer.commit();
        }
    }

    /**
     * Two runs: r1 alone for a while, then r1 and its fork r2 alternating in stretches of a few hundred events (so that
     * their segments fill in another order than the runs appeared), each ending with a session end. Lines of about
     * 900 bytes, so that the file passes the reader's threshold for scanning.
     */
    private static List<Event> generate(int size) {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>(size);
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(t).data(Json.object())));
        String padding = "x".repeat(700);
        int i = 0;
        boolean forked = false;
        while (events.size() < size - 2) {
            i++;
            t = t.plusMillis(137);
            String run = forked && (i / 300) % 3 == 0 ? "r2" : "r1";
            if (!forked && i == size / 10) {
                forked = true;
                ObjectNode fork = Json.object().put("parentRun", "r1").put("reason", "test");
                events.add(chain.append(NewEvent.of("r2", "harness", EventType.RUN_FORK).at(t).data(fork)));
                continue;
            }
            ObjectNode data = Json.object();
            NewEvent draft;
            if (i % 2 == 0) {
                data.put("model", "claude-x");
                data.putObject("output").put("text", "attempt " + i + " " + padding);
                if (i % 500 == 0) {
                    data.put("outputBlob", dev.forkline.trace.Hashes.sha256(("blob " + (i / 500) % 40 + "\n").repeat(30)
                            .getBytes(StandardCharsets.UTF_8)));
                }
                draft = NewEvent.of(run, "agent:coder", EventType.MODEL_CALL).touches(StateKind.SESSION);
            } else {
                data.put("callId", "c" + i).put("tool", "Bash").put("effect", "process");
                data.putObject("arguments").put("command", "pytest -q -k case_" + i + " " + padding);
                draft = NewEvent.of(run, "agent:coder", EventType.TOOL_CALL).touches(StateKind.PROCESS);
            }
            events.add(chain.append(draft.at(t).data(data)));
        }
        for (String run : new String[] {"r2", "r1"}) {
            t = t.plusMillis(1);
            events.add(chain.append(NewEvent.of(run, "harness", EventType.SESSION_END).at(t).data(Json.object().put("outcome", "success"))));
        }
        return events;
    }
}
