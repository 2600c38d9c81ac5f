package dev.forkline.trace.export;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleWriter;

import dev.forkline.trace.Event;
import dev.forkline.trace.verify.BlobReferences;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Optional;
import java.util.Set;

/** Writes a bundle held anywhere (in the store, in memory after an import) to a new bundle directory. */
public final class BundleExport {

    private BundleExport() {
    }

    /**
     * Writes {@code source}'s manifest, events and the blobs they name to {@code target}, which must not exist; the
     * directory appears only once complete (see {@link BundleWriter#create}).
     */
    public static Path write(Bundle source, Path target) throws IOException {
        Set<String> written = new HashSet<>();
        try (BundleWriter writer = BundleWriter.create(target, source.manifest())) {
            for (Event event : source.events()) {
                for (BlobReferences.Reference reference : BlobReferences.of(event)) {
                    if (reference.hash() != null && written.add(reference.hash())) {
                        Optional<byte[]> content = source.blobs().read(reference.hash());
                        if (content.isPresent()) {
                            writer.putBlob(content.get());
                        }
                    }
                }
                writer.write(event);
            }
            return writer.commit();
        }
    }
}
