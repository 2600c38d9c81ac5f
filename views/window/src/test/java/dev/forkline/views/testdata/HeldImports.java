package dev.forkline.views.testdata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.importers.ImportWatcher;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.data.ImportResult;
import dev.forkline.views.data.LibraryQuery;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.data.TraceSummary;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;

/**
 * A library whose imports of a large bundle are held after the first block read, and those of a foreign file after the
 * importer's first report of how far it read (until {@link #release} is counted down), so that a test sees the window while the import goes on without depending on timing; and the bundle
 * ({@link #writeBundle}) large enough to be read in blocks and stored while it is read.
 */
public final class HeldImports implements TraceLibrary {
    private final TraceLibrary library;
    public final CountDownLatch firstBatchHeld = new CountDownLatch(1);
    public final CountDownLatch release = new CountDownLatch(1);
    public volatile int readTo;
    /** How far a foreign file was read, as its importer last reported. */
    public volatile long bytesReadTo;
    /** What each part read for a preview was told to ask whether to stop. */
    public final java.util.List<java.util.function.BooleanSupplier> partStops = new java.util.concurrent.CopyOnWriteArrayList<>();

    /** Whether a foreign file's import is held at its first report of how far it read (else at its first events). */
    private final boolean holdAtReading;

    public HeldImports(TraceLibrary library) {
        this(library, true);
    }

    private HeldImports(TraceLibrary library, boolean holdAtReading) {
        this.library = library;
        this.holdAtReading = holdAtReading;
    }

    /** Holds a foreign file's import at its first events handed to the store (after its first pass), not at its reading. */
    public static HeldImports atFirstEvents(TraceLibrary library) {
        return new HeldImports(library, false);
    }

    @Override
    public ImportResult importTrace(Path path, Progress progress, ImportWatcher watcher) throws IOException, TraceFormatException {
        return library.importTrace(path, progress, new ImportWatcher() {
            @Override
            public void begin(String eventsFile, Manifest manifest, BlobSource blobs) throws IOException {
                watcher.begin(eventsFile, manifest, blobs);
            }

            @Override
            public void accept(EventBatch batch) throws IOException {
                watcher.accept(batch);
                readTo = batch.firstIndex() + batch.size();
                holdTheFirstTime();
            }

            @Override
            public void read(long bytesRead, long bytesTotal, PartRead soFar) throws IOException {
                watcher.read(bytesRead, bytesTotal, stopped -> {
                    partStops.add(stopped);
                    return soFar.read(stopped);
                });
                bytesReadTo = bytesRead;
                if (holdAtReading) {
                    holdTheFirstTime();
                }
            }
        });
    }

    private void holdTheFirstTime() throws java.io.InterruptedIOException {
        if (firstBatchHeld.getCount() > 0) {
            firstBatchHeld.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new java.io.InterruptedIOException();
            }
        }
    }

    @Override
    public ImportResult importTrace(Path path, Progress progress) throws IOException, TraceFormatException {
        return library.importTrace(path, progress);
    }

    @Override
    public String location() {
        return library.location();
    }

    @Override
    public List<TraceSummary> list() throws IOException {
        return library.list();
    }

    @Override
    public List<TraceSummary> search(LibraryQuery query) throws IOException {
        return library.search(query);
    }

    @Override
    public Bundle load(String traceId) throws IOException, TraceFormatException {
        return library.load(traceId);
    }

    @Override
    public Optional<TraceIntegrity> integrity(String traceId) throws IOException {
        return library.integrity(traceId);
    }

    @Override
    public Optional<List<String>> searchEvents(String traceId, String text, String type, String actor, boolean errorsOnly,
                                               java.util.function.BooleanSupplier stopped) throws IOException {
        return library.searchEvents(traceId, text, type, actor, errorsOnly, stopped);
    }

    @Override
    public boolean canRead(Path path) {
        return library.canRead(path);
    }

    /** One run of model and tool calls, lines of about 900 bytes, so that the file is read (and stored) in blocks. */
    public static final String TRACE = "big";

    public static Path writeBundle(Path target, int size) throws Exception {
        EventChain chain = new EventChain();
        Instant t = Instant.parse("2026-01-01T00:00:00Z");
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of(TRACE, TRACE, t, "test"))) {
            writer.write(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(t).data(Json.object())));
            String padding = "x".repeat(700);
            for (int i = 1; i < size - 1; i++) {
                t = t.plusMillis(137);
                ObjectNode data = Json.object();
                NewEvent draft;
                if (i % 2 == 0) {
                    data.put("model", "claude-x");
                    data.putObject("output").put("text", "attempt " + i + " " + padding);
                    draft = NewEvent.of("r1", "agent:coder", EventType.MODEL_CALL).touches(StateKind.SESSION);
                } else {
                    data.put("callId", "c" + i).put("tool", "Bash").put("effect", "process");
                    data.putObject("arguments").put("command", "pytest -q -k case_" + i + " " + padding);
                    draft = NewEvent.of("r1", "agent:coder", EventType.TOOL_CALL).touches(StateKind.PROCESS);
                }
                writer.write(chain.append(draft.at(t).data(data)));
            }
            writer.write(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_END).at(t.plusMillis(1))
                    .data(Json.object().put("outcome", "success"))));
            return writer.commit();
        }
    }
}
