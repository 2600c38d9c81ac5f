package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.trace.Event;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;

/**
 * A growing span log (serve's {@code spans.jsonl}: whole OTLP/JSON documents, one per line, only ever appended)
 * imported again each time it grew, giving exactly what {@link OtelImporter#read(Path, long)} gives for the same
 * bytes. The spans read so far and their events are kept: when the new lines' spans all start after the events
 * written so far (see {@link OtelDerivation#extend}), only those lines are read and only their spans' events are
 * derived; otherwise (a late span that belongs earlier, a parent arriving after its children, a damaged line, a file
 * that is not JSON lines) the log is imported whole again. One caller at a time; the kept state is in memory only.
 */
public final class OtelLiveImport {

    private final Path log;
    /** The spans read so far, with their events; null before the first read. */
    private OtelDerivation derivation;
    /** Whether {@link #derivation} can take the spans of lines appended later (else it is finished on the next read). */
    private boolean extendable;
    /** How many bytes and lines {@link #derivation} holds the spans of. */
    private long readBytes;
    private long readLines;
    private long extended;
    private long whole;
    private long linesHandedOver;
    /** How many of {@link #derivation}'s events {@link #newlyDerived} handed out. */
    private int handedOut;

    /** A line just appended to the log, with the document it holds, so that the log need not be read to derive it. */
    public record AppendedLine(long start, long end, ObjectNode document) {
    }

    /** At most this many appended lines wait for {@link #advance}; beyond, the log is read instead. */
    static final int MAX_WAITING_LINES = 256;
    /** Lines appended after {@link #readBytes}, in file order, as {@link #appended} was told of them; guarded by itself. */
    private final ArrayDeque<AppendedLine> waiting = new ArrayDeque<>();

    /** An event derived from the log, with the line the trace will give it. */
    public record DerivedEvent(Event event, int line) {
    }

    public OtelLiveImport(Path log) {
        this.log = log;
    }

    /** The trace of the log's first {@code length} bytes, which must end a line appended whole. */
    public synchronized ImportedTrace read(long length) throws IOException, TraceFormatException {
        advance(length);
        if (extendable) {
            return derivation.snapshot();
        }
        OtelDerivation once = derivation;
        derivation = null;
        return once.finish();
    }

    /**
     * Derives the events of the log's first {@code length} bytes without handing out the trace: what {@link #read}
     * then has left to do is the lines appended since. Called as span batches arrive, it spreads the derivation over
     * them instead of doing it all when the trace is stored.
     */
    public synchronized void advance(long length) throws IOException, TraceFormatException {
        derive(length);
        if (extendable) {
            derivation.session().addColumnsOfNewEvents();
        }
    }

    private void derive(long length) throws IOException, TraceFormatException {
        if (derivation != null && length == readBytes) {
            return;
        }
        if (derivation != null && extendable && length > readBytes) {
            try {
                if (extend(length)) {
                    extended++;
                    // past the events an import holds in memory: finished on the next read, read whole after that
                    extendable = derivation.canSnapshot();
                    return;
                }
            } catch (IOException | RuntimeException e) {
                // the kept state may be half updated: drop it and read the log whole
            }
        }
        derivation = null;
        whole++;
        deriveWhole(length);
    }

    /**
     * Tells of a line just appended to the log (by the caller, under the log's lock, so in file order): the next
     * {@link #advance} derives its spans from {@code document} instead of reading the line again, when the lines it was
     * told of are exactly the bytes it has to read.
     */
    public void appended(AppendedLine line) {
        // not under this object's lock, which a derivation holds for as long as it takes: the request would wait for it
        synchronized (waiting) {
            if (waiting.size() >= MAX_WAITING_LINES) {
                waiting.clear();
            }
            waiting.add(line);
        }
    }

    /**
     * The documents of the lines between {@link #readBytes} and {@code length}, if the lines told of cover exactly
     * those bytes, else null (the log is read). Lines before {@code readBytes} are dropped, read already.
     */
    private List<ObjectNode> waitingDocuments(long length) {
        synchronized (waiting) {
            return waitingDocumentsLocked(length);
        }
    }

    private List<ObjectNode> waitingDocumentsLocked(long length) {
        while (!waiting.isEmpty() && waiting.peekFirst().start() < readBytes) {
            waiting.removeFirst();
        }
        List<ObjectNode> documents = new ArrayList<>();
        long at = readBytes;
        for (AppendedLine line : waiting) {
            if (at == length) {
                break;
            }
            if (line.start() != at || line.end() > length || line.end() - line.start() > LineReader.DEFAULT_MAX_LINE_BYTES
                    || !SpanFileReader.isOtlpDocument(line.document())) {
                return null;
            }
            documents.add(line.document());
            at = line.end();
        }
        return at == length ? documents : null;
    }

    /**
     * The events derived since the last call (every event again after the log was read whole), e.g. to check them
     * ahead of the next {@link #read}, which hands out these very objects. None while the events are kept in a file.
     */
    public synchronized List<DerivedEvent> newlyDerived() {
        if (derivation == null || !derivation.canSnapshot()) {
            return List.of();
        }
        ImportSession session = derivation.session();
        List<Event> events = session.events();
        List<DerivedEvent> derived = new ArrayList<>(Math.max(0, events.size() - handedOut));
        for (; handedOut < events.size(); handedOut++) {
            derived.add(new DerivedEvent(events.get(handedOut), session.lineOf(handedOut)));
        }
        return derived;
    }

    /** How many times only the new spans' events were derived, and how many the log was read whole (tests, benchmarks). */
    public synchronized long extendedReads() {
        return extended;
    }

    public synchronized long wholeReads() {
        return whole;
    }

    /** How many lines were derived from the documents {@link #appended} handed over, not read (tests, benchmarks). */
    public synchronized long linesHandedOver() {
        return linesHandedOver;
    }

    private boolean extend(long length) throws IOException, TraceFormatException {
        if (!endsLine(length)) {
            return false;
        }
        ImportSession reading = new ImportSession(OtelImporter.FORMAT, log.toString());
        SpanFileReader reader = new SpanFileReader(log, reading, readBytes, length, readLines);
        List<ObjectNode> documents = waitingDocuments(length);
        List<OtelSpan> arrived = documents != null ? reader.readDocumentsOfLines(documents) : reader.readLinesFrom();
        // A line the reader could not take is a finding of the whole import: that path reports it.
        if (reading.hasFindings() || !derivation.extend(arrived)) {
            return false;
        }
        if (documents != null) {
            linesHandedOver += documents.size();
        }
        readLines += reader.linesRead();
        readBytes = length;
        return true;
    }

    private void deriveWhole(long length) throws IOException, TraceFormatException {
        handedOut = 0;
        ImportSession session = new ImportSession(OtelImporter.FORMAT, log.toString());
        try (SpanFileReader reader = new SpanFileReader(log, session, length)) {
            List<OtelSpan> spans = reader.read();
            OtelDerivation read = OtelDerivation.of(session, log.toString(), spans);
            long size = Math.min(length, Files.size(log));
            derivation = read;
            readBytes = length;
            extendable = reader.readAsLines() && read.canSnapshot() && size == length && endsLine(size);
            readLines = extendable ? reader.linesRead() : 0;
        }
    }

    /** Whether the byte before {@code at} ends a line (a prefix of whole lines). */
    private boolean endsLine(long at) throws IOException {
        if (at == 0) {
            return true;
        }
        try (FileChannel channel = FileChannel.open(log, StandardOpenOption.READ)) {
            ByteBuffer last = ByteBuffer.allocate(1);
            return channel.read(last, at - 1) == 1 && last.get(0) == '\n';
        }
    }
}
