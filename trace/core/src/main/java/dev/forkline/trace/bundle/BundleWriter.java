package dev.forkline.trace.bundle;

import dev.forkline.trace.CanonicalJson;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import java.io.Closeable;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Writes bundle directories. A new bundle is built in a hidden sibling folder and moved into place by {@link #commit()},
 * so a crash never leaves a half-written bundle under the target name. An existing bundle is appended to in place
 * ({@link #appendTo}); {@link #sync()} makes what was appended durable.
 */
public final class BundleWriter implements Closeable {

    private final Path target;
    private final Path workDir;
    private final boolean appending;
    private final DirectoryBlobStore blobs;
    private final FileChannel eventsChannel;
    private final OutputStream events;
    private boolean committed;

    private BundleWriter(Path target, Path workDir, boolean appending) throws IOException {
        this.target = target;
        this.workDir = workDir;
        this.appending = appending;
        this.blobs = new DirectoryBlobStore(workDir.resolve(Bundle.BLOBS));
        this.eventsChannel = FileChannel.open(workDir.resolve(Bundle.EVENTS),
                StandardOpenOption.CREATE, StandardOpenOption.WRITE, StandardOpenOption.APPEND);
        this.events = java.nio.channels.Channels.newOutputStream(eventsChannel);
    }

    /** Starts a new bundle that will appear at {@code target} on {@link #commit()}; fails if {@code target} exists. */
    public static BundleWriter create(Path target, Manifest manifest) throws IOException {
        Path absolute = target.toAbsolutePath();
        if (Files.exists(absolute)) {
            throw new FileAlreadyExistsException(target.toString(), null, "a bundle or file is already there");
        }
        Path parent = absolute.getParent();
        Files.createDirectories(parent);
        Path work = Files.createTempDirectory(parent, "." + absolute.getFileName() + ".writing-");
        SharedPermissions.makeReadable(work, true);
        Files.writeString(work.resolve(Bundle.MANIFEST), manifest.toJson().toPrettyString() + "\n");
        Files.createDirectories(work.resolve(Bundle.BLOBS));
        return new BundleWriter(absolute, work, false);
    }

    /** Appends to an existing bundle directory in place. */
    public static BundleWriter appendTo(Path bundleDirectory) throws IOException {
        if (!Files.isRegularFile(bundleDirectory.resolve(Bundle.MANIFEST))) {
            throw new IOException(bundleDirectory + " is not a bundle directory (appending needs an unpacked bundle)");
        }
        return new BundleWriter(bundleDirectory, bundleDirectory, true);
    }

    public DirectoryBlobStore blobs() {
        return blobs;
    }

    public String putBlob(byte[] content) throws IOException {
        return blobs.write(content);
    }

    public void write(Event event) throws IOException {
        if (event.hash() == null) {
            throw new IllegalArgumentException("event " + event.id() + " has no hash: place it in an EventChain first");
        }
        events.write((CanonicalJson.write(EventCodec.toJson(event)) + "\n").getBytes(StandardCharsets.UTF_8));
    }

    /** Forces what was written to disk (events and the directory entry); a decision is acknowledged only after this. */
    public void sync() throws IOException {
        events.flush();
        eventsChannel.force(true);
    }

    /** Makes a new bundle visible under its target name. Appending writers only sync. */
    public Path commit() throws IOException {
        sync();
        if (!appending) {
            Files.move(workDir, target, StandardCopyOption.ATOMIC_MOVE);
        }
        committed = true;
        return target;
    }

    @Override
    public void close() throws IOException {
        events.close();
        if (!appending && !committed) {
            deleteTree(workDir);
        }
    }

    static void deleteTree(Path root) throws IOException {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            for (Path path : paths.sorted(Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        }
    }
}
