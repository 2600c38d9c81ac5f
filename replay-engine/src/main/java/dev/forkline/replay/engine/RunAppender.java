package dev.forkline.replay.engine;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.BundleWriter;

import java.io.Closeable;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Appends a new run to a bundle directory: an {@link EventChain} seeded with the existing events places each event,
 * which is written at once ({@link BundleWriter#appendTo}); blobs go to the bundle's blob store.
 */
final class RunAppender implements Closeable {

    /** Run ids being written in this JVM, per bundle, so that two replays started at once never pick the same one. */
    private static final java.util.concurrent.ConcurrentHashMap<Path, Set<String>> RESERVED = new java.util.concurrent.ConcurrentHashMap<>();

    private final EventChain chain = new EventChain();
    private Path reservedIn;
    private final BundleWriter writer;
    private final String run;

    private RunAppender(BundleWriter writer, String run) {
        this.writer = writer;
        this.run = run;
    }

    /** Opens the bundle for appending run {@code run}, forked from {@code forkPoint}. */
    static RunAppender fork(Path bundleDirectory, List<Event> existing, String run, Event forkPoint) throws IOException {
        RunAppender appender = new RunAppender(BundleWriter.appendTo(bundleDirectory), run);
        existing.forEach(appender.chain::accept);
        appender.chain.startFork(run, forkPoint);
        appender.reservedIn = bundleDirectory;
        return appender;
    }

    /** The first free run id {@code <base>-<n>} (n from 1). */
    static String freeRunId(List<Event> existing, String base) {
        return freeRunId(existing, base, Set.of());
    }

    private static String freeRunId(List<Event> existing, String base, Set<String> taken) {
        Set<String> runs = new HashSet<>(taken);
        existing.forEach(e -> runs.add(e.run()));
        for (int n = 1; ; n++) {
            String candidate = base + "-" + n;
            if (!runs.contains(candidate)) {
                return candidate;
            }
        }
    }

    /**
     * Like {@link #freeRunId(List, String)}, and keeps the id reserved in this JVM until {@link #release} (or the
     * appender opened for it closes), so that concurrent replays of one bundle get different runs.
     */
    static String reserveRunId(Path bundleDirectory, List<Event> existing, String base) throws IOException {
        Set<String> reserved = RESERVED.computeIfAbsent(bundleDirectory.toRealPath(), p -> java.util.concurrent.ConcurrentHashMap.newKeySet());
        synchronized (reserved) {
            String run = freeRunId(existing, base, reserved);
            reserved.add(run);
            return run;
        }
    }

    static void release(Path bundleDirectory, String run) {
        try {
            Set<String> reserved = RESERVED.get(bundleDirectory.toRealPath());
            if (reserved != null) {
                reserved.remove(run);
            }
        } catch (IOException e) {
            // the bundle is gone: nothing is reserved in it any more
        }
    }

    String run() {
        return run;
    }

    Event append(NewEvent draft) {
        Event event = chain.append(draft);
        try {
            writer.write(event);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return event;
    }

    String blob(byte[] content) {
        try {
            return writer.putBlob(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    void sync() throws IOException {
        writer.sync();
    }

    @Override
    public void close() throws IOException {
        try {
            writer.sync();
        } finally {
            writer.close();
            if (reservedIn != null) {
                release(reservedIn, run);
            }
        }
    }
}
