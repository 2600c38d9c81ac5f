package dev.forkline.importers.langfuse;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.ReadingWatcher;
import dev.forkline.importers.StreamingImporter;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.EventBatchSink;
import dev.forkline.trace.payload.AgentHandoffData;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Langfuse trace exports: {@code {trace, observations}} (as the UI and the SDKs export them) or a trace object with its
 * {@code observations} inline (the public API's trace detail). GENERATION observations are model calls, TOOL
 * observations a paired tool call and result, AGENT observations and spans naming a {@code gen_ai.agent.name} give the
 * lanes; EVENT observations are notes; everything is ordered by start time (results by end time).
 */
public final class LangfuseImporter extends SingleFileImporter implements StreamingImporter {

    public static final String FORMAT = "langfuse";
    static final String RUN = ImportSession.RUN;
    private static final Set<String> MODEL_TYPES = Set.of("GENERATION", "EMBEDDING");
    private static final Set<String> TOOL_TYPES = Set.of("TOOL", "RETRIEVER");
    private static final Set<String> STRUCTURE_TYPES = Set.of("SPAN", "AGENT", "CHAIN");
    private static final Set<String> NOTE_TYPES = Set.of("EVENT", "EVALUATOR", "GUARDRAIL");

    public LangfuseImporter() {
        super(FORMAT);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        return head.opensWith('{') && head.contains("\"observations\"")
                && head.containsAny("\"parentObservationId\"", "\"projectId\"", "\"traceId\"");
    }

    /**
     * As {@link #read(Path)}, telling {@code watcher} how far the first pass read, the part read so far imported as the
     * observations wholly within it, and storing the events while they are written, once the first pass is done.
     */
    @Override
    public ImportedTrace read(Path path, EventBatchSink sink, ReadingWatcher watcher) throws IOException, TraceFormatException {
        return readWatched(path, sink, watcher, (session, limit, handedTo, reading) -> read(path, session, limit, handedTo, reading));
    }

    /** Imports the observations wholly within the file's first {@code limit} bytes into {@code session}. */
    private static ImportedTrace read(Path path, ImportSession session, long limit, EventBatchSink sink, BytesRead reading)
            throws IOException, TraceFormatException {
        ExportScan.Export export = ExportScan.read(path, limit, reading);
        JsonNode trace = export.trace();
        String name = JsonFields.scalar(trace, "name") != null ? JsonFields.scalar(trace, "name") : path.getFileName().toString();
        String traceId = "langfuse:" + (JsonFields.scalar(trace, "id") != null ? JsonFields.scalar(trace, "id") : name);
        try (ObservationSource source = new ObservationSource(path)) {
            new Reader(session, path, trace, export.observations(), source, start -> session.storeWhileReading(sink, traceId, name, start)).read();
        }
        return session.finish(traceId, name);
    }

    /** Where frameworks put a tool observation's call id, tool name, arguments and output among its attributes. */
    private static final String[] CALL_ID_ATTRIBUTES = {"gen_ai.tool.call.id", "ai.toolCall.id", "tool_call_id", "gcp.vertex.agent.tool_call_id"};
    private static final String[] TOOL_NAME_ATTRIBUTES = {"gen_ai.tool.name", "ai.toolCall.name", "tool_name"};
    private static final String[] TOOL_ARGUMENT_ATTRIBUTES = {"gcp.vertex.agent.tool_call_args", "ai.toolCall.args", "tool_arguments", "input.value"};
    private static final String[] TOOL_OUTPUT_ATTRIBUTES = {"gcp.vertex.agent.tool_response", "ai.toolCall.result", "tool_response", "output.value"};

    /** A tool call a generation proposed: its id (null when the format gives none), tool name and model.call event. */
    private record Proposed(String callId, String name, String modelEvent) {
    }

    /** Hears when the trace starts, before its first event: a trace stored while it is written starts there. */
    @FunctionalInterface
    private interface Starting {
        void at(Instant start) throws IOException;
    }

    /** What an observation's {@link Item} writes. */
    private enum Step { MODEL_CALL, TOOL_CALL, TOOL_RESULT, AGENT_STARTS, AGENT_RETURNS, FAILED, NOTE, UNKNOWN }

    /**
     * Something to write at a time; calls sort before results of the same observation. A step of an observation, not a
     * closure: an export may hold a million observations.
     */
    private record Item(Instant at, int order, int phase, Observation observation, Step step) {
    }

    private static final class Reader {
        private final ImportSession session;
        private final Path path;
        private final JsonNode trace;
        private final Observations tree;
        private final ObservationSource source;
        private final Starting starting;
        private final String defaultAgent;
        private final Map<String, String> modelEventByToolCall = new HashMap<>();
        /** The tool.call of each tool observation whose result is not written yet (two observations may share an id). */
        private final Map<Observation, Event> openCalls = new HashMap<>();
        private final Set<String> executedCalls = new HashSet<>();
        private final List<String> proposedCalls = new ArrayList<>();
        /** Proposed calls no tool observation has answered yet, in the order the models proposed them. */
        private final List<Proposed> pending = new ArrayList<>();
        private int inferredLinks;
        private final List<Item> items = new ArrayList<>();
        private Event start;
        private long inputTokens;
        private long outputTokens;
        private long cacheRead;
        private BigDecimal cost = BigDecimal.ZERO;
        private boolean costSeen;
        private boolean usageSeen;
        /** Whether an observation that declares no parent failed: the run's outcome (as for OTel's root spans). */
        private boolean rootFailed;
        private String firstModel;

        Reader(ImportSession session, Path path, JsonNode trace, List<Observation> observations, ObservationSource source, Starting starting) {
            this.session = session;
            this.path = path;
            this.trace = trace;
            this.defaultAgent = "agent:" + (JsonFields.scalar(trace, "name") != null ? JsonFields.scalar(trace, "name") : "main");
            this.tree = new Observations(observations, defaultAgent);
            this.source = source;
            this.starting = starting;
        }

        void read() throws IOException, TraceFormatException {
            List<Observation> ordered = tree.ordered();
            Instant first = Observations.time(JsonFields.scalar(trace, "timestamp"));
            Instant lastEnd = first;
            int order = 0;
            int untimed = 0;
            for (Observation observation : ordered) {
                Instant begin = observation.start();
                if (begin == null) {
                    untimed++;
                    continue;
                }
                if (first == null || begin.isBefore(first)) {
                    first = begin;
                }
                Instant end = observation.end();
                if (lastEnd == null || end.isAfter(lastEnd)) {
                    lastEnd = end;
                }
                if (firstModel == null && MODEL_TYPES.contains(observation.type()) && observation.model() != null) {
                    firstModel = observation.model();
                }
                plan(observation, begin, end, order++);
            }
            if (untimed > 0) {
                session.finding(Finding.warning(ImportFindings.UNTIMED_OBSERVATIONS, untimed + " observation(s) have no start time: not placed "
                        + "on the timeline (kept as notes at the end)", null, 0));
            }
            if (first == null) {
                first = Instant.EPOCH;
                session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, "the trace records no times", null, 0));
            }
            starting.at(first);
            start = startSession(first);
            items.sort(Comparator.comparing(Item::at).thenComparingInt(Item::order).thenComparingInt(Item::phase));
            for (Item item : items) {
                write(item);
            }
            for (Observation observation : ordered) {
                if (observation.start() == null) {
                    raw(observation, "untimed observation", lastEnd);
                }
            }
            scores(lastEnd);
            end(lastEnd);
        }

        private Event append(NewEvent draft) {
            return session.append(draft, 0);
        }

        private String nextId() {
            return RUN + "." + (session.events().size() + 1);
        }

        private void plan(Observation observation, Instant begin, Instant end, int order) {
            String type = typeOf(observation);
            boolean failed = "ERROR".equals(observation.level());
            // declared, not found: a part read while the import goes on lacks the parents written after their children
            if (failed && observation.parentId() == null) {
                rootFailed = true;
            }
            if (MODEL_TYPES.contains(type)) {
                items.add(new Item(begin, order, 0, observation, Step.MODEL_CALL));
            } else if (TOOL_TYPES.contains(type)) {
                items.add(new Item(begin, order, 0, observation, Step.TOOL_CALL));
                items.add(new Item(end, order, 1, observation, Step.TOOL_RESULT));
            } else if (STRUCTURE_TYPES.contains(type)) {
                String agent = observation.agent();
                String enclosing = tree.enclosingAgent(observation);
                if (agent != null && enclosing != null && !enclosing.equals("agent:" + agent)) {
                    items.add(new Item(begin, order, 0, observation, Step.AGENT_STARTS));
                    items.add(new Item(end, order, 1, observation, Step.AGENT_RETURNS));
                }
                if (failed) {
                    items.add(new Item(end, order, 1, observation, Step.FAILED));
                }
            } else if (NOTE_TYPES.contains(type)) {
                items.add(new Item(begin, order, 0, observation, Step.NOTE));
            } else {
                items.add(new Item(begin, order, 0, observation, Step.UNKNOWN));
            }
        }

        private void write(Item item) throws TraceFormatException {
            Observation observation = item.observation();
            Instant at = item.at();
            String agent = "agent:" + observation.agent();
            switch (item.step()) {
                case MODEL_CALL -> model(observation, at, observation.end());
                case TOOL_CALL -> toolCall(observation, typeOf(observation), at);
                case TOOL_RESULT -> toolResult(observation, at);
                case AGENT_STARTS -> handoff(tree.enclosingAgent(observation), agent, "agent '" + observation.agent() + "' starts", at);
                case AGENT_RETURNS -> handoff(agent, tree.enclosingAgent(observation), "agent '" + observation.agent() + "' returns", at);
                case FAILED -> error(observation, at, null);
                case NOTE -> note(observation, typeOf(observation), at);
                case UNKNOWN -> raw(observation, "observation type '" + typeOf(observation) + "'", at);
            }
        }

        private static String typeOf(Observation observation) {
            return observation.type() == null ? "" : observation.type().toUpperCase(Locale.ROOT);
        }

        private Event startSession(Instant at) {
            ObjectNode data = Json.object();
            if (JsonFields.scalar(trace, "name") != null) {
                data.put(SessionStartData.TITLE, JsonFields.scalar(trace, "name"));
            }
            ObjectNode environment = data.putObject(SessionStartData.ENVIRONMENT);
            ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
            JsonNode scope = JsonFields.at(Observations.metadata(trace), "scope");
            harness.put(SessionStartData.HARNESS_NAME, JsonFields.scalar(scope, "name") != null ? JsonFields.scalar(scope, "name") : "langfuse");
            if (JsonFields.scalar(scope, "version") != null) {
                harness.put(SessionStartData.HARNESS_VERSION, JsonFields.scalar(scope, "version"));
            }
            session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "a Langfuse trace records no execution environment (image, "
                    + "repository, working directory): a replay must be given one", null, 0));
            session.finding(Finding.info(ImportFindings.NO_CHECKPOINT, "a Langfuse trace holds no workspace content: there is no replayable checkpoint", null, 0));
            if (firstModel != null) {
                data.putObject(SessionStartData.MODEL).put(SessionStartData.MODEL_NAME, firstModel);
            } else {
                session.finding(Finding.warning(ImportFindings.MODEL_UNKNOWN, "no generation in the trace names its model", null, 0));
            }
            ObjectNode imported = Payloads.putImported(data, FORMAT, path.toString());
            if (JsonFields.scalar(trace, "id") != null) {
                imported.put("traceId", JsonFields.scalar(trace, "id"));
            }
            if (JsonFields.scalar(trace, "environment") != null) {
                imported.put("langfuseEnvironment", JsonFields.scalar(trace, "environment"));
            }
            if (JsonFields.scalar(trace, "sessionId") != null) {
                imported.put("sessionId", JsonFields.scalar(trace, "sessionId"));
            }
            if (JsonFields.scalar(trace, "userId") != null) {
                imported.put("userId", JsonFields.scalar(trace, "userId"));
            }
            Event started = append(NewEvent.of(RUN, "harness", EventType.SESSION_START).at(at).touches(StateKind.SESSION).data(data));
            JsonNode input = trace.get("input");
            if (input != null && !input.isNull()) {
                ObjectNode message = Json.object();
                message.put(AgentMessageData.FROM, JsonFields.scalar(trace, "userId") != null ? "human:" + JsonFields.scalar(trace, "userId") : "harness");
                message.put(AgentMessageData.TO, defaultAgent);
                message.put(AgentMessageData.TEXT, GenAiMessages.valueText(input));
                append(NewEvent.of(RUN, "harness", EventType.AGENT_MESSAGE).at(at).causes(started.id()).touches(StateKind.SESSION).data(message));
            }
            return started;
        }

        private void model(Observation facts, Instant begin, Instant end) throws TraceFormatException {
            JsonNode observation = source.read(facts);
            String actor = tree.actorOf(facts);
            ObjectNode data = Json.object();
            if (JsonFields.scalar(observation, "model") != null) {
                data.put(ModelCallData.MODEL, JsonFields.scalar(observation, "model"));
            }
            JsonNode attributes = Observations.attributes(observation);
            if (JsonFields.scalar(attributes, "gen_ai.system") != null) {
                data.put(ModelCallData.PROVIDER, JsonFields.scalar(attributes, "gen_ai.system"));
            }
            List<GenAiMessages.Message> input = GenAiMessages.read(observation.get("input"), "user");
            int fresh = 0;
            for (int i = input.size() - 1; i >= 0; i--) {
                if (input.get(i).fromModel()) {
                    fresh = i + 1;
                    break;
                }
            }
            ObjectNode in = data.putObject(ModelCallData.INPUT);
            in.put(ModelCallData.INPUT_SUMMARY, input.size() + " message(s), " + (input.size() - fresh) + " new since the model last answered");
            in.put("messageCount", input.size());
            in.set(ModelCallData.INPUT_MESSAGES, GenAiMessages.toJson(input.subList(fresh, input.size())));
            ObjectNode out = data.putObject(ModelCallData.OUTPUT);
            var text = new StringBuilder();
            ArrayNode calls = out.putArray(ModelCallData.OUTPUT_TOOL_CALLS);
            String eventId = nextId();
            for (GenAiMessages.Message message : GenAiMessages.read(observation.get("output"), "assistant")) {
                if (!message.text().isEmpty()) {
                    text.append(text.isEmpty() ? "" : "\n").append(message.text());
                }
                for (GenAiMessages.ToolCall call : message.toolCalls()) {
                    calls.add(ModelCallData.toolCall(call.id(), call.name(), call.arguments()));
                    if (call.id() != null) {
                        modelEventByToolCall.put(call.id(), eventId);
                        proposedCalls.add(call.id());
                    }
                    pending.add(new Proposed(call.id(), call.name(), eventId));
                }
            }
            out.put(ModelCallData.OUTPUT_TEXT, text.toString());
            JsonNode usage = observation.get("usageDetails");
            if (usage == null || !usage.isObject() || usage.isEmpty()) {
                usage = observation.get("usage");
            }
            if (usage != null && usage.isObject() && !usage.isEmpty()) {
                long inTokens = first(usage, "input", "promptTokens", "input_tokens");
                long outTokens = first(usage, "output", "completionTokens", "output_tokens");
                long read = first(usage, "input_cached_tokens", "cache_read_input_tokens", "input_cache_read");
                ObjectNode u = data.putObject(ModelCallData.USAGE).put(UsageData.INPUT_TOKENS, inTokens).put(UsageData.OUTPUT_TOKENS, outTokens);
                if (read > 0) {
                    u.put(UsageData.CACHE_READ_TOKENS, read);
                }
                inputTokens += inTokens;
                outputTokens += outTokens;
                cacheRead += read;
                usageSeen = true;
            }
            BigDecimal callCost = costOf(observation);
            if (callCost != null) {
                data.put(ModelCallData.COST_USD, callCost);
                cost = cost.add(callCost);
                costSeen = true;
            }
            data.put(ModelCallData.LATENCY_MS, Duration.between(begin, end).toMillis());
            data.put("observationId", JsonFields.scalar(observation, "id"));
            Event call = append(NewEvent.of(RUN, actor, EventType.MODEL_CALL).at(begin).touches(StateKind.SESSION).data(data));
            if ("ERROR".equals(JsonFields.scalar(observation, "level"))) {
                error(facts, begin, call.id());
            }
        }

        private static long first(JsonNode usage, String... fields) {
            for (String field : fields) {
                JsonNode value = usage.get(field);
                if (value != null && value.isNumber()) {
                    return value.asLong();
                }
            }
            return 0;
        }

        private static BigDecimal costOf(JsonNode observation) {
            JsonNode total = JsonFields.at(observation, "costDetails", "total");
            if (total == null || !total.isNumber()) {
                total = observation.get("calculatedTotalCost");
            }
            if (total == null || !total.isNumber()) {
                total = observation.get("totalCost");
            }
            return total != null && total.isNumber() ? total.decimalValue() : null;
        }

        private void toolCall(Observation facts, String type, Instant begin) throws TraceFormatException {
            JsonNode observation = source.read(facts);
            JsonNode attributes = Observations.attributes(observation);
            String recordedId = JsonFields.firstScalar(attributes, CALL_ID_ATTRIBUTES);
            String tool = JsonFields.firstScalar(attributes, TOOL_NAME_ATTRIBUTES);
            if (tool == null) {
                tool = JsonFields.scalar(observation, "name");
            }
            String proposer = recordedId == null ? null : modelEventByToolCall.get(recordedId);
            String callId = recordedId;
            boolean inferred = false;
            if (proposer == null) {
                Proposed match = pendingByName(tool);
                if (match != null) {
                    proposer = match.modelEvent();
                    callId = match.callId() != null ? match.callId() : callId;
                    inferred = true;
                    inferredLinks++;
                }
            }
            if (callId == null) {
                callId = JsonFields.scalar(observation, "id");
            }
            String claimed = callId;
            pending.removeIf(proposed -> claimed.equals(proposed.callId()));
            JsonNode input = observation.get("input");
            if ((input == null || input.isNull()) && attributes != null) {
                input = JsonFields.at(attributes, TOOL_ARGUMENT_ATTRIBUTES[0]);
                for (int i = 1; (input == null || input.isNull()) && i < TOOL_ARGUMENT_ATTRIBUTES.length; i++) {
                    input = attributes.get(TOOL_ARGUMENT_ATTRIBUTES[i]);
                }
            }
            JsonNode arguments = input != null && input.isObject() ? input : GenAiMessages.arguments(input);
            String eventId = nextId();
            String name = tool;
            EffectClass effect = "RETRIEVER".equals(type) ? EffectClass.READ : session.classify(name, arguments, eventId, 0).effect();
            ObjectNode data = ToolCallData.payload(callId, tool, arguments, effect);
            data.put("observationId", JsonFields.scalar(observation, "id"));
            if (inferred) {
                data.put("linkInferred", true);
            }
            NewEvent draft = NewEvent.of(RUN, tree.actorOf(facts), EventType.TOOL_CALL).at(begin).touches(effect.touchedByCall()).data(data);
            Event call = append(proposer != null ? draft.causes(proposer) : draft);
            openCalls.put(facts, call);
            executedCalls.add(callId);
        }

        /** The earliest call a model proposed by this tool name that no tool observation has answered yet. */
        private Proposed pendingByName(String tool) {
            for (Proposed proposed : pending) {
                if (proposed.name() != null && proposed.name().equals(tool)) {
                    return proposed;
                }
            }
            return null;
        }

        private void toolResult(Observation facts, Instant end) throws TraceFormatException {
            JsonNode observation = source.read(facts);
            Event call = openCalls.remove(facts);
            ObjectNode data = Json.object();
            data.put(ToolResultData.CALL_ID, call.text(ToolCallData.CALL_ID));
            JsonNode output = observation.get("output");
            JsonNode attributes = Observations.attributes(observation);
            for (int i = 0; (output == null || output.isNull()) && attributes != null && i < TOOL_OUTPUT_ATTRIBUTES.length; i++) {
                output = attributes.get(TOOL_OUTPUT_ATTRIBUTES[i]);
            }
            data.put(ToolResultData.STDOUT, GenAiMessages.valueText(output));
            if ("ERROR".equals(JsonFields.scalar(observation, "level"))) {
                data.put(ToolResultData.IS_ERROR, true);
                data.put(ToolResultData.ERROR, JsonFields.scalar(observation, "statusMessage") == null ? "error" : JsonFields.scalar(observation, "statusMessage"));
            }
            Instant begin = facts.start();
            data.put(ToolResultData.DURATION_MS, Duration.between(begin, end).toMillis());
            append(NewEvent.of(RUN, "sandbox", EventType.TOOL_RESULT).at(end).causes(call.id()).touches(StateKind.SESSION).data(data));
        }

        private void handoff(String from, String to, String reason, Instant at) {
            ObjectNode data = Json.object();
            data.put(AgentHandoffData.FROM, from);
            data.put(AgentHandoffData.TO, to);
            data.put(AgentHandoffData.REASON, reason);
            append(NewEvent.of(RUN, from, EventType.AGENT_HANDOFF).at(at).touches(StateKind.SESSION).data(data));
        }

        private void error(Observation facts, Instant at, String cause) throws TraceFormatException {
            JsonNode observation = source.read(facts);
            ObjectNode data = Json.object();
            data.put(ErrorData.MESSAGE, JsonFields.scalar(observation, "statusMessage") != null ? JsonFields.scalar(observation, "statusMessage")
                    : "observation '" + JsonFields.scalar(observation, "name") + "' ended with level ERROR");
            data.put(ErrorData.KIND, JsonFields.scalar(observation, "type") == null ? "observation" : JsonFields.scalar(observation, "type").toLowerCase(Locale.ROOT));
            data.put("observationId", JsonFields.scalar(observation, "id"));
            NewEvent draft = NewEvent.of(RUN, tree.actorOf(facts), EventType.ERROR).at(at).touches(StateKind.SESSION).data(data);
            append(cause != null ? draft.causes(cause) : draft);
        }

        private void note(Observation facts, String type, Instant at) throws TraceFormatException {
            JsonNode observation = source.read(facts);
            ObjectNode data = Json.object();
            String output = GenAiMessages.valueText(observation.get("output"));
            data.put(NoteData.TEXT, type.toLowerCase(Locale.ROOT) + " '" + JsonFields.scalar(observation, "name") + "'" + (output.isEmpty() ? "" : ": " + output));
            data.put("observationId", JsonFields.scalar(observation, "id"));
            append(NewEvent.of(RUN, tree.actorOf(facts), EventType.NOTE).at(at).touches(StateKind.SESSION).data(data));
            if ("ERROR".equals(JsonFields.scalar(observation, "level"))) {
                error(facts, at, null);
            }
        }

        private void raw(Observation facts, String what, Instant at) throws TraceFormatException {
            JsonNode observation = source.read(facts);
            session.finding(Finding.info(ImportFindings.UNKNOWN_RECORD, what + " (" + JsonFields.scalar(observation, "id")
                    + ") is not known to Forkline: kept with its raw record", null, 0));
            ObjectNode data = Json.object();
            data.set("raw", observation);
            String type = JsonFields.scalar(observation, "type") == null ? "unknown" : JsonFields.scalar(observation, "type").toLowerCase(Locale.ROOT);
            append(NewEvent.ofRawType(RUN, tree.actorOf(facts), "langfuse." + type).at(at).touches(StateKind.SESSION).data(data));
        }

        private void scores(Instant at) {
            JsonNode scores = trace.get("scores");
            if (scores == null || !scores.isArray()) {
                return;
            }
            for (JsonNode score : scores) {
                ObjectNode data = Json.object();
                data.put(NoteData.TEXT, "score " + JsonFields.scalar(score, "name") + ": " + GenAiMessages.valueText(score.get("value"))
                        + (JsonFields.scalar(score, "comment") != null ? " (" + JsonFields.scalar(score, "comment") + ")" : ""));
                data.set("score", score);
                append(NewEvent.of(RUN, "harness", EventType.NOTE).at(at).touches(StateKind.SESSION).data(data));
            }
        }

        private void end(Instant at) {
            List<String> unexecuted = proposedCalls.stream().filter(id -> !executedCalls.contains(id)).toList();
            if (!unexecuted.isEmpty()) {
                session.finding(Finding.info(ImportFindings.PROPOSED_CALLS_WITHOUT_TOOL, unexecuted.size() + " tool call(s) proposed by a model have "
                        + "no TOOL observation (e.g. structured-output tools the framework handles itself): " + String.join(", ", unexecuted), null, 0));
            }
            if (inferredLinks > 0) {
                session.finding(Finding.info(ImportFindings.CALL_LINKS_INFERRED, inferredLinks + " tool observation(s) record no call id the "
                        + "model proposed: linked to the generation that proposed a call of the same tool name, in order (linkInferred)", null, 0));
            }
            ObjectNode data = Json.object();
            data.put(SessionEndData.OUTCOME, rootFailed ? "failure" : "unknown");
            String output = GenAiMessages.valueText(trace.get("output"));
            data.put(SessionEndData.SUMMARY, output.length() > 500 ? output.substring(0, 500) + "…" : output);
            if (!rootFailed) {
                session.finding(Finding.info(ImportFindings.NO_OUTCOME, "Langfuse records no run outcome: session.end says 'unknown'", null, 0));
            }
            if (usageSeen) {
                data.set(SessionEndData.USAGE, new UsageData(inputTokens, outputTokens, cacheRead, null).toPayload());
            } else {
                session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, "no generation records token usage: usage unknown", null, 0));
            }
            if (costSeen) {
                data.put(SessionEndData.COST_USD, cost);
            } else {
                session.finding(Finding.info(ImportFindings.NO_COST, "no observation records a cost", null, 0));
            }
            append(NewEvent.of(RUN, "harness", EventType.SESSION_END).at(at).causes(start.id()).touches(StateKind.SESSION).data(data));
        }
    }
}
