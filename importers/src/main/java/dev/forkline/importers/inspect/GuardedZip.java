package dev.forkline.importers.inspect;

import dev.forkline.trace.TraceFormatException;
import java.io.Closeable;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Enumeration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.apache.commons.compress.archivers.zip.ZipArchiveEntry;
import org.apache.commons.compress.archivers.zip.ZipFile;

/**
 * A zip archive from a stranger, opened defensively: every entry is checked when the archive is opened and each
 * failure names the entry. Rejected: absolute paths, {@code ..} segments, links, duplicate names, more than
 * {@value #MAX_ENTRIES} entries, entries declaring more than {@link #MAX_ENTRY_BYTES} or a compression ratio that marks a
 * zip bomb; reads stop when an entry inflates beyond its declared size.
 */
final class GuardedZip implements Closeable {

    static final int MAX_ENTRIES = 200_000;
    static final long MAX_ENTRY_BYTES = 2L * 1024 * 1024 * 1024;
    static final long MAX_RATIO = 200;
    private static final long RATIO_FLOOR_BYTES = 1024 * 1024;

    private final String name;
    private final ZipFile zip;
    private final List<ZipArchiveEntry> entries;

    private GuardedZip(String name, ZipFile zip, List<ZipArchiveEntry> entries) {
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

    static GuardedZip open(Path path) throws IOException, TraceFormatException {
        String name = path.toString();
        ZipFile zip;
        try {
            zip = ZipFile.builder().setPath(path).get();
        } catch (IOException e) {
            throw new TraceFormatException(name, 0, "not a readable zip archive: " + e.getMessage());
        }
        try {
            List<ZipArchiveEntry> entries = new ArrayList<>();
            Set<String> names = new HashSet<>();
            for (Enumeration<ZipArchiveEntry> all = zip.getEntries(); all.hasMoreElements(); ) {
                ZipArchiveEntry entry = all.nextElement();
                if (entries.size() >= MAX_ENTRIES) {
                    throw new TraceFormatException(name, 0, "archive holds more than " + MAX_ENTRIES + " entries");
                }
                check(name, entry);
                if (!names.add(entry.getName())) {
                    throw new TraceFormatException(name + "!/" + entry.getName(), 0, "duplicate entry name");
                }
                if (!entry.isDirectory()) {
                    entries.add(entry);
                }
            }
            return new GuardedZip(name, zip, entries);
        } catch (TraceFormatException | RuntimeException e) {
            zip.close();
            throw e;
        }
    }

    private static void check(String archive, ZipArchiveEntry entry) throws TraceFormatException {
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

    String name() {
        return name;
    }

    List<String> names() {
        return entries.stream().map(ZipArchiveEntry::getName).toList();
    }

    boolean has(String entryName) {
        return entries.stream().anyMatch(e -> e.getName().equals(entryName));
    }

    /** The entry's bytes, bounded by its declared size (or the entry limit when it declares none). */
    InputStream open(String entryName) throws IOException, TraceFormatException {
        ZipArchiveEntry entry = entries.stream().filter(e -> e.getName().equals(entryName)).findFirst()
                .orElseThrow(() -> new TraceFormatException(name, 0, "the archive holds no " + entryName));
        long declared = entry.getSize();
        long limit = declared >= 0 ? Math.min(declared, MAX_ENTRY_BYTES) : MAX_ENTRY_BYTES;
        String where = name + "!/" + entryName;
        return new FilterInputStream(zip.getInputStream(entry)) {
            private long read;

            @Override
            public int read() throws IOException {
                int b = super.read();
                if (b >= 0) {
                    count(1);
                }
                return b;
            }

            @Override
            public int read(byte[] buffer, int offset, int length) throws IOException {
                int n = super.read(buffer, offset, length);
                if (n > 0) {
                    count(n);
                }
                return n;
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
