package dev.forkline.benchmarks.figures;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Date;
import java.util.Map;
import java.util.TreeSet;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;

/** The restore floor's input: the checkpoint's files as one tar on disk, laid out as the sandbox lays them out. */
final class FloorTar {

    private static final Date EPOCH = Date.from(Instant.parse("2024-01-01T00:00:00Z"));

    private FloorTar() {
    }

    static void write(Map<String, byte[]> files, int uid, int gid, Path target) throws IOException {
        TreeSet<String> directories = new TreeSet<>();
        for (String path : files.keySet()) {
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                directories.add(path.substring(0, slash));
            }
        }
        try (OutputStream out = Files.newOutputStream(target); TarArchiveOutputStream tar = new TarArchiveOutputStream(out, 64 * 1024)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (String directory : directories) {
                TarArchiveEntry entry = new TarArchiveEntry(directory + "/");
                entry.setMode(040755);
                own(entry, uid, gid);
                tar.putArchiveEntry(entry);
                tar.closeArchiveEntry();
            }
            for (Map.Entry<String, byte[]> file : files.entrySet()) {
                TarArchiveEntry entry = new TarArchiveEntry(file.getKey());
                entry.setMode(0100644);
                entry.setSize(file.getValue().length);
                own(entry, uid, gid);
                tar.putArchiveEntry(entry);
                tar.write(file.getValue());
                tar.closeArchiveEntry();
            }
            tar.finish();
        }
    }

    private static void own(TarArchiveEntry entry, int uid, int gid) {
        entry.setUserId(uid);
        entry.setGroupId(gid);
        entry.setModTime(EPOCH);
    }
}
