package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.EffectClass;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.ToolCallData;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** Findings every import gets from its session: guessed effects once per tool, call ids used twice. */
class ImportSessionTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    void aGuessedToolIsOneFindingCountingItsCallsAndRepeatedCallIdsAreReportedPerRun() throws Exception {
        ImportSession session = new ImportSession("test", "t.jsonl");
        session.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).touches(StateKind.SESSION).data(Json.object()), 1);
        for (int i = 0; i < 3; i++) {
            String id = session.nextEventId("r1");
            EffectClass effect = session.classify("frobnicate", Json.object(), id, 2 + i).effect();
            session.append(NewEvent.of("r1", "agent:a", EventType.TOOL_CALL).at(T0.plusSeconds(i + 1)).touches(effect.touchedByCall())
                    .data(ToolCallData.payload(i < 2 ? "same" : "other", "frobnicate", Json.object(), effect)), 2 + i);
        }

        List<Finding> findings = session.finish("t", "t").findings();

        assertThat(findings).filteredOn(f -> f.code().equals("effect-guessed")).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("tool 'frobnicate' (3 calls)");
            assertThat(f.eventId()).isEqualTo("r1.2");
            assertThat(f.line()).isEqualTo(2);
        });
        assertThat(findings).filteredOn(f -> f.code().equals("call-ids-not-unique")).singleElement().satisfies(f -> {
            assertThat(f.message()).startsWith("run r1: 1 call id(s) name more than one tool call (same (2 calls: r1.2, r1.3))");
            assertThat(f.eventId()).isEqualTo("r1.3");
            assertThat(f.line()).isEqualTo(3);
        });
    }
}
