package dev.forkline.importers.claudecode;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.TraceFacts;
import dev.forkline.trace.EventType;
import org.junit.jupiter.api.Test;

class ClaudeCodeProbeTest {
    @Test
    void probe() throws Exception {
        for (String name : new String[] {"claude-code/claude-code-viewer_5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
                "claude-code/entireio-cli_checkpoint_1a8a83a35a9b_full.jsonl"}) {
            ImportedTrace trace = new ClaudeCodeImporter().read(Samples.require(name));
            TraceFacts f = new TraceFacts(trace);
            System.out.println("== " + name);
            System.out.println(f.countsByType());
            System.out.println(f.actors());
            System.out.println(f.models());
            System.out.println("in " + f.usage("inputTokens") + " out " + f.usage("outputTokens") + " cr " + f.usage("cacheReadTokens") + " cw " + f.usage("cacheWriteTokens"));
            System.out.println("paired " + f.pairedResults() + " errors " + f.errorResults() + " effects " + f.effects());
            trace.findings().forEach(x -> System.out.println("  " + x));
            f.of(EventType.STATE_MUTATION).forEach(e -> System.out.println("  MUT " + e.data()));
            f.of(EventType.AGENT_MESSAGE).forEach(e -> System.out.println("  MSG " + e.actor() + " " + e.data().path("to") + " " + e.causes()));
        }
    }
}
