package dev.forkline.importers;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.AbstractList;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.RandomAccess;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;

/**
 * What every importer needs while reading one file: the hash chain it appends to, the blobs, the findings, and the
 * source file's name for messages. {@link #finish} turns it into an {@link ImportedTrace}.
 */
public final class ImportSession {

    /** The run of an import that holds one run: {@code r1}, as the recorder names a recording's first run. */
    public static final String RUN = "r1";
    static final int EVENTS_BETWEEN_STOP_CHECKS = 256;

    private final String format;
    private final String source;
    private final EventChain chain = new EventChain();
    private final SpilledEvents events;
    /** Hashes each event and keeps it in {@link #events}, on a thread of its own: see {@link #append}. */
    private final BackgroundChaining chaining;
    /** Events placed so far (some may still be on their way to {@link #events}); touched by the importing thread only. */
    private int placed;
    private int[] lines = new int[1024];
    /** {@link #events()}: its size is known at once, an event is read once every event appended is hashed. */
    private final List<Event> appended = new Appended();
    private final SpilledBlobs blobs;
    private final List<Finding> findings = new ArrayList<>();
    private final Map<String, Guess> guessed = new LinkedHashMap<>();
    /** Where the events go as they are hashed, when the trace is stored while it is read ({@link #storeWhileReading}). */
    private volatile StreamedEvents streamed;
    private Manifest streamedManifest;
    /** Asked every {@value #EVENTS_BETWEEN_STOP_CHECKS} events appended: true ends the import ({@link #stoppingWhen}). */
    private BooleanSupplier stopped = () -> false;
    /** The columns of the events up to the last {@link #snapshot}, so that the next one adds only the rows of new events. */
    private EventColumns.Builder snapshotColumns;
    private int snapshotRows;

    public ImportSession(String format, String source) {
        this(format, source, new SpilledEvents(source));
    }

    /** A session whose events go to a file in {@code directory} beyond {@code inMemoryLimit} (tests of the spill). */
    ImportSession(String format, String source, int inMemoryLimit, Path directory) {
        this(format, source, new SpilledEvents(source, inMemoryLimit, directory));
    }

    private ImportSession(String format, String source, SpilledEvents events) {
        this(format, source, events, new SpilledBlobs());
    }

    private ImportSession(String format, String source, SpilledEvents events, SpilledBlobs blobs) {
        this.format = format;
        this.source = source;
        this.events = events;
        this.blobs = blobs;
        this.chaining = new BackgroundChaining((event, line) -> {
            CanonicalEvent.Hashed hashed = chain.chain(event);
            events.add(hashed);
            StreamedEvents store = streamed;
            if (store != null) {
                store.add(hashed, line);
            }
        });
    }

    /**
     * Makes this session's import end with a {@link CancellationException} once {@code stopped} says so: asked by
     * {@link #checkStopped} and every {@value #EVENTS_BETWEEN_STOP_CHECKS} events appended. For an import whose result
     * nobody waits for any more (the preview of a part of a file whose import was cancelled).
     */
    public ImportSession stoppingWhen(BooleanSupplier stopped) {
        this.stopped = stopped;
        return this;
    }

    /** @throws CancellationException when the session was told to stop ({@link #stoppingWhen}) */
    public void checkStopped() {
        if (stopped.getAsBoolean()) {
            throw new CancellationException("the import of " + source + " was stopped");
        }
    }

    public String source() {
        return source;
    }

    public String format() {
        return format;
    }

    /**
     * Appends an event that came from {@code line} of the source (0 when it has no single line).
     *
     * @return the event as placed: its id, seq and time, but no prev and hash yet. It is hashed onto the chain on
     *         another thread ({@link BackgroundChaining}) while the importer reads on; {@link #events()} gives the
     *         events as hashed. Its data must not change after this call.
     * @throws IllegalArgumentException when the trace has an event of that id already, or an event appended before
     *         could not be hashed
     */
    public Event append(NewEvent draft, long line) {
        if (placed % EVENTS_BETWEEN_STOP_CHECKS == 0) {
            checkStopped();
        }
        Event event = chain.place(draft);
        if (placed == lines.length) {
            lines = Arrays.copyOf(lines, lines.length * 2);
        }
        int sourceLine = (int) Math.min(Integer.MAX_VALUE, line);
        lines[placed++] = sourceLine;
        chaining.submit(event, sourceLine);
        return event;
    }

    /**
     * Hands the trace's events to {@code sink} (a {@link dev.forkline.trace.store.StreamedImport store's streamed
     * import}) as they are appended, so that the store writes them while the rest of the source is read: for an
     * importer that knows its trace's id, title and time before its first event (after a first pass over the source).
     * {@link #finish} must then give the same three. A null sink does nothing (the trace is stored once it is read).
     *
     * @throws IllegalStateException when an event was appended already
     * @throws IOException           when the sink cannot start (the store's transaction did not begin)
     */
    public void storeWhileReading(EventBatchSink sink, String traceId, String title, Instant created) throws IOException {
        if (sink == null) {
            return;
        }
        if (placed > 0 || streamed != null) {
            throw new IllegalStateException("a trace is stored while it is read from its first event on: " + placed + " appended already");
        }
        streamedManifest = manifest(traceId, title, created);
        sink.begin(source, streamedManifest, blobs);
        events.takeColumnsInParts();
        if (sink.keepsLines()) {
            events.linesKeptElsewhere();
        }
        streamed = new StreamedEvents(sink, events::addColumns);
    }

    /** The id the next event appended to {@code run} will get (for a finding written before the event itself). */
    public String nextEventId(String run) {
        return run + "." + chain.nextSeq(run);
    }

    public boolean hasEventId(String id) {
        return chain.hasId(id);
    }

    public String putBlob(byte[] content) {
        return blobs.put(content);
    }

    public String putBlob(String content) {
        return blobs.put(content.getBytes(StandardCharsets.UTF_8));
    }

    public void finding(Finding finding) {
        findings.add(finding);
    }

    /** Whether any finding was reported so far. */
    public boolean hasFindings() {
        return !findings.isEmpty();
    }

    /**
     * Gives a tool call its effect class by {@link EffectRules}. Guesses are counted per tool name and become one
     * warning per tool at {@link #finish}, naming the first call and how many calls there were.
     */
    public EffectRules.Classification classify(String tool, JsonNode arguments, String eventId, long line) {
        EffectRules.Classification classification = EffectRules.classify(tool, arguments);
        if (classification.guessed()) {
            guessed.computeIfAbsent(String.valueOf(tool), name -> new Guess(eventId, line)).calls++;
        }
        return classification;
    }

    /** The first call of a tool whose effect was guessed, and how many calls of it there are. */
    private static final class Guess {
        private final String firstEvent;
        private final long firstLine;
        private int calls;

        Guess(String firstEvent, long firstLine) {
            this.firstEvent = firstEvent;
            this.firstLine = firstLine;
        }
    }

    /** One warning per run whose tool calls share call ids: a result names its call by that id, so pairing is ambiguous. */
    private void reportDuplicateCallIds(List<Event> all, EventColumns columns) {
        Map<String, Map<String, List<Integer>>> byRun = new LinkedHashMap<>();
        String toolCall = EventType.TOOL_CALL.wireName();
        for (int i = 0; i < columns.size(); i++) {
            String callId = toolCall.equals(columns.type(i)) ? columns.callId(i) : null;
            if (callId != null && !callId.isEmpty()) {
                byRun.computeIfAbsent(columns.run(i), run -> new LinkedHashMap<>()).computeIfAbsent(callId, id -> new ArrayList<>(1)).add(i);
            }
        }
        byRun.forEach((run, calls) -> {
            List<Map.Entry<String, List<Integer>>> repeated = calls.entrySet().stream().filter(entry -> entry.getValue().size() > 1).toList();
            if (repeated.isEmpty()) {
                return;
            }
            String examples = String.join(", ", repeated.stream().limit(3)
                    .map(entry -> entry.getKey() + " (" + entry.getValue().size() + " calls: " + String.join(", ",
                            entry.getValue().stream().limit(3).map(columns::id).toList()) + ")").toList());
            int first = repeated.getFirst().getValue().get(1);
            findings.add(Finding.warning(ImportFindings.CALL_IDS_NOT_UNIQUE, "run " + run + ": " + repeated.size() + " call id(s) name more "
                    + "than one tool call (" + examples + (repeated.size() > 3 ? ", ..." : "") + "): a result naming its call by id cannot "
                    + "tell them apart, so check how these results were paired", all.get(first).id(), lines[first]));
        });
    }

    private void reportGuesses() {
        guessed.forEach((tool, guess) -> findings.add(Finding.warning(ImportFindings.EFFECT_GUESSED, "tool '" + tool + "' ("
                + guess.calls + (guess.calls == 1 ? " call" : " calls") + ") is not known to Forkline's effect rule: treated as external"
                + " (never re-executed on replay)", guess.firstEvent, guess.firstLine)));
        guessed.clear();
    }

    /**
     * The events appended so far, hashed. Reading one waits until the events appended before are hashed (its size does
     * not). A long import keeps them in a temporary file ({@link SpilledEvents}): looking back at the first and the
     * last is free, at any other one costs a read and a parse.
     */
    public List<Event> events() {
        return appended;
    }

    private final class Appended extends AbstractList<Event> implements RandomAccess {
        @Override
        public Event get(int index) {
            chaining.drain();
            return events.get(index);
        }

        @Override
        public int size() {
            return placed;
        }
    }

    private Manifest manifest(String traceId, String title, Instant created) {
        return new Manifest(Manifest.FORMAT_VERSION, traceId, title, created, "forkline-import/" + format, format);
    }

    /** The source line of the {@code index}-th event appended (as the finished trace's {@code lines} give it). */
    public int lineOf(int index) {
        return lines[index];
    }

    /** {@link #finish(String, String, Instant)} for a source that does not say when it was made: the first event's time. */
    public ImportedTrace finish(String traceId, String title) throws IOException {
        return finish(traceId, title, appended.getFirst().ts());
    }

    /**
     * Whether {@link #snapshot} can be taken: the events are still held as objects (a session past
     * {@link SpilledEvents#IN_MEMORY_LIMIT} events or {@link SpilledEvents#IN_MEMORY_BYTES} of lines keeps them in a
     * file that {@link #finish} hands out once).
     */
    public boolean canSnapshot() {
        chaining.drain();
        return !events.spilled();
    }

    /**
     * The trace {@link #finish} would give if {@code closing} appended its events and reported its findings now,
     * leaving this session as it was: it takes more events afterwards and can be snapshot again (a growing source
     * imported again and again, with what closes the trace, e.g. a synthesised session.end, always last). The copy
     * that {@code closing} works on shares this session's blobs, so {@code closing} must not add blobs.
     *
     * @throws IllegalStateException when the events went to a file ({@link #canSnapshot})
     */
    public ImportedTrace snapshot(String traceId, String title, Instant created, java.util.function.Consumer<ImportSession> closing) {
        if (!canSnapshot()) {
            throw new IllegalStateException("the events of " + source + " went to a file: the session can only be finished once");
        }
        ImportSession copy = new ImportSession(format, source, new SpilledEvents(source), blobs);
        for (int i = 0; i < events.size(); i++) {
            CanonicalEvent.Hashed held = events.held(i);
            copy.chain.accept(held.event());
            copy.events.add(held);
        }
        copy.lines = Arrays.copyOf(lines, Math.max(lines.length, 16));
        copy.placed = placed;
        copy.findings.addAll(findings);
        guessed.forEach((tool, guess) -> {
            Guess same = new Guess(guess.firstEvent, guess.firstLine);
            same.calls = guess.calls;
            copy.guessed.put(tool, same);
        });
        addColumnsOfNewEvents();
        EventColumns.Builder columns = new EventColumns.Builder(events.size() + 16).append(snapshotColumns.buildPart());
        closing.accept(copy);
        copy.chaining.drain();
        for (int i = snapshotRows; i < copy.events.size(); i++) {
            columns.add(copy.events.get(i));
        }
        try {
            return copy.finish(traceId, title, created, copy.events.spilled() ? null : columns.build());
        } catch (IOException e) {
            throw new IllegalStateException("the copy of " + source + " hands its events to no store, so it reads them from nowhere", e);
        }
    }

    /**
     * Adds the column rows of the events appended since the last {@link #snapshot} (which does it too): a session
     * snapshot again and again can do it as events arrive instead of when the next snapshot is asked for.
     */
    public void addColumnsOfNewEvents() {
        if (!canSnapshot()) {
            return;
        }
        if (snapshotColumns == null) {
            snapshotColumns = new EventColumns.Builder(events.size() + 1024);
        }
        for (; snapshotRows < events.size(); snapshotRows++) {
            snapshotColumns.add(events.get(snapshotRows));
        }
    }

    /**
     * The trace as read. Where the store the events were handed to kept their lines ({@link #storeWhileReading}), this
     * ends its input and the events are read back from it.
     *
     * @throws IOException when the store failed and cannot give the lines back
     */
    public ImportedTrace finish(String traceId, String title, Instant created) throws IOException {
        return finish(traceId, title, created, null);
    }

    /** @param known the columns of the events, when already built (else computed here) */
    private ImportedTrace finish(String traceId, String title, Instant created, EventColumns known) throws IOException {
        chaining.drain();
        Manifest manifest = manifest(traceId, title, created);
        if (streamed != null) {
            if (!manifest.equals(streamedManifest)) {
                throw new IllegalStateException("the trace was stored while read as " + streamedManifest + " but finished as " + manifest);
            }
            streamed.flush();
        }
        reportGuesses();
        List<Event> all = events.finished(streamed == null ? null : streamed.sink());
        EventColumns kept = events.finishedColumns();
        EventColumns columns = known != null ? known : kept != null ? kept : EventColumns.of(all);
        reportDuplicateCallIds(all, columns);
        int[] lineArray = Arrays.copyOf(lines, all.size());
        return new ImportedTrace(new Bundle(source, manifest, all, lineArray, blobs.handedOut(), columns), findings);
    }
}
