package dev.forkline.replay.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class CallOutputTest {

    private final List<byte[]> stored = new ArrayList<>();

    private String store(byte[] bytes) {
        stored.add(bytes);
        return "sha256:blob" + stored.size();
    }

    @Test
    void shortUtf8TextGoesInlineAndEmptyOutputIsEmptyText() {
        ObjectNode data = Json.object();
        CallOutput.put(data, "stdout", "héllo\n".getBytes(StandardCharsets.UTF_8), this::store);
        CallOutput.put(data, "stderr", new byte[0], this::store);
        assertThat(data.path("stdout").asText()).isEqualTo("héllo\n");
        assertThat(data.path("stderr").asText()).isEmpty();
        assertThat(data.has("stdoutBlob")).isFalse();
        assertThat(stored).isEmpty();
    }

    @Test
    void textAtTheLimitIsInlineAndOneByteMoreGoesToABlob() {
        ObjectNode data = Json.object();
        CallOutput.put(data, "stdout", "x".repeat(CallOutput.INLINE_LIMIT).getBytes(StandardCharsets.US_ASCII), this::store);
        CallOutput.put(data, "stderr", "y".repeat(CallOutput.INLINE_LIMIT + 1).getBytes(StandardCharsets.US_ASCII), this::store);
        assertThat(data.path("stdout").asText()).hasSize(4096);
        assertThat(data.has("stderr")).isFalse();
        assertThat(data.path("stderrBlob").asText()).isEqualTo("sha256:blob1");
        assertThat(stored).singleElement().satisfies(b -> assertThat(b).hasSize(4097));
    }

    @Test
    void invalidUtf8GoesToABlobEvenWhenShort() {
        ObjectNode data = Json.object();
        byte[] binary = {(byte) 0xff, (byte) 0xfe, 0x00};
        CallOutput.put(data, "stdout", binary, this::store);
        assertThat(data.has("stdout")).isFalse();
        assertThat(data.path("stdoutBlob").asText()).isEqualTo("sha256:blob1");
        assertThat(stored).containsExactly(binary);
    }
}
