package dev.forkline.importers.openaiagents;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
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
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.regex.Pattern;

/**
 * Trace exports of the OpenAI Agents SDK (Python/JS): {@code trace} records (workflow name, group id, metadata) and
 * {@code trace.span} records whose {@code span_data} is an agent, generation, response, function, handoff, guardrail,
 * custom, mcp_tools or speech span. See docs/importers.md.
 */
public final class OpenAiAgentsImporter extends SingleFileImporter {

    public static final String FORMAT = "openai-agents";

    private static final Pattern MARKER = Pattern.compile("\"object\"\\s*:\\s*\"trace(\\.span)?\"");
    private static final Pattern SHAPE = Pattern.compile("\"(span_data|workflow_name)\"\\s*:");

    public OpenAiAgentsImporter() {
        super(FORMAT);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        String text = head.text();
        if (!(text.startsWith("{") || text.startsWith("["))) {
            return false;
        }
        return MARKER.matcher(text).find() && SHAPE.matcher(text).find();
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        ImportSession session = newSession(path);
        Map<String, ObjectNode> traces = new LinkedHashMap<>();
        List<AgentsSpan> spans = new ArrayList<>();
        long other = 0;
        for (AgentsRecordReader.Item item : AgentsRecordReader.read(path, session)) {
            String object = JsonFields.text(item.record(), "object");
            if ("trace".equals(object)) {
                traces.putIfAbsent(String.valueOf(JsonFields.text(item.record(), "id")), item.record());
            } else if ("trace.span".equals(object)) {
                spans.add(AgentsSpan.of(item.record(), item.line()));
            } else {
                other++;
                session.finding(Finding.warning(ImportFindings.UNKNOWN_RECORD, "line " + item.line() + ": a record with object '" + object
                        + "' is not an Agents SDK trace or span; skipped", null, item.line()));
            }
        }
        if (traces.isEmpty() && spans.isEmpty()) {
            throw new TraceFormatException(path.toString(), 0, "not an OpenAI Agents trace export: no 'trace' or 'trace.span' record"
                    + (other > 0 ? " (" + other + " other records)" : ""));
        }
        spans.sort(Comparator.comparing(AgentsSpan::startedAt, Comparator.nullsLast(Comparator.naturalOrder())));
        Instant start = spans.stream().map(AgentsSpan::startedAt).filter(Objects::nonNull).findFirst().orElse(Instant.EPOCH);

        ObjectNode data = Json.object();
        String title = title(traces);
        data.put(SessionStartData.TITLE, title);
        ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
        environment.putObject(SessionStartData.ENVIRONMENT_HARNESS).put(SessionStartData.HARNESS_NAME, "openai-agents-sdk");
        spans.stream().filter(span -> "generation".equals(span.type()) && span.text("model") != null).findFirst()
                .ifPresent(generation -> data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_NAME, generation.text("model")));
        data.set(SessionStartData.IMPORTED, Payloads.imported(FORMAT, path.toString()));
        ArrayNode traceList = data.putArray("traces");
        traces.values().forEach(trace -> {
            ObjectNode out = traceList.addObject();
            Payloads.putIfPresent(out, "id", JsonFields.text(trace, "id"));
            Payloads.putIfPresent(out, "workflowName", JsonFields.text(trace, "workflow_name"));
            Payloads.putIfPresent(out, "groupId", JsonFields.text(trace, "group_id"));
            JsonNode metadata = trace.get("metadata");
            if (metadata != null && !metadata.isNull()) {
                out.set("metadata", metadata.deepCopy());
            }
        });
        session.append(NewEvent.of(AgentsTraceWriter.RUN, "harness", EventType.SESSION_START).at(start)
                .touches(StateKind.SESSION, StateKind.HARNESS).data(data), 0);

        AgentsTraceWriter writer = new AgentsTraceWriter(session, spans, start);
        writer.write(spans);
        writer.report();
        Instant last = spans.stream().map(span -> span.endedAt() != null ? span.endedAt() : span.startedAt())
                .filter(Objects::nonNull).max(Comparator.naturalOrder()).orElse(start);
        ObjectNode end = Json.object();
        end.put(SessionEndData.OUTCOME, spans.stream().anyMatch(span -> span.error() != null && span.parentId() == null) ? "failure" : "unknown");
        end.put(SessionEndData.SYNTHESISED, true);
        session.append(NewEvent.of(AgentsTraceWriter.RUN, "harness", EventType.SESSION_END).at(last).data(end), 0);

        session.finding(Finding.info(ImportFindings.ENVIRONMENT_INCOMPLETE, "Agents SDK traces record no environment (OS, working directory,"
                + " git state, image, SDK version)", null, 0));
        session.finding(Finding.warning(ImportFindings.NO_CHECKPOINT, "traces hold no workspace content, so there is no replayable checkpoint", null, 0));
        session.finding(Finding.info(ImportFindings.NO_COST, "no cost recorded (token counts only)", null, 0));
        if (spans.stream().anyMatch(span -> "function".equals(span.type()))) {
            session.finding(Finding.info(ImportFindings.CALL_IDS_SYNTHESISED, "function spans carry no tool call id: each call is identified by its"
                    + " span id and linked to the agent's preceding model call", null, 0));
        }
        if (spans.stream().noneMatch(span -> "generation".equals(span.type()) && span.text("model") != null)) {
            session.finding(Finding.info(ImportFindings.MODEL_UNKNOWN, "no generation span names a model", null, 0));
        }
        String traceId = FORMAT + ":" + (traces.isEmpty() ? path.getFileName().toString() : String.join(",", traces.keySet()));
        return session.finish(traceId, title, start);
    }

    private static String title(Map<String, ObjectNode> traces) {
        for (ObjectNode trace : traces.values()) {
            String name = JsonFields.text(trace, "workflow_name");
            if (name != null) {
                return name;
            }
        }
        return "OpenAI Agents trace";
    }
}
