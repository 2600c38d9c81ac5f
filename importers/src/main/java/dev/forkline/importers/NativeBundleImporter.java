package dev.forkline.importers;

import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/** Forkline's own bundle format (directory or zip). */
public final class NativeBundleImporter implements TraceImporter {

    @Override
    public String format() {
        return Manifest.NATIVE_FORMAT;
    }

    @Override
    public boolean accepts(Path path, byte[] head) {
        if (!BundleReader.looksLikeBundle(path)) {
            return false;
        }
        // any zip "looks like" a bundle to the reader; other formats are zips too (Inspect's .eval), so require the manifest
        return Files.isDirectory(path) || holdsManifest(path);
    }

    private static boolean holdsManifest(Path zipFile) {
        try (ZipFile zip = new ZipFile(zipFile.toFile())) {
            Enumeration<? extends ZipEntry> entries = zip.entries();
            while (entries.hasMoreElements()) {
                String name = entries.nextElement().getName();
                if (name.equals(Bundle.MANIFEST) || name.endsWith("/" + Bundle.MANIFEST) && name.indexOf('/') == name.lastIndexOf('/')) {
                    return true;
                }
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return false;
        }
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        Bundle bundle = BundleReader.read(path);
        return new ImportedTrace(bundle, MissingBlobs.findings(bundle));
    }

    /** A large bundle directory's events go to {@code sink} as they are read and checked. */
    @Override
    public ImportedTrace read(Path path, EventBatchSink sink) throws IOException, TraceFormatException {
        Bundle bundle = BundleReader.read(path, sink);
        return new ImportedTrace(bundle, MissingBlobs.findings(bundle));
    }
}
