package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.testing.ChildJvm;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The window, serve and the commands open one H2 file at once (docs/live.md, "One store, many processes"): a command run
 * while the window holds the store reaches it through the window's server. The check of a file before it is opened
 * could not read a file another process holds, and refused: "The file is locked".
 */
class SharedFileStoreTest {

    @TempDir
    Path dir;

    /** Holds the store open, as the window does, with one trace of its own in it, until killed. */
    public static final class HoldingProcess {
        public static void main(String[] args) throws Exception {
            TraceStore store = TraceStore.open(Path.of(args[0]));
            store.importTrace(SampleTraces.standard("t-window").bundle(), List.of(), null);
            System.out.println("OPEN");
            System.out.flush();
            Thread.sleep(Duration.ofMinutes(5));
            store.close();
        }
    }

    @Test
    void aStoreAnotherProcessHoldsOpenIsOpenedThroughItAndWrittenToByBoth() throws Exception {
        Path file = dir.resolve("forkline");
        try (TraceStore first = TraceStore.open(file)) {
            first.importTrace(SampleTraces.standard("t-earlier").bundle(), List.of(), null);
        }
        ChildJvm window = ChildJvm.start(HoldingProcess.class, file.toString());
        try {
            window.awaitLine("OPEN", Duration.ofSeconds(60));

            try (TraceStore command = TraceStore.open(file)) {
                StoreResult imported = command.importTrace(SampleTraces.standard("t-command").bundle(), List.of(), null);

                assertThat(imported.status()).isEqualTo(StoreResult.Status.IMPORTED);
                assertThat(command.list()).extracting(TraceSummary::traceId)
                        .containsExactlyInAnyOrder("t-earlier", "t-window", "t-command");
                assertThat(command.integrityCheck().ok()).isTrue();
            }
        } finally {
            window.kill();
        }
        try (TraceStore after = TraceStore.open(file)) {
            assertThat(after.list()).extracting(TraceSummary::traceId).containsExactlyInAnyOrder("t-earlier", "t-window", "t-command");
        }
    }
}
