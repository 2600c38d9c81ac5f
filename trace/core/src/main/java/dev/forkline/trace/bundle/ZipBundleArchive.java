package dev.forkline.trace.bundle;

import dev.forkline.trace.Hashes;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * A bundle packed as a zip, read in place. Archives come from strangers, so they are opened through {@link GuardedZip}
 * (absolute paths, {@code ..} segments, links, duplicate names, more than {@value #MAX_ENTRIES} entries and zip bombs are
 * rejected, naming the entry). Entries may sit at the root or under one top-level folder.
 */
public final class ZipBundleArchive implements BlobSource {

    static final int MAX_ENTRIES = 500_000;
    static final long MAX_ENTRY_BYTES = 4L * 1024 * 1024 * 1024;
    private static final GuardedZip.Limits LIMITS = new GuardedZip.Limits(MAX_ENTRIES, MAX_ENTRY_BYTES);

    private final GuardedZip zip;
    /** Bundle-relative name (the top-level folder removed) to the entry's name in the archive. */
    private final Map<String, String> entries;

    private ZipBundleArchive(GuardedZip zip, Map<String, String> entries) {
        this.zip = zip;
        this.entries = entries;
    }

    static boolean isZip(Path path) {
        return GuardedZip.isZip(path);
    }

    static ZipBundleArchive open(Path path) throws IOException, TraceFormatException {
        GuardedZip zip = GuardedZip.open(path, LIMITS);
        try {
            String prefix = null;
            for (String entryName : zip.names()) {
                String top = entryName.contains("/") ? entryName.substring(0, entryName.indexOf('/') + 1) : "";
                if (entryName.endsWith(Bundle.MANIFEST) && (entryName.equals(Bundle.MANIFEST) || entryName.equals(top + Bundle.MANIFEST))) {
                    if (prefix != null && !prefix.equals(top)) {
                        throw new TraceFormatException(zip.name(), 0, "archive holds more than one " + Bundle.MANIFEST);
                    }
                    prefix = top;
                }
            }
            if (prefix == null) {
                throw new TraceFormatException(zip.name(), 0, "not a Forkline bundle: the archive holds no " + Bundle.MANIFEST);
            }
            Map<String, String> entries = new HashMap<>();
            for (String entryName : zip.names()) {
                if (entryName.startsWith(prefix)) {
                    entries.put(entryName.substring(prefix.length()), entryName);
                }
            }
            return new ZipBundleArchive(zip, entries);
        } catch (TraceFormatException | RuntimeException e) {
            zip.close();
            throw e;
        }
    }

    InputStream open(String entryName) throws IOException, TraceFormatException {
        String archived = entries.get(entryName);
        if (archived == null) {
            throw new TraceFormatException(zip.name(), 0, "not a Forkline bundle: the archive holds no " + entryName);
        }
        return zip.open(archived);
    }

    @Override
    public boolean contains(String hash) {
        return Hashes.isValid(hash) && entries.containsKey(Bundle.BLOBS + "/" + DirectoryBlobStore.fileName(hash));
    }

    @Override
    public Optional<byte[]> read(String hash) throws IOException {
        if (!contains(hash)) {
            return Optional.empty();
        }
        try (InputStream in = open(Bundle.BLOBS + "/" + DirectoryBlobStore.fileName(hash))) {
            byte[] content = in.readAllBytes();
            CorruptBlobException.check(hash, content);
            return Optional.of(content);
        } catch (TraceFormatException absent) {
            throw new IllegalStateException("contains() found the entry", absent);
        }
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
