package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.testing.RepositoryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * {@link TraceStore#listQueueCandidates()}: the traces holding an event that can wait in the escape queue, counted by
 * the writer at import and append and by the V7 migration for traces stored before. The queue read over them alone is
 * the queue read over every stored trace.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class QueueCandidatesTest {

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    @BeforeEach
    void available() {
        backend.assumeAvailable();
    }

    @Test
    void theQueueOverTheCandidatesIsTheQueueOverEveryTraceOfTheRepositorySamples() throws Exception {
        try (TraceStore store = backend.open(dir, "db")) {
            for (Path bundle : sampleBundles()) {
                try (Bundle read = BundleReader.read(bundle)) {
                    store.importTrace(read, List.of(), bundle.toString());
                }
            }
            List<String> candidates = store.listQueueCandidates().stream().map(TraceSummary::traceId).toList();

            assertThat(store.list()).hasSizeGreaterThan(candidates.size());
            assertThat(candidates).isNotEmpty();
            assertThat(queue(store, candidates)).isNotEmpty()
                    .isEqualTo(queue(store, store.list().stream().map(TraceSummary::traceId).toList()));
        }
    }

    @Test
    void aTraceBecomesACandidateWhenAnEventThatCanWaitIsAppended() throws Exception {
        SampleTraces trace = SampleTraces.standard("t-queue");
        try (TraceStore store = backend.open(dir, "db")) {
            store.importTrace(trace.bundle(), List.of(), null);
            assertThat(store.listQueueCandidates()).isEmpty();

            ObjectNode request = Json.object();
            request.put("owner", "human:ana").put("reason", "push to main").put("subject", "r2.2");
            Event appended = trace.add(NewEvent.of("r2", "agent:coder", EventType.APPROVAL_REQUEST).data(request));
            store.appendEvents("t-queue", List.of(appended), Map.of());

            assertThat(store.listQueueCandidates()).extracting(TraceSummary::traceId).containsExactly("t-queue");
            assertThat(queue(store, List.of("t-queue"))).extracting(QueueItem::eventId).containsExactly(appended.id());
        }
    }

    @Test
    void theMigrationCountsTheTracesStoredBeforeIt() throws Exception {
        List<String> expected;
        try (TraceStore store = backend.open(dir, "db")) {
            for (Path bundle : sampleBundles()) {
                try (Bundle read = BundleReader.read(bundle)) {
                    store.importTrace(read, List.of(), bundle.toString());
                }
            }
            expected = store.listQueueCandidates().stream().map(TraceSummary::traceId).toList();
        }
        // back to schema 6: versions 8 and 9 (the search index) and 10 go too, as they came after
        backend.execute(dir, "db", "DROP TABLE search_terms", "DROP TABLE search_indexed", "ALTER TABLE runs DROP COLUMN imported",
                "DELETE FROM \"flyway_schema_history\" WHERE \"version\" IN ('8', '9', '10')",
                "ALTER TABLE traces DROP COLUMN queue_events",
                "DELETE FROM \"flyway_schema_history\" WHERE \"version\" = '" + QueueEventsMigration.VERSION + "'");

        try (TraceStore store = backend.open(dir, "db")) {
            assertThat(expected).isNotEmpty();
            assertThat(store.listQueueCandidates()).extracting(TraceSummary::traceId).containsExactlyElementsOf(expected);
        }
    }

    private static List<QueueItem> queue(TraceStore store, List<String> traceIds) throws Exception {
        List<QueueItem> found = new ArrayList<>();
        for (String traceId : traceIds) {
            try (Bundle trace = store.load(traceId)) {
                found.addAll(EscapeQueue.pending(trace, TrustedKeys.none()));
            }
        }
        return EscapeQueue.newestFirst(found);
    }

    private static List<Path> sampleBundles() throws Exception {
        try (Stream<Path> files = Files.walk(RepositoryFiles.resolve("sample-traces"))) {
            return files.filter(file -> file.getFileName().toString().equals("trace.jsonl")).map(Path::getParent).sorted().toList();
        }
    }
}
