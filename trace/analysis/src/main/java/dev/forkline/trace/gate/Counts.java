package dev.forkline.trace.gate;

import java.util.Locale;

/** A count as the clauses' messages give it, thousands grouped ("297,604 tool call(s)"), as the window counts. */
final class Counts {

    private Counts() {
    }

    static String of(long count) {
        return String.format(Locale.ROOT, "%,d", count);
    }
}
