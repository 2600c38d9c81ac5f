package dev.forkline.trace.secrets;

/**
 * One secret found in an event. Holds where it is, never the secret itself.
 *
 * @param eventId   the event it is in
 * @param fieldPath where in the event, e.g. {@code data.exec.env.OPENAI_API_KEY} or {@code data.output.toolCalls[0].arguments.token}
 * @param line      the 1-based line of the event in its trace file, or 0 when unknown
 */
public record SecretHit(SecretKind kind, String eventId, String fieldPath, long line) {
}
