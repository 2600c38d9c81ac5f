package dev.forkline.trace.gate;

import java.util.Locale;

/**
 * A count as the clauses' messages and the postmortem report give it, thousands grouped ("297,604 tool call(s)"), as
 * the window counts.
 */
public final class Counts {

    private Counts() {
    }

    public static String of(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }
}
