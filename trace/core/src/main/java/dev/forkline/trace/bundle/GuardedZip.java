package dev.forkline.trace.bundle;

import dev.forkline.trace.TraceFormatException;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * A zip archive from a stranger, opened defensively: every entry is checked when the archive is opened and each
 * failure names the archive and entry ({@code archive!/entry}). Rejected: absolute paths, {@code ..} segments, links,
 * duplicate file names, more entries than the limit, entries declaring more bytes than the limit or a compression ratio
 * over {@value #MAX_RATIO}:1 (above 1 MiB) that marks a zip bomb; a read stops when an entry inflates beyond its declared
 * size.
 */
public final class GuardedZip implements Closeable {

    /** How much a caller lets an archive hold. */
    public record Limits(int maxEntries, long maxEntryBytes) {
    }

    public static final long MAX_RATIO = 200;
    private static final long RATIO_FLOOR_BYTES = 1024 * 1024;

    private final String name;
    private final ZipFile zip;
    private final long maxEntryBytes;
    private final Map<String, ZipArchiveEntry> files;

    private GuardedZip(String name, ZipFile zip, long maxEntryBytes, Map<String, ZipArchiveEntry> files) {
        this.name = name;
        this.zip = zip;
        this.maxEntryBytes = maxEntryBytes;
        this.files = files;
    }

    /** Whether the file starts with a zip local-file header. Never throws. */
    public static boolean isZip(Path path) {
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

    /** Opens the archive and checks every entry; nothing is inflated yet. */
    public static GuardedZip open(Path path, Limits limits) throws IOException, TraceFormatException {
        String name = path.toString();
        ZipFile zip;
        try {
            zip = ZipFile.builder().setPath(path).get();
        } catch (IOException e) {
            throw new TraceFormatException(name, 0, "not a readable zip archive: " + e.getMessage());
        }
        try {
            Map<String, ZipArchiveEntry> files = new LinkedHashMap<>();
            int count = 0;
            for (Enumeration<ZipArchiveEntry> all = zip.getEntries(); all.hasMoreElements(); ) {
                ZipArchiveEntry entry = all.nextElement();
                if (++count > limits.maxEntries()) {
                    throw new TraceFormatException(name, 0, "archive holds more than " + limits.maxEntries() + " entries");
                }
                check(name, entry, limits.maxEntryBytes());
                if (entry.isDirectory()) {
                    continue;
                }
                if (files.put(entry.getName(), entry) != null) {
                    throw new TraceFormatException(name + "!/" + entry.getName(), 0, "duplicate entry name");
                }
            }
            return new GuardedZip(name, zip, limits.maxEntryBytes(), files);
        } catch (TraceFormatException | RuntimeException e) {
            zip.close();
            throw e;
        }
    }

    private static void check(String archive, ZipArchiveEntry entry, long maxEntryBytes) throws TraceFormatException {
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
        if (size > maxEntryBytes) {
            throw new TraceFormatException(where, 0, "entry declares " + size + " bytes, more than the limit of " + maxEntryBytes);
        }
        if (size > RATIO_FLOOR_BYTES && compressed > 0 && size / compressed > MAX_RATIO) {
            throw new TraceFormatException(where, 0, "compression ratio " + (size / compressed) + ":1 marks a zip bomb");
        }
    }

    /** The archive's file name, for messages. */
    public String name() {
        return name;
    }

    /** The names of the file entries (not directories), in archive order. */
    public List<String> names() {
        return new ArrayList<>(files.keySet());
    }

    public boolean has(String entryName) {
        return files.containsKey(entryName);
    }

    /** The bytes the entry takes in the archive (its compressed size; 0 where the archive does not say). */
    public long compressedSize(String entryName) {
        ZipArchiveEntry entry = files.get(entryName);
        return entry == null ? 0 : Math.max(0, entry.getCompressedSize());
    }

    /** The entry's bytes, bounded by its declared size (or the entry limit when it declares none). */
    public InputStream open(String entryName) throws IOException, TraceFormatException {
        ZipArchiveEntry entry = files.get(entryName);
        if (entry == null) {
            throw new TraceFormatException(name, 0, "the archive holds no " + entryName);
        }
        long declared = entry.getSize();
        long limit = declared >= 0 ? Math.min(declared, maxEntryBytes) : maxEntryBytes;
        String where = name + "!/" + entryName;
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
    public void close() throws IOException {
        zip.close();
    }
}
