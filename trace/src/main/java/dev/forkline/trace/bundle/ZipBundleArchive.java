package dev.forkline.trace.bundle;

import dev.forkline.trace.Hashes;
import dev.forkline.trace.TraceFormatException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Enumeration;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * A bundle packed as a zip, read in place. Archives come from strangers, so opening one rejects (naming the entry):
 * absolute paths, {@code ..} segments, links, duplicate names, more than {@value #MAX_ENTRIES} entries, and entries
 * whose declared or actual size or compression ratio marks a zip bomb. Entries may sit at the root or under one
 * top-level folder.
 */
public final class ZipBundleArchive implements BlobSource {

    static final int MAX_ENTRIES = 500_000;
    static final long MAX_ENTRY_BYTES = 4L * 1024 * 1024 * 1024;
    static final long MAX_RATIO = 200;
    private static final long RATIO_FLOOR_BYTES = 1024 * 1024;

    private final String name;
    private final ZipFile zip;
    private final Map<String, ZipArchiveEntry> entries;

    private ZipBundleArchive(String name, ZipFile zip, Map<String, ZipArchiveEntry> entries) {
        this.name = name;
        this.zip = zip;
        this.entries = entries;
    }

    static boolean isZip(Path path) {
        if (!Files.isRegularFile(path)) {
            return false;
        }
        try (InputStream in = Files.newInputStream(path)) {
            byte[] magic = in.readNBytes(4);
            return magic.length == 4 && magic[0] == 'P' && magic[1] == 'K' && magic[2] == 3 && magic[3] == 4;
        } catch (IOException e) {
            return false;
        }
    }

    static ZipBundleArchive open(Path path) throws IOException, TraceFormatException {
        String name = path.toString();
        ZipFile zip;
        try {
            zip = ZipFile.builder().setPath(path).get();
        } catch (IOException e) {
            throw new TraceFormatException(name, 0, "not a readable zip archive: " + e.getMessage());
        }
        try {
            Map<String, ZipArchiveEntry> byName = new HashMap<>();
            String prefix = null;
            int count = 0;
            for (Enumeration<ZipArchiveEntry> all = zip.getEntries(); all.hasMoreElements(); ) {
                ZipArchiveEntry entry = all.nextElement();
                String entryName = entry.getName();
                if (++count > MAX_ENTRIES) {
                    throw new TraceFormatException(name, 0, "archive holds more than " + MAX_ENTRIES + " entries");
                }
                checkEntry(name, entry);
                if (entry.isDirectory()) {
                    continue;
                }
                String top = entryName.contains("/") ? entryName.substring(0, entryName.indexOf('/') + 1) : "";
                if (entryName.endsWith(Bundle.MANIFEST) && (entryName.equals(Bundle.MANIFEST) || entryName.equals(top + Bundle.MANIFEST))) {
                    if (prefix != null && !prefix.equals(top)) {
                        throw new TraceFormatException(name, 0, "archive holds more than one " + Bundle.MANIFEST);
                    }
                    prefix = top;
                }
                if (byName.put(entryName, entry) != null) {
                    throw new TraceFormatException(name + "!/" + entryName, 0, "duplicate entry name");
                }
            }
            if (prefix == null) {
                throw new TraceFormatException(name, 0, "not a Forkline bundle: the archive holds no " + Bundle.MANIFEST);
            }
            Map<String, ZipArchiveEntry> entries = new HashMap<>();
            for (var entry : byName.entrySet()) {
                if (entry.getKey().startsWith(prefix)) {
                    entries.put(entry.getKey().substring(prefix.length()), entry.getValue());
                }
            }
            return new ZipBundleArchive(name, zip, entries);
        } catch (TraceFormatException | RuntimeException e) {
            zip.close();
            throw e;
        }
    }

    private static void checkEntry(String archive, ZipArchiveEntry entry) throws TraceFormatException {
        String entryName = entry.getName();
        String where = archive + "!/" + entryName;
        if (entryName.startsWith("/") || entryName.startsWith("\\") || entryName.matches("^[A-Za-z]:.*")) {
            throw new TraceFormatException(where, 0, "absolute path in archive");
        }
        for (String segment : entryName.split("[/\\\\]")) {
            if (segment.equals("..")) {
                throw new TraceFormatException(where, 0, "'..' path segment in archive");
            }
        }
        if (entry.isUnixSymlink()) {
            throw new TraceFormatException(where, 0, "link in archive (links are never followed)");
        }
        long size = entry.getSize();
        long compressed = entry.getCompressedSize();
        if (size > MAX_ENTRY_BYTES) {
            throw new TraceFormatException(where, 0, "entry declares " + size + " bytes, more than the limit of " + MAX_ENTRY_BYTES);
        }
        if (size > RATIO_FLOOR_BYTES && compressed > 0 && size / compressed > MAX_RATIO) {
            throw new TraceFormatException(where, 0, "compression ratio " + (size / compressed) + ":1 marks a zip bomb");
        }
    }

    InputStream open(String entryName) throws IOException, TraceFormatException {
        ZipArchiveEntry entry = entries.get(entryName);
        if (entry == null) {
            throw new TraceFormatException(name, 0, "not a Forkline bundle: the archive holds no " + entryName);
        }
        return bounded(entry);
    }

    private InputStream bounded(ZipArchiveEntry entry) throws IOException {
        long declared = entry.getSize();
        long limit = declared >= 0 ? Math.min(declared, MAX_ENTRY_BYTES) : MAX_ENTRY_BYTES;
        String where = name + "!/" + entry.getName();
        return new FilterInputStream(zip.getInputStream(entry)) {
            private long read;

            @Override
            public int read() throws IOException {
                int b;
                try {
                    b = super.read();
                } catch (IOException e) {
                    throw named(e);
                }
                if (b >= 0) {
                    count(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n;
                try {
                    n = super.read(buffer, offset, length);
                } catch (IOException e) {
                    throw named(e);
                }
                if (n > 0) {
                    count(n);
                }
                return n;
            }

            /** Corrupt compressed data surfaces as a bare ZipException ("invalid distance too far back"): say where. */
            private IOException named(IOException e) {
                return new IOException(where + ": unreadable archive entry: " + e.getMessage(), e);
            }

            private void count(int n) throws IOException {
                read += n;
                if (read > limit) {
                    throw new IOException(where + ": entry inflates beyond its declared size of " + limit + " bytes (zip bomb)");
                }
            }
        };
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
        try (InputStream in = bounded(entries.get(Bundle.BLOBS + "/" + DirectoryBlobStore.fileName(hash)))) {
            byte[] content = in.readAllBytes();
            CorruptBlobException.check(hash, content);
            return Optional.of(content);
        }
    }

    @Override
    public void close() throws IOException {
        zip.close();
    }
}
