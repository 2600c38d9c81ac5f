package dev.forkline.trace.secrets;

import static dev.forkline.trace.EventType.MODEL_CALL;
import static dev.forkline.trace.EventType.SESSION_START;
import static dev.forkline.trace.EventType.TOOL_CALL;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.DataSkim;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.testing.CountingLines;
import java.time.Instant;
import java.util.List;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

class MaskedEventsTest {

    /** A realistic fake key (generated, never a real one). */
    private static final String KEY = "sk-ant-api03-" + "Wd4vQ8xK2pLm7RzT0bYc5NhJ3gFs9AeU1kXoI6tVwD".repeat(2) + "AA";

    private final TraceBuilder trace = new TraceBuilder();

    @Test
    void aMaskedTraceShowsEveryEventMaskedAndKeepsTheRecordedColumns() {
        Bundle masked = SecretMasker.masked(recorded());
        assertThat(masked.events()).hasSize(3);
        assertThat(masked.events()).allSatisfy(event -> assertThat(event.data().toString()).doesNotContain(KEY));
        assertThat(masked.events().get(1).id()).isEqualTo("r1.2");
        assertThat(EventColumns.of(masked.events())).as("carried, not computed again").isSameAs(masked.columns());
        assertThat(TraceIndex.of(masked.events(), masked.columns()).events()).as("kept, not copied").isSameAs(masked.events());
    }

    @Test
    void membersSkimmedFromAMaskedTraceAreReadFromTheRecordedLinesAndMasked() {
        Bundle recorded = recorded();
        Bundle masked = SecretMasker.masked(recorded);
        DataSkim skim = new DataSkim(masked.events(), Set.of("arguments", "apiKey", "usage"));
        for (int i = 0; i < recorded.events().size(); i++) {
            JsonNode skimmed = skim.of(i);
            Event whole = SecretMasker.mask(recorded.events().get(i));
            assertThat(skimmed.toString()).doesNotContain(KEY);
            for (String member : List.of("arguments", "apiKey", "usage")) {
                assertThat(skimmed.get(member)).as("%s of event %d", member, i).isEqualTo(whole.data().get(member));
            }
            assertThat(skimmed.size()).as("only the members asked for: skimmed, not the whole event parsed").isLessThanOrEqualTo(3);
        }
    }

    @Test
    void anEventWithoutSecretsIsShownAsRecorded() {
        Event plain = trace.add("r1", "agent:a", MODEL_CALL, "{'model':'m','usage':{'inputTokens':3}}");
        assertThat(SecretMasker.mask(plain)).isSameAs(plain);
    }

    private Bundle recorded() {
        trace.add("r1", "harness", SESSION_START, "{'model':{'model':'m'}}");
        trace.add("r1", "agent:a", MODEL_CALL, "{'model':'m','apiKey':'hunter2-Zq7PxT9','usage':{'inputTokens':10},'note':'x'}");
        trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c1','tool':'bash','effect':'process','arguments':{'command':'deploy " + KEY + "'}}");
        List<Event> events = trace.events();
        CountingLines lines = new CountingLines(events, "memory");
        return new Bundle("memory", Manifest.of("masked", "masked", Instant.parse("2026-01-01T00:00:00Z"), "test"), lines.events(),
                IntStream.rangeClosed(1, events.size()).toArray(), BlobSource.NONE);
    }
}
