package dev.forkline.replay.sandbox;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeSet;

/** Builds the tar streams Docker extracts into a workspace and reads the ones it returns. */
final class TarArchives {

    /** Fixed mtime so that the same files always give the same archive. */
    private static final Date EPOCH = Date.from(Instant.parse("2024-01-01T00:00:00Z"));

    private TarArchives() {
    }

    /** A tar of {@code files} (with every parent directory) owned by {@code uid:gid}, paths relative to the target dir. */
    static byte[] build(Collection<WorkspaceFile> files, int uid, int gid) throws IOException {
        TreeSet<String> directories = new TreeSet<>();
        for (WorkspaceFile file : files) {
            String path = file.path();
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                directories.add(path.substring(0, slash));
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
            for (String dir : directories) {
                TarArchiveEntry entry = new TarArchiveEntry(dir + "/");
                entry.setMode(040755);
                own(entry, uid, gid);
                tar.putArchiveEntry(entry);
                tar.closeArchiveEntry();
            }
            for (WorkspaceFile file : files) {
                TarArchiveEntry entry;
                if (file.isSymlink()) {
                    entry = new TarArchiveEntry(file.path(), TarConstants.LF_SYMLINK);
                    entry.setLinkName(file.linkTarget());
                    entry.setMode(0120777);
                } else {
                    entry = new TarArchiveEntry(file.path());
                    entry.setMode(0100000 | file.mode());
                    entry.setSize(file.content().length);
                }
                own(entry, uid, gid);
                tar.putArchiveEntry(entry);
                if (!file.isSymlink()) {
                    tar.write(file.content());
                }
                tar.closeArchiveEntry();
            }
            tar.finish();
        }
        return out.toByteArray();
    }

    private static void own(TarArchiveEntry entry, int uid, int gid) {
        entry.setUserId(uid);
        entry.setGroupId(gid);
        entry.setModTime(EPOCH);
    }

    /**
     * Reads the regular files and links of an archive Docker returned for {@code /workspace}: the first path component
     * (the directory's own name) is dropped. Stops with an error past {@code maxBytes} of content.
     */
    static Map<String, WorkspaceFile> read(InputStream archive, long maxBytes) throws IOException {
        Map<String, WorkspaceFile> files = new LinkedHashMap<>();
        long total = 0;
        try (TarArchiveInputStream tar = new TarArchiveInputStream(archive)) {
            TarArchiveEntry entry;
            while ((entry = tar.getNextEntry()) != null) {
                String name = entry.getName();
                int slash = name.indexOf('/');
                if (slash < 0 || slash == name.length() - 1 || entry.isDirectory()) {
                    continue;
                }
                String relative = name.substring(slash + 1);
                if (entry.isSymbolicLink()) {
                    files.put(WorkspacePaths.normalize(relative), WorkspaceFile.symlink(relative, entry.getLinkName()));
                } else if (entry.isFile()) {
                    total += entry.getSize();
                    if (total > maxBytes) {
                        throw new IOException("workspace archive is larger than " + maxBytes + " bytes");
                    }
                    byte[] content = tar.readAllBytes();
                    files.put(WorkspacePaths.normalize(relative), WorkspaceFile.regular(relative, content, entry.getMode() & 07777));
                }
            }
        }
        return files;
    }
}
