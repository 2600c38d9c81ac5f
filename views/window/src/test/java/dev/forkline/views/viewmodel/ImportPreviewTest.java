package dev.forkline.views.viewmodel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.concurrent.TaskHandle;
import dev.forkline.views.concurrent.TaskListener;
import dev.forkline.views.concurrent.Work;
import dev.forkline.views.data.ImportResult;
import dev.forkline.views.data.LibraryQuery;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.Samples;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Importing a bundle large enough to be stored while it is read: the window shows the events read so far before the
 * import ends, the reviewer steps through them, the stored trace takes their place at the end (the cursor where it
 * was); cancelling stores nothing and closes what was shown. The reading thread is held after its first batch, so
 * what is asserted does not depend on timing.
 */
class ImportPreviewTest {

    private static final int EVENTS = 42_000;
    private static final String TRACE = "big";

    @TempDir
    static Path shared;
    static Path bundle;

    @TempDir
    Path dir;

    private Samples samples;
    private GatedLibrary library;
    private UiQueueExecutor executor;
    private WorkbenchViewModel workbench;

    @BeforeAll
    static void writeBundle() throws Exception {
        bundle = write(shared.resolve(TRACE), EVENTS);
        assertThat(Files.size(bundle.resolve(Bundle.EVENTS))).isGreaterThanOrEqualTo(BundleReader.LAZY_FROM_BYTES);
    }

    @BeforeEach
    void openWindow() throws Exception {
        samples = Samples.empty(dir);
        library = new GatedLibrary(samples.library);
        executor = new UiQueueExecutor();
        workbench = new WorkbenchViewModel(executor, library, new dev.forkline.views.state.ReconstructorStateProvider(),
                new RecentFiles(null));
        executor.runUiUntil(() -> !workbench.busyProperty().get() && executor.idle());
    }

    @AfterEach
    void close() throws Exception {
        library.release.countDown();
        executor.awaitWorkers();
        samples.close();
    }

    @Test
    void showsWhatWasReadSoFarLetsTheReviewerStepAndOpensTheStoredTraceInItsPlaceAtTheEnd() throws Exception {
        workbench.importFile(bundle);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.previewingProperty().get());

        OpenedTrace soFar = workbench.opened();
        assertThat(soFar.bundle().manifest().traceId()).isEqualTo(TRACE);
        assertThat(soFar.bundle().events().size()).as("only the first block was read").isPositive().isLessThan(EVENTS);
        assertThat(workbench.busyProperty().get()).as("the import goes on").isTrue();
        assertThat(workbench.backgroundMessageProperty().get()).contains("events so far");
        assertThat(workbench.timeline().model().eventCount()).isPositive();

        TimelineViewModel timeline = workbench.timeline();
        timeline.select(0);
        timeline.step(1, StepScope.ALL);
        timeline.step(1, StepScope.ALL);
        Event cursor = timeline.selectedEvent();
        assertThat(cursor.id()).isEqualTo(soFar.bundle().columns().id(2));
        assertThat(workbench.inspector().details().title()).isNotBlank();

        library.release.countDown();
        executor.runUiUntil(() -> !workbench.busyProperty().get() && executor.idle());

        assertThat(workbench.errorProperty().get()).isNull();
        assertThat(workbench.previewingProperty().get()).isFalse();
        assertThat(workbench.opened()).isNotSameAs(soFar);
        assertThat(workbench.opened().bundle().events()).hasSize(EVENTS);
        assertThat(workbench.opened().integrity().verdict().status()).as("verified once whole").isNotEqualTo(TraceIntegrity.unverified().verdict().status());
        assertThat(timeline.selectedEvent().id()).as("the cursor stays where the reviewer put it").isEqualTo(cursor.id());
        assertThat(samples.library.list()).extracting(TraceSummary::traceId).containsExactly(TRACE);
        assertThat(samples.library.list().getFirst().eventCount()).isEqualTo(EVENTS);
    }

    @Test
    void cancellingStoresNothingAndClosesWhatWasShown() throws Exception {
        workbench.importFile(bundle);
        library.firstBatchHeld.await();
        executor.runUiUntil(() -> workbench.previewingProperty().get());
        assertThat(workbench.opened()).isNotNull();

        workbench.cancelImport();

        assertThat(workbench.opened()).isNull();
        assertThat(workbench.previewingProperty().get()).isFalse();
        assertThat(workbench.timeline().events().size()).isZero();
        assertThat(workbench.busyProperty().get()).isFalse();
        assertThat(workbench.importNoticeProperty().get()).contains("cancelled").contains("nothing");

        library.release.countDown();
        executor.awaitWorkers();
        executor.runUiUntil(executor::idle);
        assertThat(workbench.opened()).as("nothing comes back once cancelled").isNull();
        assertThat(workbench.errorProperty().get()).isNull();
        assertThat(samples.library.list()).isEmpty();
        assertThat(samples.store.find(TRACE)).isEmpty();
        assertThat(library.readTo).as("reading stopped at the batch after the cancel").isLessThan(EVENTS);
    }

    // --- a library whose import is held after the first batch it read ---------------------------------------------

    private static final class GatedLibrary implements TraceLibrary {
        private final TraceLibrary library;
        final CountDownLatch firstBatchHeld = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        volatile int readTo;

        GatedLibrary(TraceLibrary library) {
            this.library = library;
        }

        @Override
        public ImportResult importTrace(Path path, Progress progress, EventBatchSink watcher) throws IOException, TraceFormatException {
            return library.importTrace(path, progress, new EventBatchSink() {
                @Override
                public void begin(String eventsFile, Manifest manifest, BlobSource blobs) throws IOException {
                    watcher.begin(eventsFile, manifest, blobs);
                }

                @Override
                public void accept(EventBatch batch) throws IOException {
                    watcher.accept(batch);
                    readTo = batch.firstIndex() + batch.size();
                    if (firstBatchHeld.getCount() > 0) {
                        firstBatchHeld.countDown();
                        try {
                            release.await();
                        } catch (InterruptedException e) {
                            throw new java.io.InterruptedIOException();
                        }
                    }
                }
            });
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
        public Optional<List<String>> searchEvents(String traceId, String text, String type, String actor, boolean errorsOnly)
                throws IOException {
            return library.searchEvents(traceId, text, type, actor, errorsOnly);
        }

        @Override
        public boolean canRead(Path path) {
            return library.canRead(path);
        }
    }

    // --- work on threads, its outcomes on this test's thread (the "UI thread") -------------------------------------

    private static final class UiQueueExecutor implements TaskExecutor {
        private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
        private final List<Thread> workers = new java.util.concurrent.CopyOnWriteArrayList<>();

        @Override
        public <T> TaskHandle execute(String name, Work<T> work, TaskListener<? super T> listener) {
            TaskHandle handle = new TaskHandle(name);
            Thread worker = new Thread(() -> {
                try {
                    T result = work.run((message, fraction) -> ui.add(() -> {
                        if (!handle.isDone()) {
                            listener.progressed(message, fraction);
                        }
                    }));
                    ui.add(() -> TaskExecutor.deliver(handle, result, listener));
                } catch (Exception e) {
                    ui.add(() -> TaskExecutor.deliverFailure(handle, e, listener));
                }
            }, "test-" + name);
            workers.add(worker);
            worker.start();
            return handle;
        }

        @Override
        public void onUi(Runnable action) {
            ui.add(action);
        }

        /** Whether no work runs and nothing waits for the UI thread. */
        boolean idle() {
            return ui.isEmpty() && workers.stream().noneMatch(Thread::isAlive);
        }

        /** Runs what the workers hand to the UI thread until {@code done} holds (a minute at most: a liveness guard). */
        void runUiUntil(BooleanSupplier done) throws InterruptedException {
            long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
            while (!done.getAsBoolean()) {
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("the window did not get there");
                }
                Runnable next = ui.poll(20, TimeUnit.MILLISECONDS);
                if (next != null) {
                    next.run();
                }
            }
        }

        void awaitWorkers() throws InterruptedException {
            for (Thread worker : workers) {
                worker.join(TimeUnit.MINUTES.toMillis(1));
            }
        }
    }

    // --- the bundle ------------------------------------------------------------------------------------------------

    /** One run of model and tool calls, lines of about 900 bytes, so that the file is read (and stored) in blocks. */
    private static Path write(Path target, int size) throws Exception {
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
