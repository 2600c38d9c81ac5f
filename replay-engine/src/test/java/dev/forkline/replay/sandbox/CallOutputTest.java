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

    /** Writes one output the way a tool.result holds it: under {@code field}, or its blob under {@code <field>Blob}. */
    private void put(ObjectNode data, String field, byte[] bytes) {
        CallOutput.Stored stored = CallOutput.store(bytes, this::store);
        if (stored.text() != null) {
            data.put(field, stored.text());
        } else {
            data.put(field + "Blob", stored.blob());
        }
    }

    @Test
    void shortUtf8TextGoesInlineAndEmptyOutputIsEmptyText() {
        ObjectNode data = Json.object();
        put(data, "stdout", "héllo\n".getBytes(StandardCharsets.UTF_8));
        put(data, "stderr", new byte[0]);
        assertThat(data.path("stdout").asText()).isEqualTo("héllo\n");
        assertThat(data.path("stderr").asText()).isEmpty();
        assertThat(data.has("stdoutBlob")).isFalse();
        assertThat(stored).isEmpty();
    }

    @Test
    void textAtTheLimitIsInlineAndOneByteMoreGoesToABlob() {
        ObjectNode data = Json.object();
        put(data, "stdout", "x".repeat(CallOutput.INLINE_LIMIT).getBytes(StandardCharsets.US_ASCII));
        put(data, "stderr", "y".repeat(CallOutput.INLINE_LIMIT + 1).getBytes(StandardCharsets.US_ASCII));
        assertThat(data.path("stdout").asText()).hasSize(4096);
        assertThat(data.has("stderr")).isFalse();
        assertThat(data.path("stderrBlob").asText()).isEqualTo("sha256:blob1");
        assertThat(stored).singleElement().satisfies(b -> assertThat(b).hasSize(4097));
    }

    @Test
    void invalidUtf8GoesToABlobEvenWhenShort() {
        ObjectNode data = Json.object();
        byte[] binary = {(byte) 0xff, (byte) 0xfe, 0x00};
        put(data, "stdout", binary);
        assertThat(data.has("stdout")).isFalse();
        assertThat(data.path("stdoutBlob").asText()).isEqualTo("sha256:blob1");
        assertThat(stored).containsExactly(binary);
    }
}
