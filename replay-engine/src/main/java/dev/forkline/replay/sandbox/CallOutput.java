package dev.forkline.replay.sandbox;


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
     * One output as a tool.result holds it: inline {@code text} when the bytes are valid UTF-8 of at most
     * {@link #INLINE_LIMIT} bytes (empty output is ""), else the name of the {@code blob} they were stored as.
     */
    public record Stored(String text, String blob) {
    }

    /** Stores {@code bytes} with {@code blobs} unless they fit inline (see {@link Stored}). */
    public static Stored store(byte[] bytes, Function<byte[], String> blobs) {
        if (bytes.length == 0) {
            return new Stored("", null);
        }
        Optional<String> text = bytes.length <= INLINE_LIMIT ? utf8(bytes) : Optional.empty();
        return text.map(t -> new Stored(t, null)).orElseGet(() -> new Stored(null, blobs.apply(bytes)));
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
