package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.lint.LintCodes;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.secrets.SecretScanner;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class TraceChecksTest {

    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    /** A trace long enough to be checked on several threads, with lint findings and a leaked key near its end. */
    private static Bundle bundle() {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).data(Json.object())));
        for (int k = 0; k < 10_000; k++) {
            ObjectNode data = Json.object().put("text", "step " + k);
            events.add(chain.append(NewEvent.of("r1", "agent:a", EventType.NOTE).at(T0.plusSeconds(k + 1)).data(data)));
        }
        ObjectNode leak = Json.object().put("text", "export OPENAI_API_KEY=sk-proj-Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ3lN5pR7tV9xZ1bD3fH5");
        events.add(chain.append(NewEvent.of("r1", "agent:a", EventType.NOTE).at(T0.plusSeconds(20_000)).data(leak)));
        int[] lines = IntStream.rangeClosed(1, events.size()).toArray();
        return new Bundle("memory", Manifest.of("t", "t", T0, "test"), events, lines, BlobSource.NONE);
    }

    @Test
    void reportsTheImportersFindingsThenTheLintThenTheSecretsOfOneSharedPass() {
        Bundle bundle = bundle();
        Finding fromImporter = Finding.info("importer-note", "the source format has no timestamps", null, 0);
        ImportedTrace trace = new ImportedTrace(bundle, List.of(fromImporter));

        List<Finding> findings = TraceChecks.findings(trace);

        List<Finding> expected = new ArrayList<>(List.of(fromImporter));
        expected.addAll(Linter.lint(TraceIndex.of(bundle.events()), bundle.lines()));
        expected.addAll(new SecretScanner().scan(bundle));
        assertThat(findings).isEqualTo(expected);
        assertThat(findings).extracting(Finding::code).contains(LintCodes.MISSING_MODEL_IDENTITY, LintCodes.RUN_WITHOUT_END,
                SecretScanner.CODE);
        assertThat(findings.getLast().line()).isEqualTo(bundle.events().size());
    }
}
