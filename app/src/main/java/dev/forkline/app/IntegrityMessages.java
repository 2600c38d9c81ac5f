package dev.forkline.app;

import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.verify.Problem;
import java.io.PrintWriter;
import java.util.List;

/** How the commands tell a failing integrity verdict on stderr: where it first breaks, what, and how many problems. */
final class IntegrityMessages {

    /** Problems listed after the first one. */
    static final int LISTED = 20;

    private IntegrityMessages() {
    }

    /**
     * {@code <file>:<line>: event <id>: altered (hash-mismatch): <detail>; 2 problems in all}; the location is the trace's
     * name when the line is not known.
     */
    static String firstProblem(String file, IntegrityVerdict verdict) {
        String where = verdict.line() > 0 ? TraceFormatException.location(file, verdict.line()) : file;
        return where + ": event " + verdict.eventId() + ": " + verdict.status().label() + " (" + verdict.code() + "): " + verdict.detail()
                + "; " + verdict.problems() + (verdict.problems() == 1 ? " problem" : " problems") + " in all";
    }

    /** The problems after the first, indented, at most {@value #LISTED} of them. */
    static void listRest(PrintWriter err, String file, List<Problem> problems) {
        problems.stream().skip(1).limit(LISTED).forEach(problem -> err.println("  " + (problem.line() > 0 ? problem.describe(file)
                : file + ": event " + problem.eventId() + ": " + problem.message())));
    }

    /** What to do about a failing verdict. */
    static String advice(IntegrityVerdict verdict) {
        return verdict.altered() ? "the trace is not what was recorded"
                : "trust the owners' keys (forkline keys trust FILE, or --trust FILE) if they are theirs, then verify again";
    }
}
