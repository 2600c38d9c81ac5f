package dev.forkline.views.data;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which stored traces forkline serve captured: the "live" badge's rule. */
class LiveTracesTest {

    static final String HEX = "4bf92f3577b34da6a3ce929d0e0e4736";

    @Test
    void aClaudeCodeSessionFromHooksIsLiveWhateverItsSource() {
        assertThat(LiveTraces.capturedLive("claude-code-live:s-1", Optional.empty())).isTrue();
        assertThat(LiveTraces.capturedLive("claude-code:s-1", Optional.of(Path.of("/home/dana/s-1.jsonl")))).isFalse();
    }

    @Test
    void anOpenTelemetryTraceIsLiveOnlyWhenStoredFromServesSpanLog() {
        Path log = Path.of("/home/dana/.local/share/forkline/live/otel", HEX, "spans.jsonl");
        assertThat(LiveTraces.capturedLive("otel-genai:" + HEX, Optional.of(log))).isTrue();
        assertThat(LiveTraces.capturedLive("otel-genai:" + HEX, Optional.of(Path.of("/home/dana/export.json")))).isFalse();
        assertThat(LiveTraces.capturedLive("otel-genai:" + HEX, Optional.of(Path.of("/tmp/x/spans.jsonl")))).isFalse();
        assertThat(LiveTraces.capturedLive("otel-genai:" + HEX, Optional.empty())).isFalse();
        assertThat(LiveTraces.mayBeLive("forkline-sample-wrong-tool-call")).isFalse();
    }
}
