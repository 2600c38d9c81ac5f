package dev.forkline.trace.bundle;

import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.nio.file.Path;

/** For tests elsewhere: reads a bundle the way a large one is read, whatever its size, or the way a small one is. */
public final class LazyBundles {

    private LazyBundles() {
    }

    /** Events scanned into columns and parsed from the file when asked for ({@link ScannedEventsReader}). */
    public static Bundle readLazily(Path bundle) throws IOException, TraceFormatException {
        return BundleReader.read(bundle, 0);
    }

    /** Every event parsed and held in memory. */
    public static Bundle readEagerly(Path bundle) throws IOException, TraceFormatException {
        return BundleReader.read(bundle, Long.MAX_VALUE);
    }
}
