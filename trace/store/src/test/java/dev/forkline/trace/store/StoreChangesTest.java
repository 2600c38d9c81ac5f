package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** A subscriber hears of traces imported, decided and deleted by another client of the same store. */
@ParameterizedClass
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class StoreChangesTest {

    /** Generous: the changes come within about a second; this only bounds a broken test. */
    private static final long WAIT_SECONDS = 30;

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    @BeforeEach
    void assumeAvailable() {
        backend.assumeAvailable();
    }

    @Test
    void importsDecisionsAndDeletionsOfAnotherClientAreHeard() throws Exception {
        BlockingQueue<StoreChange> heard = new LinkedBlockingQueue<>();
        try (TraceStore window = backend.open(dir, "db");
             TraceStore teammate = backend.embedded() ? window : backend.open(dir, "db")) {
            AutoCloseable subscription = window.changes().subscribe(heard::add);
            Thread.sleep(2 * StoreChanges.POLL_MILLIS); // the first poll or LISTEN is in place

            SampleTraces trace = SampleTraces.standard("t-heard");
            teammate.importTrace(trace.bundle(), List.of(), null);
            StoreChange imported = next(heard);
            assertThat(imported.kind()).isEqualTo(StoreChange.Kind.STORED);
            assertThat(imported.traceId()).isEqualTo("t-heard");
            assertThat(imported.eventCount()).isEqualTo(trace.events.size());

            teammate.recordDecision("t-heard", trace.decision("r2.2", "ann", "approve", "2026-12-01T10:00:00Z"), Map.of());
            StoreChange decided = next(heard);
            assertThat(decided.kind()).isEqualTo(backend.embedded() ? StoreChange.Kind.STORED : StoreChange.Kind.DECIDED);
            assertThat(decided.eventCount()).isEqualTo(trace.events.size());

            teammate.delete("t-heard", "ann", "test");
            assertThat(next(heard)).isEqualTo(new StoreChange(StoreChange.Kind.DELETED, "t-heard", 0));

            subscription.close();
            teammate.importTrace(SampleTraces.standard("t-unheard").bundle(), List.of(), null);
            assertThat(heard.poll(3 * StoreChanges.POLL_MILLIS, TimeUnit.MILLISECONDS)).isNull();
        }
    }

    @Test
    void aPayloadReadsBackAsTheChangeItWasMadeFrom() {
        StoreChange change = new StoreChange(StoreChange.Kind.DECIDED, "trace with spaces", 42);
        assertThat(StoreChange.parse(change.payload())).isEqualTo(change);
        assertThat(StoreChange.parse("something else")).isNull();
    }

    private static StoreChange next(BlockingQueue<StoreChange> heard) throws InterruptedException {
        StoreChange change = heard.poll(WAIT_SECONDS, TimeUnit.SECONDS);
        assertThat(change).as("a change within " + WAIT_SECONDS + " s").isNotNull();
        return change;
    }
}
