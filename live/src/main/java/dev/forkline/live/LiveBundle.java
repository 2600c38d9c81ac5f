package dev.forkline.live;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.DirectoryBlobStore;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * A bundle directory that grows while a session runs: events are chained onto their run's tip and forced to disk before
 * {@link #append} returns, so an acknowledged event is never lost and the hash chain is whole after every append.
 *
 * <p>Writers of the same bundle are serialised as {@code forkline decide} serialises them
 * ({@link dev.forkline.trace.decide.DecisionRecorder}): within this process by a lock per directory, across processes
 * by an exclusive lock on {@code trace.jsonl} held while the trace is read, chained onto and appended. On POSIX systems
 * closing any descriptor of a file drops the process's lock on it, so everything in this process that reads the file
 * while a live session runs takes the in-process lock first ({@link #withLock}).
 *
 * <p>A process killed while writing can leave a last line without its newline. That event was never acknowledged: it
 * is cut off the next time the bundle is read under the lock.
 */
public final class LiveBundle {

    private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    /** What an append sees: the events so far (including any another process appended). */
    @FunctionalInterface
    public interface Drafts {
        List<NewEvent> next(List<Event> eventsSoFar) throws IOException;
    }

    /** Work done under the bundle's in-process lock. */
    @FunctionalInterface
    public interface Locked<T> {
        T run() throws Exception;
    }

    private final Path directory;
    private final Path eventsFile;
    /** The events as last read or written by this object, and the file's size then: re-read only when it changed. */
    private List<Event> cached = List.of();
    private long cachedSize = -1;

    private LiveBundle(Path directory) {
        this.directory = directory.toAbsolutePath().normalize();
        this.eventsFile = this.directory.resolve(Bundle.EVENTS);
    }

    /** Opens the bundle at {@code directory}, creating it with this manifest and no events when it is absent. */
    public static LiveBundle openOrCreate(Path directory, Manifest manifest) throws IOException {
        LiveBundle bundle = new LiveBundle(directory);
        if (!Files.isRegularFile(bundle.directory.resolve(Bundle.MANIFEST))) {
            bundle.create(manifest);
        }
        return bundle;
    }

    public static LiveBundle open(Path directory) throws IOException {
        LiveBundle bundle = new LiveBundle(directory);
        if (!Files.isRegularFile(bundle.directory.resolve(Bundle.MANIFEST)) || !Files.isRegularFile(bundle.eventsFile)) {
            throw new IOException(directory + " is not a live bundle directory (no " + Bundle.MANIFEST + " or " + Bundle.EVENTS + ")");
        }
        return bundle;
    }

    public Path directory() {
        return directory;
    }

    public DirectoryBlobStore blobs() {
        return new DirectoryBlobStore(directory.resolve(Bundle.BLOBS));
    }

    /** Runs {@code work} holding this process's lock on the bundle (e.g. to import it while sessions append). */
    public static <T> T withLock(Path directory, Locked<T> work) throws Exception {
        ReentrantLock lock = IN_PROCESS.computeIfAbsent(directory.toAbsolutePath().normalize(), path -> new ReentrantLock());
        lock.lock();
        try {
            return work.run();
        } finally {
            lock.unlock();
        }
    }

    /**
     * Takes the exclusive lock on the events file, which another process's writer may hold ({@code forkline decide},
     * the window). A writer in this process that does not go through {@link #withLock} (a {@code DecisionRecorder} of
     * a window or test running serve in the same JVM) makes the JVM refuse the lock instead of waiting: then it is
     * asked again until that writer is done.
     */
    private static void lockFile(FileChannel channel) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MINUTES.toNanos(1);
        while (true) {
            try {
                channel.lock();
                return;
            } catch (java.nio.channels.OverlappingFileLockException heldInThisProcess) {
                if (System.nanoTime() > deadline) {
                    throw new IOException("the events file is locked by another writer in this process for over a minute");
                }
                Thread.sleep(5);
            }
        }
    }

    /** The events on disk now. */
    public List<Event> events() throws IOException, TraceFormatException {
        try {
            return withLock(directory, () -> {
                try (FileChannel channel = FileChannel.open(eventsFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    lockFile(channel);
                    return readLocked(channel);
                }
            });
        } catch (IOException | TraceFormatException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    /** The file's size now, without locking: a cheap way to see whether anyone appended. */
    public long size() throws IOException {
        return Files.size(eventsFile);
    }

    /**
     * Reads the events, asks {@code drafts} for the next ones, chains them onto their runs and appends them durably.
     *
     * @return the appended events as written
     */
    public List<Event> append(Drafts drafts) throws IOException, TraceFormatException {
        return appendLocked(drafts::next, EventChain::append);
    }

    /** Appends events that already carry their id, run, seq and prev (e.g. a folded transcript): only hashes are checked. */
    public List<Event> appendBuilt(List<Event> built) throws IOException, TraceFormatException {
        return appendLocked(events -> built, EventChain::appendBuilt);
    }

    /** How the items to append are chosen from the events so far, under the lock. */
    @FunctionalInterface
    private interface Pick<T> {
        List<T> from(List<Event> eventsSoFar) throws IOException;
    }

    /**
     * Under both locks: reads the events so far, chains the items {@code pick} chooses after them with {@code place},
     * and writes them durably in one append.
     */
    private <T> List<Event> appendLocked(Pick<T> pick, java.util.function.BiFunction<EventChain, T, Event> place)
            throws IOException, TraceFormatException {
        try {
            return withLock(directory, () -> {
                try (FileChannel channel = FileChannel.open(eventsFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
                    lockFile(channel); // released when the channel closes
                    List<Event> events = readLocked(channel);
                    List<T> next = pick.from(events);
                    if (next.isEmpty()) {
                        return List.<Event>of();
                    }
                    EventChain chain = new EventChain();
                    events.forEach(chain::accept);
                    List<Event> appended = new ArrayList<>();
                    StringBuilder lines = new StringBuilder();
                    for (T item : next) {
                        Event event = place.apply(chain, item);
                        appended.add(event);
                        lines.append(EventCodec.toLine(event)).append('\n');
                    }
                    writeLocked(channel, events, appended, lines);
                    return appended;
                }
            });
        } catch (IOException | TraceFormatException | RuntimeException e) {
            throw e;
        } catch (Exception e) {
            throw new IOException(e);
        }
    }

    private void writeLocked(FileChannel channel, List<Event> before, List<Event> appended, StringBuilder lines) throws IOException {
        ByteBuffer buffer = ByteBuffer.wrap(lines.toString().getBytes(StandardCharsets.UTF_8));
        long at = channel.size();
        while (buffer.hasRemaining()) {
            at += channel.write(buffer, at);
        }
        // The data and the file's new length (fdatasync): what reading the appended lines back needs, without the
        // modification time's journal write that force(true) adds to every hook call.
        channel.force(false);
        List<Event> all = new ArrayList<>(before.size() + appended.size());
        all.addAll(before);
        all.addAll(appended);
        cached = List.copyOf(all);
        cachedSize = at;
    }

    private List<Event> readLocked(FileChannel channel) throws IOException, TraceFormatException {
        long size = channel.size();
        if (size == cachedSize) {
            return cached;
        }
        cutTornLine(channel, size);
        size = channel.size();
        channel.position(0);
        // Deliberately never closed: closing the stream would close the locked channel.
        InputStream in = Channels.newInputStream(channel);
        LineReader reader = new LineReader(in, eventsFile.toString());
        List<Event> events = new ArrayList<>();
        String line;
        while ((line = reader.next()) != null) {
            if (!line.isBlank()) {
                events.add(EventCodec.parseLine(line, eventsFile.toString(), reader.lineNumber()));
            }
        }
        cached = List.copyOf(events);
        cachedSize = size;
        return cached;
    }

    /** A last line without its newline was being written when its process died, and was never acknowledged. */
    private static void cutTornLine(FileChannel channel, long size) throws IOException {
        if (size == 0) {
            return;
        }
        ByteBuffer one = ByteBuffer.allocate(1);
        long end = size;
        while (end > 0) {
            one.clear();
            channel.read(one, end - 1);
            if (one.get(0) == '\n') {
                break;
            }
            end--;
        }
        if (end < size) {
            channel.truncate(end);
            channel.force(true);
        }
    }

    private void create(Manifest manifest) throws IOException {
        Files.createDirectories(directory.getParent());
        Path work = Files.createTempDirectory(directory.getParent(), "." + directory.getFileName() + ".creating-");
        Files.writeString(work.resolve(Bundle.MANIFEST), manifest.toJson().toPrettyString() + "\n");
        Files.createFile(work.resolve(Bundle.EVENTS));
        Files.createDirectories(work.resolve(Bundle.BLOBS));
        try (FileChannel manifestFile = FileChannel.open(work.resolve(Bundle.MANIFEST), StandardOpenOption.WRITE)) {
            manifestFile.force(true);
        }
        try {
            Files.move(work, directory, StandardCopyOption.ATOMIC_MOVE);
        } catch (java.nio.file.FileAlreadyExistsException | java.nio.file.DirectoryNotEmptyException | AtomicMoveNotSupportedException raced) {
            // another process or thread created it first: use theirs
            deleteQuietly(work);
            if (!Files.isRegularFile(directory.resolve(Bundle.MANIFEST))) {
                throw raced;
            }
        }
        syncDirectory(directory.getParent());
    }

    private static void syncDirectory(Path dir) {
        try (FileChannel channel = FileChannel.open(dir, StandardOpenOption.READ)) {
            channel.force(true);
        } catch (IOException | UnsupportedOperationException ignored) {
            // not every file system lets a directory be forced; the bundle's files are forced on every append
        }
    }

    private static void deleteQuietly(Path work) {
        try (var paths = Files.walk(work)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.deleteIfExists(path);
            }
        } catch (IOException ignored) {
            // a leftover hidden temporary folder does no harm
        }
    }
}
