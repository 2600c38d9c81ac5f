package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.ReadingWatcher;
import dev.forkline.importers.TraceImporter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A file read by an importer with a watcher that keeps every report: the bytes read so far and the part read then. Each
 * report must give the file's size as the whole.
 */
public record WatchedRead(ImportedTrace trace, List<Long> reports, List<ReadingWatcher.PartRead> parts) {

    public static WatchedRead of(TraceImporter importer, Path file) throws Exception {
        long size = Files.size(file);
        List<Long> reports = new ArrayList<>();
        List<ReadingWatcher.PartRead> parts = new ArrayList<>();
        ImportedTrace trace = importer.read(file, null, (bytesRead, bytesTotal, soFar) -> {
            assertThat(bytesTotal).isEqualTo(size);
            reports.add(bytesRead);
            parts.add(soFar);
        });
        return new WatchedRead(trace, reports, parts);
    }

    /**
     * Checks that {@code part} asks whether to stop as it reads and makes its events, and that it ends with a
     * {@link java.util.concurrent.CancellationException} at any of those questions answered yes: at the first and at the
     * last. Returns how many times a whole read of it asked.
     */
    public static int assertStopsWhenTold(ReadingWatcher.PartRead part) throws Exception {
        java.util.concurrent.atomic.AtomicInteger asked = new java.util.concurrent.atomic.AtomicInteger();
        part.read(() -> asked.incrementAndGet() < 0);
        int questions = asked.get();
        assertThat(questions).as("the part asks whether to stop").isPositive();
        for (int stopAt : new int[] {1, questions}) {
            java.util.concurrent.atomic.AtomicInteger count = new java.util.concurrent.atomic.AtomicInteger();
            org.assertj.core.api.Assertions.assertThatThrownBy(() -> part.read(() -> count.incrementAndGet() >= stopAt))
                    .as("told to stop at question %d of %d", stopAt, questions)
                    .isInstanceOf(java.util.concurrent.CancellationException.class);
            assertThat(count.get()).as("no question after the one answered yes").isEqualTo(stopAt);
        }
        return questions;
    }
}
