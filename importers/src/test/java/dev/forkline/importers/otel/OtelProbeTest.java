package dev.forkline.importers.otel;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.TraceFacts;
import dev.forkline.trace.EventType;
import org.junit.jupiter.api.Test;

class OtelProbeTest {
    @Test
    void probe() throws Exception {
        ImportedTrace trace = new OtelImporter().read(Samples.require("otel-genai/agentevals_tempo_export_with_batches.json"));
        TraceFacts f = new TraceFacts(trace);
        System.out.println(f.countsByType());
        System.out.println(f.actors());
        System.out.println(f.models());
        System.out.println("in " + f.usage("inputTokens") + " out " + f.usage("outputTokens"));
        System.out.println("paired " + f.pairedResults() + " errors " + f.errorResults() + " effects " + f.effects());
        trace.findings().forEach(x -> System.out.println("  " + x));
        System.out.println(f.first(EventType.SESSION_START));
        f.of(EventType.MODEL_CALL).forEach(e -> System.out.println(e.actor() + " " + e.data().toString().substring(0, Math.min(600, e.data().toString().length()))));
        f.of(EventType.TOOL_CALL).forEach(e -> System.out.println(e.actor() + " " + e.causes() + " " + e.data()));
        f.of(EventType.AGENT_HANDOFF).forEach(e -> System.out.println(e.actor() + " " + e.data()));
        f.events().stream().limit(12).forEach(e -> System.out.println(e.ts() + " " + e.type() + " " + e.actor() + " " + e.text("text")));
    }
}
