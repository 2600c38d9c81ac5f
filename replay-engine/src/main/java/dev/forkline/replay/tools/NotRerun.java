package dev.forkline.replay.tools;

/**
 * Thrown where a call cannot be re-run faithfully (an argument, a file or a condition whose result depends on
 * something a rebuilt workspace does not have); the message says why, and the facade turns it into an outcome.
 */
final class NotRerun extends RuntimeException {

    NotRerun(String reason) {
        super(reason, null, false, false);
    }
}
