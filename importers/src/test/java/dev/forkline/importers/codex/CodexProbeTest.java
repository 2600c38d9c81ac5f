package dev.forkline.importers.codex;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.TraceFacts;
import dev.forkline.trace.EventType;
import org.junit.jupiter.api.Test;

class CodexProbeTest {
    @Test
    void probe() throws Exception {
        ImportedTrace trace = new CodexRolloutImporter().read(Samples.require("codex-rollout/localpush_rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl"));
        TraceFacts f = new TraceFacts(trace);
        System.out.println(f.countsByType());
        System.out.println(f.actors());
        System.out.println(f.models());
        System.out.println("in " + f.usage("inputTokens") + " out " + f.usage("outputTokens") + " cr " + f.usage("cacheReadTokens") + " reason " + f.usage("reasoningOutputTokens"));
        System.out.println("paired " + f.pairedResults() + " errors " + f.errorResults() + " effects " + f.effects());
        trace.findings().stream().filter(x -> !x.code().equals("effect-guessed")).forEach(x -> System.out.println("  " + x));
        System.out.println("guessed " + f.findings("effect-guessed").size());
        System.out.println(f.first(EventType.SESSION_START));
        System.out.println(f.of(EventType.MODEL_CALL).get(1).data());
    }
}
