package dev.forkline.replay.workspace;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;

/** Writes small tar archives for tests, hostile entries included. */
final class Tars {

    private final List<TarArchiveEntry> entries = new ArrayList<>();
    private final List<byte[]> contents = new ArrayList<>();

    Tars dir(String name) {
        return add(new TarArchiveEntry(name.endsWith("/") ? name : name + "/", TarConstants.LF_DIR, true), new byte[0]);
    }

    Tars file(String name, String content) {
        return file(name, content, 0644);
    }

    Tars file(String name, String content, int mode) {
        byte[] bytes = content.getBytes(StandardCharsets.UTF_8);
        TarArchiveEntry entry = new TarArchiveEntry(name, true);
        entry.setSize(bytes.length);
        entry.setMode(0100000 | mode);
        return add(entry, bytes);
    }

    Tars symlink(String name, String target) {
        TarArchiveEntry entry = new TarArchiveEntry(name, TarConstants.LF_SYMLINK, true);
        entry.setLinkName(target);
        return add(entry, new byte[0]);
    }

    Tars hardlink(String name, String target) {
        TarArchiveEntry entry = new TarArchiveEntry(name, TarConstants.LF_LINK, true);
        entry.setLinkName(target);
        return add(entry, new byte[0]);
    }

    Tars fifo(String name) {
        return add(new TarArchiveEntry(name, TarConstants.LF_FIFO, true), new byte[0]);
    }

    private Tars add(TarArchiveEntry entry, byte[] content) {
        entries.add(entry);
        contents.add(content);
        return this;
    }

    /** Writes the archive, gzipped when the name ends in .gz or .tgz. */
    Path writeTo(Path file) throws IOException {
        String name = file.getFileName().toString();
        try (OutputStream raw = Files.newOutputStream(file);
             OutputStream out = name.endsWith(".gz") || name.endsWith(".tgz") ? new GZIPOutputStream(raw) : raw;
             TarArchiveOutputStream tar = new TarArchiveOutputStream(out)) {
            tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (int i = 0; i < entries.size(); i++) {
                tar.putArchiveEntry(entries.get(i));
                tar.write(contents.get(i));
                tar.closeArchiveEntry();
            }
        }
        return file;
    }
}
