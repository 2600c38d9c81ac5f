package dev.forkline.importers.otel;

import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.ReadingWatcher;
import dev.forkline.importers.StreamingImporter;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.RecordStream;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * OpenTelemetry traces of GenAI agents: OTLP/JSON (also the older {@code instrumentationLibrarySpans} and Tempo's
 * {@code batches}) and Jaeger's query JSON. Spans are mapped by the GenAI semantic conventions and OpenInference
 * attributes; see docs/importers.md.
 */
public final class OtelImporter extends SingleFileImporter implements StreamingImporter {

    public static final String FORMAT = "otel-genai";

    private static final Pattern OTLP_HEAD = Pattern.compile(
            "^\\{\\s*\"(resourceSpans|batches)\"\\s*:\\s*\\[");
    private static final Pattern OTLP_ANYWHERE = Pattern.compile("\"(scopeSpans|instrumentationLibrarySpans)\"\\s*:\\s*\\[");
    private static final Pattern JAEGER = Pattern.compile(
            "^\\{\\s*\"data\"\\s*:\\s*\\[\\s*\\{.*\"(traceID|spans)\"", Pattern.DOTALL);

    public OtelImporter() {
        super(FORMAT);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        String text = head.text();
        if (OTLP_HEAD.matcher(text).find()) {
            return true;
        }
        if (text.startsWith("{") && text.contains("\"resourceSpans\"") && OTLP_ANYWHERE.matcher(text).find()) {
            return true;
        }
        return JAEGER.matcher(text).find() && text.contains("\"spanID\"");
    }

    /**
     * As {@link #read(Path)}, telling {@code watcher} how far the reading of the spans got, with the part read so far
     * to import alone: of a file of JSON lines (one export request per line, as the collector's file exporter writes
     * them), the lines up to the last line break read; of a file of one document, the spans wholly read.
     */
    @Override
    public ImportedTrace read(Path path, EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException {
        long size = Files.size(path);
        return read(path, session -> new SpanFileReader(path, session).reportingTo(
                bytes -> watcher.read(bytes, size, stopped -> {
                    long lines = RecordStream.lastLineEnd(path, bytes);
                    return readPart(path, part -> new SpanFileReader(path, part, lines), stopped);
                }),
                bytes -> watcher.read(bytes, size, stopped -> readPart(path, part -> SpanFileReader.partOf(path, part, bytes), stopped))), sink);
    }

    /**
     * Reads the first {@code length} bytes of a file that may be growing (a live span log whose appends end in whole
     * lines): the trace is that of those bytes, as if the file ended there.
     */
    public ImportedTrace read(Path path, long length) throws IOException, TraceFormatException {
        return read(path, session -> new SpanFileReader(path, session, length), null);
    }

    /**
     * The trace of the part of the file {@code spansOf} reads, for a preview: its reading and the making of its events
     * end once {@code stopped} says so.
     */
    private ImportedTrace readPart(Path path, Function<ImportSession, SpanFileReader> spansOf, BooleanSupplier stopped)
            throws IOException, TraceFormatException {
        return read(path, session -> {
            BytesRead checking = bytes -> session.checkStopped();
            return spansOf.apply(session.stoppingWhen(stopped)).reportingTo(checking, checking);
        }, null);
    }

    /** The trace of the spans {@code spansOf} reads for a new session of the file, its events handed to {@code sink} (or null). */
    private ImportedTrace read(Path path, Function<ImportSession, SpanFileReader> spansOf, EventBatchSink sink)
            throws IOException, TraceFormatException {
        ImportSession session = newSession(path);
        try (SpanFileReader reader = spansOf.apply(session)) {
            return OtelDerivation.whole(session, path.toString(), reader.read(), sink);
        }
    }
}
