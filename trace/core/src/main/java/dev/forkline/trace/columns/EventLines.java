package dev.forkline.trace.columns;

import java.io.IOException;

/**
 * Random access to the lines of a trace's events, as written: event {@code i}'s JSON text. Implementations read from
 * a file or a database on demand and must be safe to call from several threads.
 */
public interface EventLines {

    int size();

    /** Event {@code i}'s line (UTF-8, without the line break). */
    byte[] line(int i) throws IOException;

    /** The lines of several events, in the order given; a source that can read neighbours in one go overrides this. */
    default byte[][] lines(int[] indexes) throws IOException {
        byte[][] lines = new byte[indexes.length][];
        for (int k = 0; k < indexes.length; k++) {
            lines[k] = line(indexes[k]);
        }
        return lines;
    }

    /** Where event {@code i} was read from, for messages: a file or a stored trace. */
    String file();

    /** The 1-based line number of event {@code i} in {@link #file()}. */
    long lineNumber(int i);
}
