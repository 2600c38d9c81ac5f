package dev.forkline.trace.bundle;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.columns.LazyEventList;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/** Reads a bundle directory or a bundle {@code .zip} (see {@link ZipBundleArchive} for the archive's safety rules). */
public final class BundleReader {

    private BundleReader() {
    }

    public static boolean looksLikeBundle(Path path) {
        if (Files.isDirectory(path)) {
            return Files.isRegularFile(path.resolve(Bundle.MANIFEST));
        }
        return ZipBundleArchive.isZip(path);
    }

    /**
     * A {@code trace.jsonl} at least this large is not held in memory: its events are scanned into columns and parsed
     * from the file when asked for (see {@link ScannedEventsReader}).
     */
    public static final long LAZY_FROM_BYTES = 32L * 1024 * 1024;

    public static Bundle read(Path path) throws IOException, TraceFormatException {
        return read(path, LAZY_FROM_BYTES);
    }

    /**
     * As {@link #read(Path)}, handing a large bundle's events to {@code sink} as they are read and checked (see
     * {@link EventBatchSink}), so that they can be stored while the rest is read. A small bundle, or a zip, is read
     * in one piece and the sink is not called at all.
     */
    public static Bundle read(Path path, EventBatchSink sink) throws IOException, TraceFormatException {
        return read(path, LAZY_FROM_BYTES, sink);
    }

    static Bundle read(Path path, long lazyFromBytes) throws IOException, TraceFormatException {
        return read(path, lazyFromBytes, null);
    }

    static Bundle read(Path path, long lazyFromBytes, EventBatchSink sink) throws IOException, TraceFormatException {
        String name = path.toString();
        if (Files.isDirectory(path)) {
            Path manifestFile = path.resolve(Bundle.MANIFEST);
            Path eventsFile = path.resolve(Bundle.EVENTS);
            Manifest manifest;
            try (InputStream in = Files.newInputStream(manifestFile)) {
                manifest = readManifest(in, name + "/" + Bundle.MANIFEST);
            } catch (NoSuchFileException e) {
                throw new TraceFormatException(name, 0, "not a Forkline bundle: no " + Bundle.MANIFEST);
            }
            try {
                if (Files.size(eventsFile) >= lazyFromBytes) {
                    return readLazily(name, manifest, eventsFile, new DirectoryBlobStore(path.resolve(Bundle.BLOBS)), sink);
                }
                try (InputStream in = Files.newInputStream(eventsFile)) {
                    return readEvents(name, manifest, in, new DirectoryBlobStore(path.resolve(Bundle.BLOBS)));
                }
            } catch (NoSuchFileException e) {
                throw new TraceFormatException(name, 0, "not a Forkline bundle: no " + Bundle.EVENTS);
            }
        }
        if (!Files.exists(path)) {
            throw new TraceFormatException(name, 0, "no such file or directory");
        }
        if (!ZipBundleArchive.isZip(path)) {
            throw new TraceFormatException(name, 0, "not a Forkline bundle (expected a directory or a .zip holding manifest.json and trace.jsonl)");
        }
        ZipBundleArchive archive = ZipBundleArchive.open(path);
        try {
            Manifest manifest;
            try (InputStream in = archive.open(Bundle.MANIFEST)) {
                manifest = readManifest(in, name + "!/" + Bundle.MANIFEST);
            }
            try (InputStream in = archive.open(Bundle.EVENTS)) {
                return readEvents(name, manifest, in, archive);
            }
        } catch (IOException | TraceFormatException | RuntimeException e) {
            archive.close();
            throw e;
        }
    }

    private static Manifest readManifest(InputStream in, String file) throws IOException, TraceFormatException {
        try {
            return Manifest.fromJson(Json.MAPPER.readTree(in.readNBytes(1024 * 1024)), file);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new TraceFormatException(file, e.getLocation() == null ? 0 : e.getLocation().getLineNr(), "invalid JSON: " + e.getOriginalMessage());
        }
    }

    private static Bundle readLazily(String source, Manifest manifest, Path eventsFile, BlobSource blobs, EventBatchSink sink)
            throws IOException, TraceFormatException {
        if (sink != null) {
            sink.begin(source + "/" + Bundle.EVENTS, manifest, blobs);
        }
        LazyEventList events = ScannedEventsReader.read(eventsFile, source + "/" + Bundle.EVENTS, sink);
        int[] lines = new int[events.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = Math.toIntExact(events.lines().lineNumber(i));
        }
        return new Bundle(source, manifest, events, lines, blobs, events.columns());
    }

    private static Bundle readEvents(String source, Manifest manifest, InputStream in, BlobSource blobs) throws IOException, TraceFormatException {
        String file = source + "/" + Bundle.EVENTS;
        List<Event> events = new ArrayList<>();
        int[] lines = new int[1024];
        LineReader reader = new LineReader(in, file);
        String line;
        while ((line = reader.next()) != null) {
            if (line.isBlank()) {
                continue;
            }
            Event event = EventCodec.parseLine(line, file, reader.lineNumber());
            if (events.size() == lines.length) {
                lines = Arrays.copyOf(lines, lines.length * 2);
            }
            lines[events.size()] = Math.toIntExact(reader.lineNumber());
            events.add(event);
        }
        return new Bundle(source, manifest, events, Arrays.copyOf(lines, events.size()), blobs);
    }
}
