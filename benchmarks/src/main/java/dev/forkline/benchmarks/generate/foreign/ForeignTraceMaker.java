package dev.forkline.benchmarks.generate.foreign;

import java.io.IOException;
import java.nio.file.Path;

/** Writes the synthetic run in one foreign format. */
interface ForeignTraceMaker {

    /** Writes at least {@code records} records (lines, or spans) into {@code file}; returns how many. */
    long write(Path file, int records, long seed) throws IOException;
}
