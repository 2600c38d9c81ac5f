package dev.forkline.trace.verify;

import dev.forkline.trace.TraceFormatException;

/**
 * One integrity problem of a trace.
 *
 * @param code    stable code: {@code hash-mismatch}, {@code missing-hash}, {@code prev-chain-break},
 *                {@code seq-order}, {@code duplicate-id}, {@code unknown-cause}, {@code fork-point-unknown},
 *                {@code missing-blob}, {@code corrupt-blob}, {@code bad-blob-reference}, or an {@link EventCheck}'s code
 * @param eventId the event it is about
 * @param line    1-based line of that event in trace.jsonl, or 0 when unknown
 * @param message what is wrong, for a person
 */
public record Problem(String code, String eventId, long line, String message) {

    /** {@code <file>:<line>: event <id>: <message>}, the form the CLI prints. */
    public String describe(String file) {
        return TraceFormatException.location(file, line) + ": event " + eventId + ": " + message;
    }
}
