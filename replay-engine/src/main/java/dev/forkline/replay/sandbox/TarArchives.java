package dev.forkline.replay.sandbox;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;

import java.io.IOException;
import java.io.InputStream;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;

/** Builds the tar streams Docker extracts into a workspace and reads the ones it returns. */
public final class TarArchives {

    private TarArchives() {
    }

    /**
     * A tar of {@code files} (with every parent directory) owned by {@code uid:gid}, paths relative to the target dir,
     * produced as it is read (see {@link WorkspaceTarStream}).
     */
    public static InputStream stream(Collection<WorkspaceFile> files, int uid, int gid) {
        return new WorkspaceTarStream(files, uid, gid);
    }

    /**
     * Reads the regular files and links of an archive Docker returned for {@code /workspace}: the first path component
     * (the directory's own name) is dropped. Stops with an error past {@code maxBytes} of content.
     */
    public static Map<String, WorkspaceFile> read(InputStream archive, long maxBytes) throws IOException {
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
