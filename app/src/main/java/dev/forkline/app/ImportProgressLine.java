package dev.forkline.app;

import dev.forkline.importers.ImportWatcher;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongSupplier;

/**
 * What {@code forkline import} shows on a terminal while it imports a file: one line on stderr, written over in place
 * at most every {@link #EVERY_NANOS} (how much of the file was read, how many events were made so far), then the step
 * under way (the checks, the store); erased before the result is printed. A large file takes tens of seconds, which
 * without it pass in silence. Called from the reading thread and the thread that hands out the batches.
 */
final class ImportProgressLine implements ImportWatcher {

    static final long EVERY_NANOS = 200_000_000L;

    private final PrintWriter err;
    private final String name;
    private final LongSupplier clock;
    /** The size of a bundle's events file, whose batches say where they were read; -1 for any other file. */
    private final long bundleEventsSize;
    private long read;
    private long total = -1;
    private long events;
    private long shownAt;
    private boolean shownOnce;
    private int width;

    ImportProgressLine(PrintWriter err, Path file, LongSupplier clock) {
        this.err = err;
        this.name = String.valueOf(file.getFileName());
        this.clock = clock;
        this.bundleEventsSize = eventsFileSize(file);
    }

    /** The size of the bundle folder's events file; -1 for any other file (the import says what is wrong with it). */
    private static long eventsFileSize(Path file) {
        try {
            Path events = file.resolve(Bundle.EVENTS);
            return Files.isDirectory(file) && Files.isRegularFile(events) ? Files.size(events) : -1;
        } catch (IOException | java.nio.file.InvalidPathException e) {
            return -1;
        }
    }

    @Override
    public void begin(String eventsFile, Manifest manifest, BlobSource blobs) {
    }

    @Override
    public synchronized void accept(EventBatch batch) {
        events = batch.firstIndex() + batch.size();
        if (bundleEventsSize >= 0) {
            read = batch.fileOffset() + batch.bytes().length;
            total = bundleEventsSize;
        }
        showNowAndThen();
    }

    @Override
    public synchronized void read(long bytesRead, long bytesTotal, PartRead soFar) {
        read = bytesRead;
        total = bytesTotal;
        showNowAndThen();
    }

    /** Says what the import does now ("checking 1,000,000 events"), at once. */
    synchronized void step(String what) {
        shownAt = clock.getAsLong();
        shownOnce = true;
        show("forkline: " + what + " (" + name + ")");
    }

    /** How far the checks got, shown at most every {@link #EVERY_NANOS}. */
    synchronized void checked(int swept, int events) {
        if (due()) {
            show(String.format("forkline: checking %,d of %,d events (%s)", swept, events, name));
        }
    }

    /** Erases the line, if one was written. */
    synchronized void clear() {
        if (width > 0) {
            err.print("\r" + " ".repeat(width) + "\r");
            err.flush();
            width = 0;
        }
    }

    /** Whether the line may be written again (at most every {@link #EVERY_NANOS}); if so, it counts as written now. */
    private boolean due() {
        long now = clock.getAsLong();
        if (shownOnce && now - shownAt < EVERY_NANOS) {
            return false;
        }
        shownAt = now;
        shownOnce = true;
        return true;
    }

    private void showNowAndThen() {
        if (!due()) {
            return;
        }
        StringBuilder text = new StringBuilder("forkline: importing ").append(name);
        if (total > 0) {
            text.append(String.format(" · %,.1f MB of %,.1f MB", read / 1e6, total / 1e6));
        }
        if (events > 0) {
            text.append(String.format(" · %,d events", events));
        }
        show(text.toString());
    }

    private void show(String text) {
        err.print("\r" + text + " ".repeat(Math.max(0, width - text.length())));
        err.flush();
        width = Math.max(width, text.length());
    }
}
