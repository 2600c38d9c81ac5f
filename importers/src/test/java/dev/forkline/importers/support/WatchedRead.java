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
}
