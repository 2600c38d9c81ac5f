package dev.forkline.replay.workspace;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.sandbox.WorkspaceFile;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;
import java.util.zip.GZIPInputStream;

/**
 * Reads a {@code .tar}, {@code .tar.gz} or {@code .tgz} archive into a starting tree, treating it as hostile: absolute
 * paths, '..' segments and links that lead outside the tree are refused; devices and FIFOs are ignored with a warning;
 * size and entry count are capped. When every entry lies under one top-level directory (as {@code git archive
 * --prefix=cli/} makes), that directory is stripped. An archive made by {@code git archive} names its commit in its
 * pax global header ({@code comment=<sha>}); that becomes the tree's commit.
 */
final class ArchiveTreeReader {

    private static final Pattern COMMIT = Pattern.compile("[0-9a-f]{40}|[0-9a-f]{64}");

    private enum Kind { DIRECTORY, FILE, SYMLINK, HARDLINK }

    /** One entry as read, its path split into segments, before the top-level directory is stripped. */
    private record Entry(int index, String name, List<String> segments, Kind kind, byte[] content, int mode, String link) {
    }

    private ArchiveTreeReader() {
    }

    /**
     * @throws ReplayInputException when the file is not a tar archive, is damaged, or holds a hostile entry
     * @throws IOException              when the file cannot be read
     */
    static StartingTree read(Path archive, TreeLimits limits) throws IOException {
        String source = "archive " + archive;
        TreeBuilder tree = new TreeBuilder(source, limits);
        List<Entry> entries = new ArrayList<>();
        String commit = null;
        try (InputStream in = open(archive); TarArchiveInputStream tar = new TarArchiveInputStream(in)) {
            int index = 0;
            while (true) {
                TarArchiveEntry entry;
                try {
                    entry = tar.getNextEntry();
                } catch (IOException damaged) {
                    throw new ReplayInputException(source + ": unreadable archive at entry " + (index + 1) + ": "
                            + damaged.getMessage(), damaged);
                }
                if (entry == null) {
                    break;
                }
                index++;
                tree.countEntry();
                String comment = entry.getExtraPaxHeader("comment");
                if (commit == null && comment != null && COMMIT.matcher(comment.strip()).matches()) {
                    commit = comment.strip();
                }
                Entry read = entry(entry, index, tar, tree, source);
                if (read != null) {
                    entries.add(read);
                }
            }
            if (index == 0) {
                throw new ReplayInputException(source + " holds no entries: is it a tar archive?");
            }
        }
        String prefix = commonTopDirectory(entries);
        for (Entry entry : entries) {
            place(prefix == null ? entry : strip(entry, prefix), tree, source);
        }
        String description = source + (prefix == null ? "" : " (top-level directory " + prefix + "/ stripped)");
        return new StartingTree(description, tree.files(), commit, tree.warnings());
    }

    private static InputStream open(Path archive) throws IOException {
        InputStream in = new BufferedInputStream(Files.newInputStream(archive), 1 << 16);
        in.mark(2);
        int b1 = in.read();
        int b2 = in.read();
        in.reset();
        if (b1 == 0x1f && b2 == 0x8b) {
            try {
                return new GZIPInputStream(in, 1 << 16);
            } catch (IOException notGzip) {
                in.close();
                throw new ReplayInputException("archive " + archive + ": unreadable gzip data: " + notGzip.getMessage(), notGzip);
            }
        }
        byte[] header = new byte[512];
        in.mark(header.length);
        int n = in.readNBytes(header, 0, header.length);
        in.reset();
        String name = archive.getFileName().toString().toLowerCase(java.util.Locale.ROOT);
        if (!name.endsWith(".tar") && !TarArchiveInputStream.matches(header, n)) {
            in.close();
            throw new ReplayInputException(archive + " is not a directory, a tar archive (.tar, .tar.gz, .tgz) or a git repository");
        }
        return in;
    }

    private static Entry entry(TarArchiveEntry entry, int index, TarArchiveInputStream tar, TreeBuilder tree, String source)
            throws IOException {
        String name = entry.getName();
        List<String> segments = segments(name, index, source);
        if (segments.isEmpty()) {
            return null;
        }
        int mode = entry.getMode() & 0777;
        if (entry.isDirectory()) {
            return new Entry(index, name, segments, Kind.DIRECTORY, null, mode, null);
        }
        if (entry.isSymbolicLink()) {
            return new Entry(index, name, segments, Kind.SYMLINK, null, mode, entry.getLinkName());
        }
        if (entry.isLink()) {
            return new Entry(index, name, segments, Kind.HARDLINK, null, mode, entry.getLinkName());
        }
        if (entry.isCharacterDevice() || entry.isBlockDevice() || entry.isFIFO()) {
            tree.warn(source + ": entry " + index + " (" + name + ") is a " + (entry.isFIFO() ? "FIFO" : "device") + "; ignored");
            return null;
        }
        if (!entry.isFile()) {
            tree.warn(source + ": entry " + index + " (" + name + ") is neither a file, a directory nor a link; ignored");
            return null;
        }
        tree.countBytes(name, entry.getSize());
        byte[] content;
        try {
            content = tar.readAllBytes();
        } catch (IOException damaged) {
            throw new ReplayInputException(source + ": unreadable archive at entry " + index + " (" + name + "): "
                    + damaged.getMessage(), damaged);
        }
        return new Entry(index, name, segments, Kind.FILE, content, mode, null);
    }

    /** The entry's path segments without '.' and empty ones; refuses absolute paths and '..'. */
    private static List<String> segments(String name, int index, String source) {
        if (name.startsWith("/")) {
            throw new ReplayInputException(source + ": entry " + index + " (" + name
                    + ") has an absolute path; a starting tree's entries must be relative");
        }
        if (name.indexOf('\0') >= 0) {
            throw new ReplayInputException(source + ": entry " + index + " has a NUL in its name");
        }
        List<String> segments = new ArrayList<>();
        for (String segment : name.split("/")) {
            if (segment.equals("..")) {
                throw new ReplayInputException(source + ": entry " + index + " (" + name
                        + ") has a '..' segment, which would place it outside the tree");
            }
            if (!segment.isEmpty() && !segment.equals(".")) {
                segments.add(segment);
            }
        }
        return segments;
    }

    /** The one directory every entry lies under (a directory entry of that name included), or null. */
    private static String commonTopDirectory(List<Entry> entries) {
        String top = null;
        for (Entry entry : entries) {
            String first = entry.segments().getFirst();
            boolean underIt = entry.segments().size() > 1 || entry.kind() == Kind.DIRECTORY;
            if (!underIt || (top != null && !top.equals(first))) {
                return null;
            }
            top = first;
        }
        return top;
    }

    private static Entry strip(Entry entry, String prefix) {
        List<String> rest = entry.segments().subList(1, entry.segments().size());
        String link = entry.link();
        if (entry.kind() == Kind.HARDLINK && link != null) {
            // hard link targets are archive paths, so they carry the prefix too
            String resolved = RelativePaths.resolve(link);
            link = resolved != null && resolved.startsWith(prefix + "/") ? resolved.substring(prefix.length() + 1) : null;
        }
        return new Entry(entry.index(), entry.name(), List.copyOf(rest), entry.kind(), entry.content(), entry.mode(), link);
    }

    private static void place(Entry entry, TreeBuilder tree, String source) {
        if (entry.segments().isEmpty() || entry.kind() == Kind.DIRECTORY) {
            return;
        }
        String path = String.join("/", entry.segments());
        String where = source + ": entry " + entry.index() + " (" + entry.name() + ")";
        switch (entry.kind()) {
            case FILE -> tree.add(WorkspaceFile.regular(path, entry.content(), entry.mode()));
            case SYMLINK -> {
                String target = entry.link() == null ? "" : entry.link();
                if (!RelativePaths.linkStaysInside(path, target)) {
                    throw new ReplayInputException(where + " is a symbolic link to " + (target.isEmpty() ? "nothing" : target)
                            + ", which lies outside the tree");
                }
                tree.add(WorkspaceFile.symlink(path, target));
            }
            case HARDLINK -> {
                String target = entry.link() == null ? null : RelativePaths.resolve(entry.link());
                WorkspaceFile linked = target == null || target.isEmpty() ? null : tree.get(target);
                if (linked == null || linked.isSymlink()) {
                    throw new ReplayInputException(where + " is a hard link to "
                            + (entry.link() == null ? "a path outside the archive's top-level directory" : entry.link())
                            + ", which is not a file the archive holds before it");
                }
                tree.add(WorkspaceFile.regular(path, linked.content(), linked.mode()));
            }
            default -> throw new IllegalStateException(entry.kind().name());
        }
    }
}
