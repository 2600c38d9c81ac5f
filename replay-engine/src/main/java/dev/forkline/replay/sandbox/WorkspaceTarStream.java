package dev.forkline.replay.sandbox;

import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.archivers.tar.TarConstants;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import java.util.Collection;
import java.util.Date;
import java.util.Iterator;
import java.util.List;
import java.util.TreeSet;

/**
 * The tar of a set of workspace files, produced as it is read: every parent directory first, then the files in the
 * given order, all owned by {@code uid:gid} with a fixed mtime (so the same files always give the same bytes). At most
 * one slice of a file's content ({@link #SLICE}) is held besides the files themselves, so that an upload streams a
 * 100 MB checkpoint instead of building it twice in memory, and the engine extracts while the rest is produced.
 */
final class WorkspaceTarStream extends InputStream {

    /** Fixed mtime so that the same files always give the same archive. */
    private static final Date EPOCH = Date.from(Instant.parse("2024-01-01T00:00:00Z"));
    static final int SLICE = 1 << 20;

    private final int uid;
    private final int gid;
    private final Iterator<String> directories;
    private final Iterator<WorkspaceFile> files;
    private final Produced produced = new Produced();
    private final TarArchiveOutputStream tar;
    private WorkspaceFile current;
    private int currentWritten;
    private int position;
    private boolean finished;
    private boolean closed;

    WorkspaceTarStream(Collection<WorkspaceFile> files, int uid, int gid) {
        this.uid = uid;
        this.gid = gid;
        this.directories = parentDirectories(files).iterator();
        this.files = List.copyOf(files).iterator();
        this.tar = new TarArchiveOutputStream(produced);
        tar.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
        tar.setBigNumberMode(TarArchiveOutputStream.BIGNUMBER_POSIX);
    }

    private static TreeSet<String> parentDirectories(Collection<WorkspaceFile> files) {
        TreeSet<String> directories = new TreeSet<>();
        for (WorkspaceFile file : files) {
            String path = file.path();
            for (int slash = path.indexOf('/'); slash >= 0; slash = path.indexOf('/', slash + 1)) {
                directories.add(path.substring(0, slash));
            }
        }
        return directories;
    }

    @Override
    public int read() throws IOException {
        byte[] one = new byte[1];
        return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
    }

    @Override
    public int read(byte[] target, int offset, int length) throws IOException {
        if (closed) {
            throw new IOException("the workspace archive stream is closed");
        }
        if (length == 0) {
            return 0;
        }
        while (position == produced.size()) {
            if (!produceMore()) {
                return -1;
            }
        }
        int count = Math.min(length, produced.size() - position);
        System.arraycopy(produced.bytes(), position, target, offset, count);
        position += count;
        return count;
    }

    /** Writes archive steps until some bytes come out (the tar writer fills whole blocks); false at the end. */
    private boolean produceMore() throws IOException {
        produced.reset();
        position = 0;
        while (produced.size() == 0) {
            if (current != null) {
                int count = Math.min(SLICE, current.content().length - currentWritten);
                tar.write(current.content(), currentWritten, count);
                currentWritten += count;
                if (currentWritten == current.content().length) {
                    tar.closeArchiveEntry();
                    current = null;
                }
            } else if (directories.hasNext()) {
                TarArchiveEntry entry = new TarArchiveEntry(directories.next() + "/");
                entry.setMode(040755);
                put(entry);
                tar.closeArchiveEntry();
            } else if (files.hasNext()) {
                startFile(files.next());
            } else if (!finished) {
                tar.finish();
                finished = true;
            } else {
                return false;
            }
        }
        return true;
    }

    private void startFile(WorkspaceFile file) throws IOException {
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
        put(entry);
        if (file.isSymlink() || file.content().length == 0) {
            tar.closeArchiveEntry();
        } else {
            current = file;
            currentWritten = 0;
        }
    }

    private void put(TarArchiveEntry entry) throws IOException {
        entry.setUserId(uid);
        entry.setGroupId(gid);
        entry.setModTime(EPOCH);
        tar.putArchiveEntry(entry);
    }

    /** Drops what is left: the archive lives in memory, so there is nothing else to release. */
    @Override
    public void close() {
        closed = true;
        current = null;
        produced.reset();
    }

    /** The bytes the tar writer produced since the last read drained them. */
    private static final class Produced extends ByteArrayOutputStream {

        byte[] bytes() {
            return buf;
        }
    }
}
