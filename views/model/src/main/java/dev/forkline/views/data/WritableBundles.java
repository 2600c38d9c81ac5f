package dev.forkline.views.data;

import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.export.BundleExport;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.views.concurrent.Progress;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Stream;

/**
 * Replays and decisions are appended to an unpacked bundle directory, while the workbench shows stored traces. This
 * finds the directory for a stored trace: the bundle directory it was imported from when it came from one (so the
 * user's bundle grows, as with {@code forkline replay}), otherwise a copy written from the store into
 * {@code <exportRoot>/<traceId>/} (a trace imported from a zip or a foreign format). After appending, {@link #reimport}
 * stores the grown bundle again: the store appends the new events to the stored prefix.
 *
 * <p>A trace whose writes the reviewer sent to a copy ({@link #writeToCopy}) gets the copy even when it came from a
 * bundle directory: her own files stay as they were.
 */
public final class WritableBundles {

    private final TraceLibrary library;
    private final Path exportRoot;
    private final Set<String> toCopy = java.util.concurrent.ConcurrentHashMap.newKeySet();

    /** @param exportRoot where copies of traces that have no bundle directory are written, e.g. {@link #defaultExportRoot} */
    public WritableBundles(TraceLibrary library, Path exportRoot) {
        this.library = library;
        this.exportRoot = exportRoot.toAbsolutePath();
    }

    /** {@code $XDG_DATA_HOME/forkline/bundles}, else {@code ~/.local/share/forkline/bundles}. */
    public static Path defaultExportRoot(Map<String, String> environment, String userHome) {
        String xdg = environment.get("XDG_DATA_HOME");
        Path data = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : Path.of(userHome, ".local", "share");
        return data.resolve("forkline").resolve("bundles");
    }

    public static Path defaultExportRoot() {
        return defaultExportRoot(System.getenv(), System.getProperty("user.home"));
    }

    public Path exportRoot() {
        return exportRoot;
    }

    /**
     * The bundle directory to append to for this stored trace (exported from the store first when needed). Off the UI
     * thread. One caller at a time, so that a replay and the preparation of its sandbox never export the same copy at once.
     */
    public synchronized Path directoryFor(String traceId) throws IOException, TraceFormatException {
        Optional<Path> source = library.sourcePath(traceId);
        if (source.isPresent() && !toCopy.contains(traceId) && holdsTrace(source.get(), traceId)) {
            return source.get();
        }
        Path copy = exportRoot.resolve(fileName(traceId));
        try (Bundle stored = library.load(traceId)) {
            if (Files.exists(copy)) {
                if (isCopyOf(copy, stored)) {
                    return copy;
                }
                deleteBundle(copy);
            }
            BundleExport.write(stored, copy);
        }
        return copy;
    }

    /**
     * The bundle directory the reviewer opened this trace from, when writes would go into it: a directory holding a
     * writable bundle, outside Forkline's own copies, and not sent to a copy. Reads only file attributes and the library.
     */
    public Optional<Path> reviewersBundle(String traceId) throws IOException {
        if (toCopy.contains(traceId)) {
            return Optional.empty();
        }
        return library.sourcePath(traceId).map(Path::toAbsolutePath)
                .filter(path -> !path.startsWith(exportRoot) && Files.isDirectory(path) && Files.isRegularFile(path.resolve(Bundle.MANIFEST))
                        && Files.isWritable(path.resolve(Bundle.EVENTS)));
    }

    /** From now on this trace's replays, forks and decisions go to Forkline's copy ({@link #copyLocation}), not the reviewer's bundle. */
    public void writeToCopy(String traceId) {
        toCopy.add(traceId);
    }

    /**
     * Writes the stored trace (every run, replay and decision the library holds) as a new bundle directory
     * {@code target}, which must not exist: File › Save bundle as…. Off the UI thread.
     */
    public Path saveCopy(String traceId, Path target) throws IOException, TraceFormatException {
        if (Files.exists(target)) {
            throw new java.nio.file.FileAlreadyExistsException(target.toString(), null, "choose a new folder name: a bundle is never written over");
        }
        try (Bundle stored = library.load(traceId)) {
            return BundleExport.write(stored, target);
        }
    }

    /** Where Forkline's own copy of a trace is written. */
    public Path copyLocation(String traceId) {
        return exportRoot.resolve(fileName(traceId));
    }

    /** Stores the bundle directory again after something was appended to it; the library adds the new events. */
    public ImportResult reimport(Path bundleDirectory, Progress progress) throws IOException, TraceFormatException {
        return library.importTrace(bundleDirectory, progress);
    }

    static boolean holdsTrace(Path path, String traceId) {
        if (!Files.isDirectory(path) || !Files.isRegularFile(path.resolve(Bundle.MANIFEST)) || !Files.isWritable(path.resolve(Bundle.EVENTS))) {
            return false;
        }
        try (Bundle bundle = BundleReader.read(path)) {
            return bundle.manifest().traceId().equals(traceId);
        } catch (IOException | TraceFormatException | RuntimeException e) {
            return false;
        }
    }

    /**
     * A copy is current when every stored event is in it (it may hold more: the store is updated from it). Compared by
     * the events' hashes, from the columns: no event is parsed.
     */
    private static boolean isCopyOf(Path copy, Bundle stored) {
        try (Bundle bundle = BundleReader.read(copy)) {
            if (!bundle.manifest().traceId().equals(stored.manifest().traceId())) {
                return false;
            }
            Set<String> hashes = new HashSet<>();
            EventColumns copied = bundle.columns();
            for (int i = 0; i < copied.size(); i++) {
                hashes.add(copied.hash(i));
            }
            EventColumns kept = stored.columns();
            for (int i = 0; i < kept.size(); i++) {
                if (!hashes.contains(kept.hash(i))) {
                    return false;
                }
            }
            return true;
        } catch (IOException | TraceFormatException | RuntimeException e) {
            return false;
        }
    }

    /** Removes an outdated copy; refuses anything that does not look like a bundle directory. */
    private static void deleteBundle(Path copy) throws IOException {
        if (!Files.isRegularFile(copy.resolve(Bundle.MANIFEST))) {
            throw new IOException(copy + " exists and is not a bundle directory; move it away to let Forkline write the trace there");
        }
        try (Stream<Path> paths = Files.walk(copy)) {
            List<Path> all = paths.sorted(java.util.Comparator.reverseOrder()).toList();
            for (Path path : all) {
                Files.delete(path);
            }
        }
    }

    /** The trace id as a folder name: characters other than letters, digits, '.', '_' and '-' become '_'. */
    static String fileName(String traceId) {
        String name = traceId.replaceAll("[^A-Za-z0-9._-]", "_");
        return name.isEmpty() || name.startsWith(".") ? "_" + name : name;
    }
}
