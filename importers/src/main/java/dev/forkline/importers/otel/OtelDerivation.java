package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.Payloads;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * The events {@link OtelImporter} makes of a set of spans, kept open so that spans arriving later can be added when
 * their events simply follow the ones written ({@link #extend}): session.start, the spans' events in time order, and,
 * when the trace is handed out ({@link #finish}, or {@link #snapshot} which leaves this open), session.end and the
 * import's findings. A one-shot import and a live trace extended span batch by span batch give the same trace.
 */
final class OtelDerivation {

    /** By start, spans without one last; compares the held nanoseconds, not {@code Instant}s made for it. */
    private static final Comparator<OtelSpan> BY_START = (a, b) -> {
        long aStart = a.startTime();
        long bStart = b.startTime();
        if (aStart == SpanTimes.NONE || bStart == SpanTimes.NONE) {
            return aStart == bStart ? 0 : aStart == SpanTimes.NONE ? 1 : -1;
        }
        return aStart != SpanTimes.FAR && bStart != SpanTimes.FAR ? Long.compare(aStart, bStart) : a.start().compareTo(b.start());
    };

    private final ImportSession session;
    private final String source;
    /** In start order, as written. */
    private final List<OtelSpan> spans;
    private final SpanTree tree;
    private final OtelTraceWriter writer;
    private final Instant start;
    private final ObjectNode startData;
    /** The keys of parents that spans name and the tree does not hold: a span arriving with one changes its children. */
    private final Set<String> missingParents = new HashSet<>();
    private boolean unstarted;
    /** What session.start is made of, kept as spans arrive: distinct resources and trace ids, the first agent and non-plain span. */
    private final Summary summary;

    private OtelDerivation(ImportSession session, String source, List<OtelSpan> spans, SpanTree tree, OtelTraceWriter writer,
                           Instant start, Summary summary, ObjectNode startData) {
        this.summary = summary;
        this.session = session;
        this.source = source;
        this.spans = spans;
        this.tree = tree;
        this.writer = writer;
        this.start = start;
        this.startData = startData;
    }

    /** Writes session.start and the events of {@code fileOrder}'s spans; more spans may be added ({@link #extend}). */
    static OtelDerivation of(ImportSession session, String source, List<OtelSpan> fileOrder) throws TraceFormatException {
        try {
            return of(session, source, fileOrder, true, null);
        } catch (IOException e) {
            throw new IllegalStateException("nothing is stored while a live trace is derived", e);
        }
    }

    /**
     * The trace of {@code fileOrder}'s spans and no others: what the writer holds for later spans is dropped as it goes.
     * The events go to {@code sink} (when not null) as they are made.
     */
    static ImportedTrace whole(ImportSession session, String source, List<OtelSpan> fileOrder, EventBatchSink sink)
            throws TraceFormatException, IOException {
        return of(session, source, fileOrder, false, sink).finish();
    }

    private static OtelDerivation of(ImportSession session, String source, List<OtelSpan> fileOrder, boolean extendable,
                                     EventBatchSink sink) throws TraceFormatException, IOException {
        List<OtelSpan> spans = new ArrayList<>(fileOrder);
        if (spans.isEmpty()) {
            throw new TraceFormatException(source, 0, "the file holds no spans");
        }
        spans.sort(BY_START);
        SpanTree tree = new SpanTree(spans);
        Instant start = spans.getFirst().start() != null ? spans.getFirst().start() : Instant.EPOCH;
        OtelTraceWriter writer = new OtelTraceWriter(session, tree, start, extendable);
        writer.groupModels(spans);
        Summary summary = new Summary();
        summary.add(spans, tree);
        ObjectNode data = summary.startData(spans, writer.firstGroup(), source);
        session.storeWhileReading(sink, traceIdOf(summary), data.get("title").asText(), start);
        session.append(NewEvent.of(OtelTraceWriter.RUN, "harness", EventType.SESSION_START).at(start)
                .touches(StateKind.SESSION, StateKind.HARNESS).data(data), 0);
        writer.write(spans);
        OtelDerivation derivation = new OtelDerivation(session, source, spans, tree, writer, start, summary, data);
        if (extendable) {
            derivation.noteArrived(spans);
        }
        return derivation;
    }

    /**
     * Adds spans that arrived after the ones written, when writing all spans at once would give the events written so
     * far unchanged, followed by the new spans' events: every new span starts after the last point written (a span's
     * start, end or exception), none is a span already known or the missing parent of one, no new model span nests in
     * a model span written before, and session.start stays as it is. Otherwise answers false; this derivation is then
     * left in an undefined state and must be dropped (import the spans whole instead).
     */
    boolean extend(List<OtelSpan> arrived) {
        if (arrived.isEmpty()) {
            return true;
        }
        Instant last = writer.lastPoint();
        if (unstarted || last == null) {
            return false;
        }
        Set<String> arrivedKeys = new HashSet<>();
        for (OtelSpan span : arrived) {
            String key = SpanTree.keyOf(span);
            if (!span.hasStart() || !span.start().isAfter(last) || tree.isKnown(span) || missingParents.contains(key)
                    || !arrivedKeys.add(key)) {
                return false;
            }
        }
        List<OtelSpan> added = new ArrayList<>(arrived);
        added.sort(BY_START);
        tree.add(added);
        for (OtelSpan span : added) {
            if (span.role() == SpanRole.MODEL && !arrivedKeys.contains(SpanTree.keyOf(tree.modelRoot(span)))) {
                return false;
            }
        }
        spans.addAll(added);
        writer.groupModels(added);
        summary.add(added, tree);
        if (!summary.startData(spans, writer.firstGroup(), source).equals(startData)) {
            return false;
        }
        writer.write(added);
        noteArrived(added);
        return true;
    }

    private void noteArrived(List<OtelSpan> arrived) {
        for (OtelSpan span : arrived) {
            missingParents.remove(SpanTree.keyOf(span));
            unstarted |= !span.hasStart();
        }
        for (OtelSpan span : arrived) {
            if (tree.orphan(span)) {
                missingParents.add(SpanTree.parentKey(span));
            }
        }
    }

    /** The trace of the spans so far; this derivation is done. */
    ImportedTrace finish() throws IOException {
        close(session);
        return session.finish(traceId(), title(), start);
    }

    /** The session the events are appended to. */
    ImportSession session() {
        return session;
    }

    /** Whether {@link #snapshot} can be taken (the events are held in memory). */
    boolean canSnapshot() {
        return session.canSnapshot();
    }

    /** The trace of the spans so far, leaving this derivation open for more spans. */
    ImportedTrace snapshot() {
        return session.snapshot(traceId(), title(), start, this::close);
    }

    private String traceId() {
        return traceIdOf(summary);
    }

    private static String traceIdOf(Summary summary) {
        return OtelImporter.FORMAT + ":" + String.join(",", summary.traceIds);
    }

    private String title() {
        return startData.get("title").asText();
    }

    /** session.end and the findings that sum up the spans, appended to {@code target}. */
    private void close(ImportSession target) {
        writer.report(target);
        ObjectNode end = Json.object();
        end.put(SessionEndData.OUTCOME, spans.stream().anyMatch(span -> span.isError() && span.parentId() == null) ? "failure" : "unknown");
        end.put(SessionEndData.SYNTHESISED, true);
        Instant last = spans.stream().map(span -> span.end() != null ? span.end() : span.start()).filter(Objects::nonNull)
                .max(Comparator.naturalOrder()).orElse(start);
        target.append(NewEvent.of(OtelTraceWriter.RUN, "harness", EventType.SESSION_END).at(last).data(end), 0);
        findings(target, (ObjectNode) startData.get("environment"));
    }

    /**
     * What session.start says about the spans, kept up to date as spans are added (in start order): the distinct
     * resources and trace ids in first-seen order, the first agent span (the title) and the first span that is not
     * plain (the main resource).
     */
    private static final class Summary {
        private final Set<ObjectNode> resources = new LinkedHashSet<>();
        private final Set<String> traceIds = new LinkedHashSet<>();
        private OtelSpan firstAgent;
        private OtelSpan firstNotPlain;

        void add(List<OtelSpan> spans, SpanTree tree) {
            for (OtelSpan span : spans) {
                resources.add(span.resource());
                traceIds.add(span.traceId());
                SpanRole role = span.role();
                if (firstAgent == null && role == SpanRole.AGENT) {
                    firstAgent = span;
                }
                if (firstNotPlain == null && role != SpanRole.PLAIN) {
                    firstNotPlain = span;
                }
            }
        }

        /** @param spans all spans, in start order */
        ObjectNode startData(List<OtelSpan> spans, ModelSpanGroup firstGroup, String source) {
            OtelSpan mainSpan = firstNotPlain != null ? firstNotPlain : spans.getFirst();
            ObjectNode environment = OtelEnvironment.of(mainSpan.resource(), new ArrayList<>(resources));
            ObjectNode data = Json.object();
            data.put(SessionStartData.TITLE, title(spans));
            data.set(SessionStartData.ENVIRONMENT, environment);
            if (firstGroup != null) {
                ModelSpanGroup first = firstGroup;
                ObjectNode model = data.putObject(SessionStartData.MODEL);
                Payloads.putIfPresent(model, SessionStartData.MODEL_PROVIDER, first.provider());
                Payloads.putIfPresent(model, SessionStartData.MODEL_NAME, first.model());
            }
            data.set(SessionStartData.IMPORTED, Payloads.imported(OtelImporter.FORMAT, source));
            var ids = data.putArray("traceIds");
            traceIds.forEach(ids::add);
            return data;
        }

        private String title(List<OtelSpan> spans) {
            if (firstAgent != null) {
                return "agent " + firstAgent.agentName() + " (trace " + firstAgent.traceId() + ")";
            }
            OtelSpan first = spans.getFirst();
            return first.name() + " (trace " + first.traceId() + ")";
        }
    }

    private void findings(ImportSession target, ObjectNode environment) {
        target.finding(Finding.info(ImportFindings.ENVIRONMENT_INCOMPLETE, "the spans' resources do not record: "
                + String.join(", ", OtelEnvironment.missing(environment)), null, 0));
        target.finding(Finding.warning(ImportFindings.NO_CHECKPOINT, "traces hold no workspace content, so there is no replayable checkpoint", null, 0));
        long orphans = spans.stream().filter(tree::orphan).count();
        if (orphans > 0) {
            target.finding(Finding.info(ImportFindings.ORPHAN_SPANS, orphans + " span(s) name a parent span that is not in the file"
                    + " (partial export); they are placed by time", null, 0));
        }
        long unfinished = spans.stream().filter(span -> !span.hasEnd()).count();
        if (unfinished > 0) {
            target.finding(Finding.warning(ImportFindings.UNFINISHED_SPANS, unfinished + " span(s) have no end time", null, 0));
        }
        long withoutUsage = writer.groupsWithoutUsage();
        if (withoutUsage > 0) {
            target.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, withoutUsage + " model call(s) record no token usage", null, 0));
        }
        if (!writer.anyGroupRecordsCost()) {
            target.finding(Finding.info(ImportFindings.NO_COST, "no cost recorded (token counts only)", null, 0));
        }
        if (writer.groupCount() == 0) {
            target.finding(Finding.warning(ImportFindings.NO_MODEL_SPANS, "no span follows the GenAI conventions for a model call", null, 0));
        }
    }
}
