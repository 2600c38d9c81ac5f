package dev.forkline.app;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.export.BundleExport;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The bundle directory a replay is appended to: the bundle given, appended in place; or, for a trace in another format,
 * a new bundle written from its import, at {@code --out} (kept) or in a temporary folder (removed afterwards). A bundle
 * Forkline wrote for this replay is removed again when the replay could not start, so nothing is left half-way.
 */
final class ReplayTarget implements AutoCloseable {

    private final Path source;
    private final ImportedTrace imported;
    private final Path out;
    private final Path temporaryRoot;
    private Path bundle;
    private boolean keep;

    private ReplayTarget(Path source, ImportedTrace imported, Path out, Path temporaryRoot, Path bundle) {
        this.source = source;
        this.imported = imported;
        this.out = out;
        this.temporaryRoot = temporaryRoot;
        this.bundle = bundle;
    }

    static ReplayTarget of(Path trace, Path out) throws IOException, TraceFormatException {
        if (Files.isRegularFile(trace.resolve(Bundle.MANIFEST))) {
            if (out != null) {
                throw new UserInputException("--out is for a trace in another format: a bundle directory (" + trace
                        + ") is appended to in place");
            }
            return new ReplayTarget(trace, null, null, null, trace);
        }
        if (out != null && Files.exists(out)) {
            throw new UserInputException("--out " + out + " already exists: name a new bundle directory");
        }
        ImportedTrace imported = Importers.builtIn().read(trace);
        Path temporaryRoot = out == null ? Files.createTempDirectory("forkline-replay-") : null;
        return new ReplayTarget(trace, imported, out, temporaryRoot, null);
    }

    /** The bundle to append to, written from the import the first time it is asked for. */
    Path bundle() throws IOException {
        if (bundle == null) {
            Path target = out != null ? out : temporaryRoot.resolve("bundle");
            bundle = BundleExport.write(imported.bundle(), target);
        }
        return bundle;
    }

    boolean temporary() {
        return temporaryRoot != null;
    }

    /** The trace's format: {@code forkline} for a bundle directory, else the importer's. */
    String format() {
        return imported == null ? "forkline" : imported.bundle().manifest().sourceFormat();
    }

    /** The commit the trace says checkpoint {@code checkpointId} (its starting tree) was at, or null. */
    String pinnedCommit(String checkpointId) throws IOException {
        if (checkpointId == null) {
            return null;
        }
        List<Event> events;
        if (imported != null) {
            events = imported.bundle().events();
        } else {
            try (Bundle read = BundleReader.read(source)) {
                events = read.events();
            } catch (TraceFormatException e) {
                throw new UserInputException(e.getMessage());
            }
        }
        for (Event event : events) {
            if (event.is(EventType.CHECKPOINT) && (checkpointId.equals(event.text("checkpointId")) || checkpointId.equals(event.id()))) {
                return event.data().path("startingTree").path("commit").asText(null);
            }
        }
        return null;
    }

    /** The replay ran: a bundle written at --out stays. */
    void keep() {
        keep = true;
    }

    @Override
    public void close() throws IOException {
        if (temporaryRoot != null) {
            deleteTree(temporaryRoot);
        } else if (imported != null && bundle != null && !keep) {
            deleteTree(bundle);
        }
    }

    private static void deleteTree(Path root) throws IOException {
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
