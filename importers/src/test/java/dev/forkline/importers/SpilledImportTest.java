package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.support.Payloads;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.store.TraceStore;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An import longer than {@link SpilledEvents#IN_MEMORY_LIMIT} goes through the temporary file, and what the store
 * keeps of it is exactly what it keeps of the same import held in memory: events, their lines, findings, checks.
 */
class SpilledImportTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final int CALLS = 26_000; // 3 events each with the start: 78,001 events

    @TempDir
    Path folder;

    @Test
    void aLongImportThroughTheSpillStoresTheSameTraceAsOneHeldInMemory() throws Exception {
        ImportedTrace spilled = importInto(new ImportSession("test", "long.jsonl"));
        ImportedTrace inMemory = importInto(new ImportSession("test", "long.jsonl", Integer.MAX_VALUE, folder));

        assertThat(spilled.bundle().events()).isInstanceOf(LazyEventList.class).hasSize(3 * CALLS + 1);
        assertThat(inMemory.bundle().events()).isNotInstanceOf(LazyEventList.class);
        assertThat(spilled.findings()).isEqualTo(inMemory.findings()).isNotEmpty();
        assertThat(spilled.bundle().lines()).isEqualTo(inMemory.bundle().lines());
        assertThat(TraceChecks.check(spilled, TrustedKeys.none()).findings())
                .isEqualTo(TraceChecks.check(inMemory, TrustedKeys.none()).findings());

        List<Event> storedSpilled = storeAndLoad(spilled, folder.resolve("spilled"));
        List<Event> storedInMemory = storeAndLoad(inMemory, folder.resolve("memory"));
        assertThat(storedSpilled).hasSize(storedInMemory.size());
        for (int i = 0; i < storedInMemory.size(); i++) {
            Event expected = storedInMemory.get(i);
            if (!storedSpilled.get(i).equals(expected) || !EventCodec.toLine(storedSpilled.get(i)).equals(EventCodec.toLine(expected))) {
                throw new AssertionError("event " + i + " differs: " + EventCodec.toLine(storedSpilled.get(i)) + " vs " + EventCodec.toLine(expected));
            }
        }
        assertThat(storedInMemory.getLast()).isEqualTo(inMemory.bundle().events().getLast());
    }

    /** What an importer does: a session start, then tool calls (one tool guessed, a repeated call id), results, notes. */
    private static ImportedTrace importInto(ImportSession session) throws Exception {
        session.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).touches(StateKind.SESSION)
                .data(Payloads.imported("test", "long.jsonl")), 1);
        long line = 2;
        for (int i = 0; i < CALLS; i++) {
            Instant at = T0.plusMillis(10L * i);
            String id = session.nextEventId("r1");
            String tool = i % 7 == 0 ? "frobnicate" : "bash";
            EffectClass effect = session.classify(tool, Json.object().put("command", "echo " + i), id, line).effect();
            String callId = i == 17 || i == 20_000 ? "repeated" : "call-" + i;
            session.append(NewEvent.of("r1", "agent:a", EventType.TOOL_CALL).at(at).touches(effect.touchedByCall())
                    .data(ToolCallData.payload(callId, tool, Json.object().put("command", "echo " + i), effect)), line++);
            session.append(NewEvent.of("r1", "sandbox", EventType.TOOL_RESULT).at(at.plusMillis(3))
                    .data(Json.object().put("callId", callId).put("exitCode", 0).put("stdout", "out é " + i)), line++);
            session.append(NewEvent.of("r1", "agent:a", EventType.NOTE).at(at.plusMillis(5)).data(NoteData.of("step " + i).toPayload()), line++);
        }
        return session.finish("long-trace", "a long import");
    }

    private static List<Event> storeAndLoad(ImportedTrace trace, Path dir) throws Exception {
        try (TraceStore store = TraceStore.open(dir.resolve("store.db")); Bundle bundle = trace.bundle()) {
            store.importTrace(bundle, trace.findings(), "long.jsonl");
            assertThat(store.find("long-trace")).get().satisfies(summary -> assertThat(summary.eventCount()).isEqualTo(bundle.events().size()));
            return List.copyOf(store.load("long-trace").events());
        }
    }
}
