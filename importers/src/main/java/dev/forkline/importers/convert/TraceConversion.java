package dev.forkline.importers.convert;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.SpilledBlobs;
import dev.forkline.trace.Event;
import dev.forkline.trace.Finding;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import dev.forkline.trace.verify.BlobReferences;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.io.IOException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Turns a trace of any supported format into a Forkline bundle directory: the import's events and every blob it made,
 * and a manifest naming the source file and its SHA-256 ({@link Manifest.Source}). The written bundle is read back and
 * verified, so what is handed on is known to be intact and tamper-evident.
 */
public final class TraceConversion {

    /** What one conversion wrote: the bundle, its manifest, how many events, the import's findings and the verification. */
    public record Converted(Path source, Path bundle, Manifest manifest, int events, List<Finding> findings,
            VerificationReport verification) {
    }

    private final Importers importers;

    public TraceConversion(Importers importers) {
        this.importers = importers;
    }

    /**
     * Converts {@code source} into a new bundle directory in {@code outDir}, named after the source
     * ({@link #bundleName}); an existing directory of that name is never overwritten.
     */
    public Converted convert(Path source, Path outDir) throws IOException, TraceFormatException {
        Path target = outDir.resolve(bundleName(source));
        if (Files.exists(target)) {
            throw new FileAlreadyExistsException(target.toString(), null, "already exists: remove it or choose another --out");
        }
        Manifest.Source from = new Manifest.Source(source.toAbsolutePath().normalize().getFileName().toString(), SourceDigest.of(source));
        ImportedTrace imported = importers.read(source);
        try (Bundle bundle = imported.bundle()) {
            Manifest manifest = bundle.manifest().withSource(from);
            write(bundle, manifest, target);
            try (Bundle written = BundleReader.read(target)) {
                VerificationReport verification = Verifier.verify(written);
                return new Converted(source, target, written.manifest(), written.events().size(), imported.findings(), verification);
            }
        }
    }

    /**
     * The bundle directory's name: the source's name without its trace extensions, plus {@code .forkline}. A hidden
     * file (aider's {@code .aider.chat.history.md}, the same name in every repository) gives a visible name that says
     * whose it is: its folder's name, then its own without the leading dot, dots as dashes
     * ({@code myrepo-aider-chat-history.forkline}).
     */
    public static String bundleName(Path source) {
        Path absolute = source.toAbsolutePath().normalize();
        String name = absolute.getFileName() == null ? "trace" : absolute.getFileName().toString();
        String stem = name.replaceFirst("(\\.trace)?\\.(jsonl|json|traj|eval|zip|md)$", "");
        if (stem.isBlank()) {
            stem = name;
        }
        if (stem.startsWith(".")) {
            String visible = stem.replaceFirst("^\\.+", "").replace('.', '-');
            Path folder = absolute.getParent() == null ? null : absolute.getParent().getFileName();
            String owner = folder == null ? "" : folder.toString().replaceFirst("^\\.+", "");
            stem = owner.isBlank() ? (visible.isBlank() ? "trace" : visible) : visible.isBlank() ? owner : owner + "-" + visible;
        }
        return stem + ".forkline";
    }

    /** Every blob the import made (an import's store), else those its events name; then the events, in order. */
    private static void write(Bundle bundle, Manifest manifest, Path target) throws IOException {
        try (BundleWriter writer = BundleWriter.create(target, manifest)) {
            if (bundle.blobs() instanceof MemoryBlobStore memory) {
                for (Map.Entry<String, byte[]> blob : memory.all().entrySet()) {
                    writer.putBlob(blob.getValue());
                }
            } else if (bundle.blobs() instanceof SpilledBlobs spilled) {
                spilled.forEach(writer::putBlob);
            } else {
                Set<String> written = new HashSet<>();
                for (Event event : bundle.events()) {
                    for (BlobReferences.Reference reference : BlobReferences.of(event)) {
                        if (reference.hash() != null && written.add(reference.hash())) {
                            Optional<byte[]> content = bundle.blobs().read(reference.hash());
                            if (content.isPresent()) {
                                writer.putBlob(content.get());
                            }
                        }
                    }
                }
            }
            for (Event event : bundle.events()) {
                writer.write(event);
            }
            writer.commit();
        }
    }
}
