package dev.forkline.importers;

import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.util.function.BooleanSupplier;

/**
 * Hears how far an importer of a foreign format has read its file, so that what was read so far can be shown while the
 * import goes on: each report comes with the means to import that part as a trace of its own ({@link PartRead}), which
 * reads it again, so the watcher decides when one is worth it. Called on the reading thread; throwing (the import was
 * cancelled) ends the import there, with nothing of it kept.
 */
public interface ReadingWatcher {

    /** Hears nothing. */
    ReadingWatcher NONE = (bytesRead, bytesTotal, soFar) -> {
    };

    /**
     * @param bytesRead  how much of the file was read so far
     * @param bytesTotal the file's size
     * @param soFar      imports the part read so far (any thread, any time)
     */
    void read(long bytesRead, long bytesTotal, PartRead soFar) throws IOException;

    /**
     * The trace of a file's part read so far, as the same importer makes the whole one: the events of records whose
     * outcome lies further on (a response continued beyond the part, a call answered later) and those the importer
     * adds at the end (the session's close) differ; the others are the whole trace's, same ids and content, except
     * what the session's start sums up of the whole file (its title, model, start time when a later record is earlier).
     * Of a file of one document (an OTLP export) the part is the spans read so far, made into events in time order: their
     * events keep their ids (made of the spans' ids), and a span further on in the file that starts earlier comes in
     * among them with a later part.
     */
    @FunctionalInterface
    interface PartRead {
        /**
         * @param stopped asked as the part is read and its events made: once true, the read ends with a
         *                {@link java.util.concurrent.CancellationException} (the import it was a preview of ended)
         */
        ImportedTrace read(BooleanSupplier stopped) throws IOException, TraceFormatException;
    }
}
