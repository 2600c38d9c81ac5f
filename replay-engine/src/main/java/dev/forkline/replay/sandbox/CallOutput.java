package dev.forkline.replay.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Optional;
import java.util.function.Function;

/** How a call's stdout or stderr is written into a tool.result: short UTF-8 text inline, anything else as a blob. */
public final class CallOutput {

    /** Largest output, in bytes, kept inline. */
    public static final int INLINE_LIMIT = 4096;

    private CallOutput() {
    }

    /**
     * Puts {@code bytes} under {@code field} when they are valid UTF-8 of at most {@link #INLINE_LIMIT} bytes, else
     * stores them with {@code blobs} and puts the blob's name under {@code <field>Blob}. Empty output is "".
     */
    public static void put(ObjectNode data, String field, byte[] bytes, Function<byte[], String> blobs) {
        if (bytes.length == 0) {
            data.put(field, "");
            return;
        }
        Optional<String> text = bytes.length <= INLINE_LIMIT ? utf8(bytes) : Optional.empty();
        if (text.isPresent()) {
            data.put(field, text.get());
        } else {
            data.put(field + "Blob", blobs.apply(bytes));
        }
    }

    private static Optional<String> utf8(byte[] bytes) {
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString());
        } catch (CharacterCodingException e) {
            return Optional.empty();
        }
    }
}
