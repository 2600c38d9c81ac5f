package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * OpenTelemetry traces of GenAI agents: OTLP/JSON (also the older {@code instrumentationLibrarySpans} and Tempo's
 * {@code batches}) and Jaeger's query JSON. Spans are mapped by the GenAI semantic conventions and OpenInference
 * attributes; see docs/importers.md.
 */
public final class OtelImporter extends SingleFileImporter {

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

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        return read(path, Long.MAX_VALUE);
    }

    /**
     * Reads the first {@code length} bytes of a file that may be growing (a live span log whose appends end in whole
     * lines): the trace is that of those bytes, as if the file ended there.
     */
    public ImportedTrace read(Path path, long length) throws IOException, TraceFormatException {
        ImportSession session = newSession(path);
        List<OtelSpan> spans = new ArrayList<>(new SpanFileReader(path, session, length).read());
        if (spans.isEmpty()) {
            throw new TraceFormatException(path.toString(), 0, "the file holds no spans");
        }
        spans.sort(Comparator.comparing(OtelSpan::start, Comparator.nullsLast(Comparator.naturalOrder())));
        SpanTree tree = new SpanTree(spans);
        Instant start = spans.getFirst().start() != null ? spans.getFirst().start() : Instant.EPOCH;

        OtelTraceWriter writer = new OtelTraceWriter(session, tree, start);
        Map<OtelSpan, ModelSpanGroup> groups = writer.groupModels(spans);
        OtelSpan mainSpan = spans.stream().filter(span -> tree.role(span) != SpanRole.PLAIN).findFirst().orElse(spans.getFirst());
        ObjectNode environment = OtelEnvironment.of(mainSpan.resource(), OtelEnvironment.distinct(spans));
        String title = title(spans, tree);

        ObjectNode data = Json.object();
        data.put(SessionStartData.TITLE, title);
        data.set(SessionStartData.ENVIRONMENT, environment);
        if (!groups.isEmpty()) {
            ModelSpanGroup first = groups.values().iterator().next();
            ObjectNode model = data.putObject(SessionStartData.MODEL);
            Payloads.putIfPresent(model, SessionStartData.MODEL_PROVIDER, first.provider());
            Payloads.putIfPresent(model, SessionStartData.MODEL_NAME, first.model());
        }
        data.set(SessionStartData.IMPORTED, Payloads.imported(FORMAT, path.toString()));
        Set<String> traceIds = new LinkedHashSet<>();
        spans.forEach(span -> traceIds.add(span.traceId()));
        var ids = data.putArray("traceIds");
        traceIds.forEach(ids::add);
        session.append(NewEvent.of(OtelTraceWriter.RUN, "harness", EventType.SESSION_START).at(start)
                .touches(StateKind.SESSION, StateKind.HARNESS).data(data), 0);

        writer.write(spans);
        writer.report();
        ObjectNode end = Json.object();
        end.put(SessionEndData.OUTCOME, spans.stream().anyMatch(span -> span.isError() && tree.parent(span) == null) ? "failure" : "unknown");
        end.put(SessionEndData.SYNTHESISED, true);
        Instant last = spans.stream().map(span -> span.end() != null ? span.end() : span.start()).filter(java.util.Objects::nonNull)
                .max(Comparator.naturalOrder()).orElse(start);
        session.append(NewEvent.of(OtelTraceWriter.RUN, "harness", EventType.SESSION_END).at(last).data(end), 0);

        findings(session, spans, tree, groups, environment);
        return session.finish(FORMAT + ":" + String.join(",", traceIds), title, start);
    }

    private static String title(List<OtelSpan> spans, SpanTree tree) {
        for (OtelSpan span : spans) {
            if (tree.role(span) == SpanRole.AGENT) {
                return "agent " + SpanTree.agentName(span) + " (trace " + span.traceId() + ")";
            }
        }
        OtelSpan first = spans.getFirst();
        return first.name() + " (trace " + first.traceId() + ")";
    }

    private static void findings(ImportSession session, List<OtelSpan> spans, SpanTree tree, Map<OtelSpan, ModelSpanGroup> groups,
                                 ObjectNode environment) {
        session.finding(Finding.info(ImportFindings.ENVIRONMENT_INCOMPLETE, "the spans' resources do not record: "
                + String.join(", ", OtelEnvironment.missing(environment)), null, 0));
        session.finding(Finding.warning(ImportFindings.NO_CHECKPOINT, "traces hold no workspace content, so there is no replayable checkpoint", null, 0));
        long orphans = spans.stream().filter(tree::orphan).count();
        if (orphans > 0) {
            session.finding(Finding.info(ImportFindings.ORPHAN_SPANS, orphans + " span(s) name a parent span that is not in the file"
                    + " (partial export); they are placed by time", null, 0));
        }
        long unfinished = spans.stream().filter(span -> span.end() == null).count();
        if (unfinished > 0) {
            session.finding(Finding.warning(ImportFindings.UNFINISHED_SPANS, unfinished + " span(s) have no end time", null, 0));
        }
        long withoutUsage = groups.values().stream().filter(group -> group.usage() == null).count();
        if (withoutUsage > 0) {
            session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, withoutUsage + " model call(s) record no token usage", null, 0));
        }
        if (groups.values().stream().noneMatch(group -> group.first("gen_ai.usage.cost", "llm.cost.total") != null)) {
            session.finding(Finding.info(ImportFindings.NO_COST, "no cost recorded (token counts only)", null, 0));
        }
        if (groups.isEmpty()) {
            session.finding(Finding.warning(ImportFindings.NO_MODEL_SPANS, "no span follows the GenAI conventions for a model call", null, 0));
        }
    }
}
