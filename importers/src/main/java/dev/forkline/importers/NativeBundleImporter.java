package dev.forkline.importers;

import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** Forkline's own bundle format (directory or zip). */
public final class NativeBundleImporter implements TraceImporter {

    @Override
    public String format() {
        return Manifest.NATIVE_FORMAT;
    }

    @Override
    public boolean accepts(Path path, byte[] head) {
        return BundleReader.looksLikeBundle(path);
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        return new ImportedTrace(BundleReader.read(path), List.of());
    }
}
