package dev.forkline.importers;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** Finds the traces under a location: the location itself when it is one, else the traces in it, a few levels deep. */
public final class TraceFiles {

    /** How many folders down a trace is looked for. */
    public static final int MAX_DEPTH = 4;

    private TraceFiles() {
    }

    /**
     * @param readable whether an importer reads a path as a trace
     * @return the traces found; the location itself when nothing under it is one (so that importing it reports why)
     */
    public static List<Path> expand(Path location, Predicate<Path> readable) {
        if (!Files.isDirectory(location)) {
            return List.of(location); // imported, or told why not, either way: asking first would read its head twice
        }
        List<Path> found = new ArrayList<>();
        collect(location, readable, 0, found);
        return found.isEmpty() ? List.of(location) : found;
    }

    private static void collect(Path path, Predicate<Path> readable, int depth, List<Path> found) {
        if (readable.test(path)) {
            found.add(path);
            return;
        }
        if (depth >= MAX_DEPTH || !Files.isDirectory(path)) {
            return;
        }
        try (Stream<Path> children = Files.list(path)) {
            for (Path child : children.sorted().toList()) {
                String name = child.getFileName().toString();
                if (!name.startsWith(".") && !Files.isSymbolicLink(child)) {
                    collect(child, readable, depth + 1, found);
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException("could not list " + path, e);
        }
    }
}
