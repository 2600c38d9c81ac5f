package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.EffectRules;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.EventIds;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.LargeText;
import dev.forkline.importers.support.Payloads;
import dev.forkline.importers.support.TimeFill;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.payload.AgentHandoffData;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.IdentityHashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes the events of a set of spans in time order: each span's start and end are points on one timeline (a span
 * with a duration becomes a call and a result); nested model spans of one request become one model.call.
 */
final class OtelTraceWriter {

    static final String RUN = ImportSession.RUN;

    /** An exception recorded inside a span, as a point on the timeline ({@code time} as {@link SpanTimes} holds it). */
    private record ExceptionPoint(Instant ts, long time, int span, OtelSpan.SpanEvent event) {
    }

    private final ImportSession session;
    private final SpanTree tree;
    private final EventIds ids;
    private final TimeFill time;
    /** Whether more spans may follow ({@link OtelDerivation#extend}): a model span's start event is then kept for good. */
    private final boolean extendable;
    /**
     * The groups that are not one model span alone ({@link #groupModels}), by root. A model span that is its own root
     * and the only span with its ids is a group of itself, made when its start is written: half a million model
     * spans need no entry each.
     */
    private final Map<OtelSpan, ModelSpanGroup> nestedGroups = new LinkedHashMap<>();
    private ModelSpanGroup firstGroup;
    private long groupCount;
    private long singlesWithoutUsage;
    private boolean singleRecordsCost;
    /**
     * The start event of each span whose later points (end, exceptions) are not all written yet, and of the model
     * spans a tool span written later may name as its model call; dropped once nothing asks for it any more.
     */
    private final Map<OtelSpan, String> startEvents = new HashMap<>();
    /** The model roots of this write that enclose a tool span (their start events are asked for by its tool call). */
    private final Set<OtelSpan> enclosingTools = new HashSet<>();
    private final Map<String, String> modelCallByToolCallId = new HashMap<>();
    private long mergedModelSpans;
    /** The time of the last point written (a span's start, end or exception), or null before the first. */
    private Instant lastPoint;

    OtelTraceWriter(ImportSession session, SpanTree tree, Instant start, boolean extendable) {
        this.session = session;
        this.tree = tree;
        this.ids = new EventIds(session);
        this.time = new TimeFill(start);
        this.extendable = extendable;
    }

    /**
     * Groups the model spans: nested model spans of one request (those whose outermost model span is equal) are one
     * group, innermost first. Only groups of more than one span, or of a span whose ids another span shares, are held.
     */
    void groupModels(List<OtelSpan> spans) {
        Map<OtelSpan, List<OtelSpan>> members = new LinkedHashMap<>();
        OtelSpan firstModel = null;
        for (OtelSpan span : spans) {
            if (span.role() == SpanRole.MODEL) {
                firstModel = firstModel == null ? span : firstModel;
                OtelSpan root = tree.modelRoot(span);
                if (!isSingle(span, root)) {
                    members.put(root, null);
                }
            }
        }
        for (OtelSpan span : spans) {
            if (span.role() == SpanRole.MODEL) {
                OtelSpan root = tree.modelRoot(span);
                if (members.containsKey(root)) {
                    List<OtelSpan> list = members.get(root);
                    if (list == null) {
                        list = new ArrayList<>();
                        members.put(root, list);
                    }
                    list.add(span);
                } else {
                    groupCount++;
                }
            }
        }
        members.forEach((root, list) -> {
            List<OtelSpan> innermostFirst = list.size() == 1 ? List.of(list.getFirst()) : new ArrayList<>(list);
            if (list.size() > 1) {
                Map<OtelSpan, Integer> depths = new IdentityHashMap<>();
                list.forEach(member -> depths.put(member, tree.depth(member)));
                innermostFirst.sort(Comparator.comparingInt((OtelSpan member) -> depths.get(member)).reversed());
            }
            nestedGroups.put(root, new ModelSpanGroup(root, innermostFirst));
            mergedModelSpans += list.size() - 1;
        });
        groupCount += members.size();
        if (firstGroup == null && firstModel != null) {
            OtelSpan root = tree.modelRoot(firstModel);
            firstGroup = nestedGroups.containsKey(root) ? nestedGroups.get(root) : new ModelSpanGroup(root, List.of(root));
        }
    }

    /** Whether the model span is a group of itself: its own root, and the span the tree finds by its ids. */
    private boolean isSingle(OtelSpan span, OtelSpan root) {
        return root == span && tree.isOnly(span);
    }

    /** The group whose model.call the start of this model span writes, or null (a span nested in another). */
    private ModelSpanGroup groupOf(OtelSpan span) {
        ModelSpanGroup nested = nestedGroups.get(span);
        if (nested != null) {
            return nested;
        }
        return isSingle(span, tree.modelRoot(span)) ? new ModelSpanGroup(span, List.of(span)) : null;
    }

    /** The group of the first model span grouped (session.start names its model), or null when there is none. */
    ModelSpanGroup firstGroup() {
        return firstGroup;
    }

    /** How many groups were made. */
    long groupCount() {
        return groupCount;
    }

    /** How many groups record no token usage (each group is asked when its model.call is written). */
    long groupsWithoutUsage() {
        return singlesWithoutUsage + nestedGroups.values().stream().filter(group -> !group.recordsUsage()).count();
    }

    /** Whether any group records a cost. */
    boolean anyGroupRecordsCost() {
        return singleRecordsCost || nestedGroups.values().stream().anyMatch(ModelSpanGroup::recordsCost);
    }

    /**
     * Writes the spans' points in time order ({@link PointOrder}): point {@code 2i} is span i's start, {@code 2i + 1}
     * its end, {@code 2n + k} the k-th exception. Points are ints, not objects, and their times longs: a million spans
     * have two million.
     */
    void write(List<OtelSpan> spans) {
        int n = spans.size();
        long[] starts = new long[n];
        long[] ends = new long[n];
        Map<Integer, Instant> far = new HashMap<>();
        int[] depths = new int[n];
        int[] pending = new int[n];
        List<ExceptionPoint> exceptions = new ArrayList<>();
        int[] points = new int[2 * n + exceptionCount(spans)];
        int next = 0;
        for (int i = 0; i < n; i++) {
            OtelSpan span = spans.get(i);
            Instant start = time.at(span.start(), span.line());
            Instant recordedEnd = span.end() != null ? span.end() : start;
            Instant end = recordedEnd.isBefore(start) ? start : recordedEnd;
            starts[i] = timeOf(2 * i, start, far);
            ends[i] = timeOf(2 * i + 1, end, far);
            depths[i] = tree.depth(span);
            pending[i] = 2 + span.exceptions().size();
            points[next++] = 2 * i;
            for (OtelSpan.SpanEvent event : span.exceptions()) {
                Instant at = event.time() == null || event.time().isBefore(start) ? end : event.time();
                points[next++] = 2 * n + exceptions.size();
                exceptions.add(new ExceptionPoint(at, SpanTimes.of(at), i, event));
            }
            points[next++] = 2 * i + 1;
            if (span.role() == SpanRole.TOOL) {
                OtelSpan enclosing = tree.enclosingModel(span);
                if (enclosing != null) {
                    enclosingTools.add(enclosing);
                }
            }
        }
        PointOrder order = new PointOrder(n, starts, ends, far, depths, exceptions);
        order.sort(points);
        for (int point : points) {
            Instant ts = order.ts(point);
            lastPoint = ts;
            int index;
            if (point >= 2 * n) {
                ExceptionPoint exception = exceptions.get(point - 2 * n);
                index = exception.span();
                exception(spans.get(index), exception.event(), ts);
            } else if (point % 2 == 0) {
                index = point / 2;
                start(spans.get(index), ts);
            } else {
                index = point / 2;
                end(spans.get(index), ts);
            }
            if (--pending[index] == 0) {
                written(spans.get(index));
            }
        }
        enclosingTools.clear();
    }

    /** The time as {@link SpanTimes} holds it; one it cannot hold is kept in {@code far} by its point. */
    private static long timeOf(int point, Instant time, Map<Integer, Instant> far) {
        long held = SpanTimes.of(time);
        if (held == SpanTimes.FAR) {
            far.put(point, time);
        }
        return held;
    }

    /**
     * Drops the start event of a span whose points are all written, unless a tool span may still ask for it as its
     * model call, or another span with the same ids (whose key it shares) may still ask for it.
     */
    private void written(OtelSpan span) {
        if (span.role() == SpanRole.MODEL && (extendable || enclosingTools.contains(span))) {
            return;
        }
        if (tree.isOnly(span)) {
            startEvents.remove(span);
        }
    }

    private static int exceptionCount(List<OtelSpan> spans) {
        int count = 0;
        for (OtelSpan span : spans) {
            count += span.exceptions().size();
        }
        return count;
    }

    /**
     * Time first; at one instant a span starts before it ends, other spans end before new ones start, deeper first
     * (an exception one level deeper than its span), then in the spans' order. A stable merge sort keeps points that
     * tie (exceptions of one span at one instant) in the order they were recorded.
     */
    private record PointOrder(int n, long[] starts, long[] ends, Map<Integer, Instant> far, int[] depths,
                              List<ExceptionPoint> exceptions) {

        private long time(int point) {
            if (point >= 2 * n) {
                return exceptions.get(point - 2 * n).time();
            }
            return point % 2 == 0 ? starts[point / 2] : ends[point / 2];
        }

        Instant ts(int point) {
            if (point >= 2 * n) {
                return exceptions.get(point - 2 * n).ts();
            }
            long time = time(point);
            return time == SpanTimes.FAR ? far.get(point) : SpanTimes.instant(time, null);
        }

        private int span(int point) {
            return point >= 2 * n ? exceptions.get(point - 2 * n).span() : point / 2;
        }

        private boolean isStart(int point) {
            return point < 2 * n && point % 2 == 0;
        }

        private int depth(int point) {
            return point >= 2 * n ? depths[span(point)] + 1 : depths[point / 2];
        }

        int compare(int a, int b) {
            long aTime = time(a);
            long bTime = time(b);
            int byTime = aTime != SpanTimes.FAR && bTime != SpanTimes.FAR ? Long.compare(aTime, bTime) : ts(a).compareTo(ts(b));
            if (byTime != 0) {
                return byTime;
            }
            boolean aStart = isStart(a);
            boolean bStart = isStart(b);
            if (span(a) == span(b) && aStart != bStart) {
                return aStart ? -1 : 1;
            }
            if (aStart != bStart) {
                return aStart ? 1 : -1;
            }
            int byDepth = aStart ? Integer.compare(depth(a), depth(b)) : Integer.compare(depth(b), depth(a));
            return byDepth != 0 ? byDepth : Integer.compare(span(a), span(b));
        }

        void sort(int[] points) {
            int[] buffer = new int[points.length];
            for (int width = 1; width < points.length; width *= 2) {
                for (int from = 0; from < points.length; from += 2 * width) {
                    int middle = Math.min(from + width, points.length);
                    int to = Math.min(from + 2 * width, points.length);
                    int left = from;
                    int right = middle;
                    for (int at = from; at < to; at++) {
                        buffer[at] = left < middle && (right >= to || compare(points[left], points[right]) <= 0) ? points[left++] : points[right++];
                    }
                }
                System.arraycopy(buffer, 0, points, 0, points.length);
            }
        }
    }

    private void start(OtelSpan span, Instant ts) {
        switch (span.role()) {
            case AGENT -> agentStart(span, ts);
            case MODEL -> {
                ModelSpanGroup group = groupOf(span);
                if (group != null) {
                    modelCall(group, ts);
                }
            }
            case TOOL -> toolCall(span, ts);
            case PLAIN -> plain(span, ts);
        }
    }

    private void end(OtelSpan span, Instant ts) {
        if (span.role() == SpanRole.TOOL) {
            toolResult(span, ts);
            return;
        }
        if (span.role() == SpanRole.AGENT) {
            agentEnd(span, ts);
        }
        if (span.isError()) {
            ObjectNode data = new ErrorData(span.statusMessage() != null && !span.statusMessage().isEmpty() ? span.statusMessage()
                    : "span '" + span.name() + "' ended with status ERROR", "span-status").toPayload();
            data.put("spanId", span.spanId());
            append(NewEvent.of(RUN, tree.actor(span), EventType.ERROR).at(ts).causes(causesOf(span)).data(data), span);
        }
    }

    private void agentStart(OtelSpan span, Instant ts) {
        String actor = tree.actor(span);
        OtelSpan parent = tree.parent(span);
        String parentActor = parent == null ? null : tree.actor(parent);
        ObjectNode data = Json.object();
        Event event;
        if (parentActor != null && !parentActor.equals(actor)) {
            data.put(AgentHandoffData.FROM, parentActor);
            data.put(AgentHandoffData.TO, actor);
            data.put(AgentHandoffData.REASON, String.valueOf(span.text("gen_ai.operation.name") != null ? span.text("gen_ai.operation.name") : span.name()));
            spanFields(data, span);
            event = append(NewEvent.of(RUN, parentActor, EventType.AGENT_HANDOFF).at(ts).touches(StateKind.SESSION).data(data), span);
        } else {
            data.put(NoteData.TEXT, "agent " + span.agentName() + " " + (span.text("gen_ai.operation.name") == null ? "started"
                    : span.text("gen_ai.operation.name")));
            spanFields(data, span);
            event = append(NewEvent.of(RUN, actor, EventType.NOTE).at(ts).touches(StateKind.SESSION).data(data), span);
        }
        startEvents.put(span, event.id());
    }

    private void agentEnd(OtelSpan span, Instant ts) {
        String output = firstText(span, "gen_ai.output.messages", "output.value");
        if (output == null) {
            return;
        }
        OtelSpan parent = tree.parent(span);
        ObjectNode data = Json.object();
        data.put(AgentMessageData.FROM, tree.actor(span));
        data.put(AgentMessageData.TO, parent == null ? "human:user" : tree.actor(parent));
        data.put(AgentMessageData.TEXT, output);
        append(NewEvent.of(RUN, tree.actor(span), EventType.AGENT_MESSAGE).at(ts).causes(causesOf(span)).touches(StateKind.SESSION)
                .data(data), span);
    }

    private void modelCall(ModelSpanGroup group, Instant ts) {
        ObjectNode data = group.payload(session);
        if (!nestedGroups.containsKey(group.root())) {
            singlesWithoutUsage += group.recordsUsage() ? 0 : 1;
            singleRecordsCost |= group.recordsCost();
        }
        data.put("spanId", group.root().spanId());
        data.put("traceId", group.root().traceId());
        Event event = append(NewEvent.of(RUN, tree.actor(group.root()), EventType.MODEL_CALL).at(ts).touches(StateKind.SESSION)
                .data(data), group.root());
        for (OtelSpan member : group.members()) {
            startEvents.put(member, event.id());
        }
        for (JsonNode call : data.path(ModelCallData.OUTPUT).path(ModelCallData.OUTPUT_TOOL_CALLS)) {
            String callId = JsonFields.text(call, ModelCallData.TOOL_CALL_ID);
            if (callId != null) {
                modelCallByToolCallId.put(callId, event.id());
            }
        }
    }

    private void toolCall(OtelSpan span, Instant ts) {
        String callId = callId(span);
        String tool = firstText(span, "gen_ai.tool.name", "tool.name");
        if (tool == null) {
            tool = span.name() != null && span.name().startsWith("execute_tool ") ? span.name().substring("execute_tool ".length()) : span.name();
        }
        ObjectNode arguments = JsonFields.argumentsObject(first(span, "gen_ai.tool.call.arguments", "tool.parameters", "input.value",
                "gcp.vertex.agent.tool_call_args"));
        String id = ids.next("span-" + span.spanId());
        EffectRules.Classification effect = session.classify(tool, arguments, id, span.line());
        ObjectNode data = ToolCallData.payload(callId, tool, arguments, effect.effect());
        Payloads.putIfPresent(data, "toolType", span.text("gen_ai.tool.type"));
        spanFields(data, span);
        List<String> causes = new ArrayList<>();
        String modelCall = modelCallByToolCallId.get(callId);
        if (modelCall == null) {
            OtelSpan enclosing = tree.enclosingModel(span);
            modelCall = enclosing == null ? null : startEvents.get(enclosing);
        }
        if (modelCall != null) {
            causes.add(modelCall);
        }
        Event event = session.append(NewEvent.of(RUN, tree.actor(span), EventType.TOOL_CALL).id(id).at(ts).causes(causes)
                .touches(effect.effect().touchedByCall()).data(data), span.line());
        startEvents.put(span, event.id());
    }

    private void toolResult(OtelSpan span, Instant ts) {
        ObjectNode data = Json.object();
        data.put(ToolResultData.CALL_ID, callId(span));
        String output = firstText(span, "gen_ai.tool.call.result", "output.value", "gcp.vertex.agent.tool_response");
        if (output != null) {
            LargeText.put(data, ToolResultData.STDOUT, output, session);
        }
        data.put(ToolResultData.IS_ERROR, span.isError());
        if (span.isError()) {
            data.put(ToolResultData.ERROR, span.statusMessage() == null || span.statusMessage().isEmpty() ? "status ERROR" : span.statusMessage());
        }
        if (!span.hasEnd()) {
            data.put("unfinished", true);
            session.finding(Finding.warning(ImportFindings.UNFINISHED_SPAN, "tool span '" + span.name() + "' (" + span.spanId()
                    + ") has no end time: its result is not recorded", startEvents.get(span), span.line()));
        }
        Payloads.putIfPresent(data, ToolResultData.DURATION_MS, span.durationMs());
        append(NewEvent.of(RUN, tree.actor(span), EventType.TOOL_RESULT).at(ts).causes(causesOf(span)).touches(StateKind.SESSION)
                .data(data), span);
    }

    private void plain(OtelSpan span, Instant ts) {
        ObjectNode data = NoteData.of(span.name() == null ? "span" : span.name()).toPayload();
        spanFields(data, span);
        data.set("attributes", span.attributes().deepCopy());
        ArrayNode events = Json.object().arrayNode();
        for (OtelSpan.SpanEvent event : span.events()) {
            if (!event.isException()) {
                ObjectNode out = events.addObject();
                out.put("name", event.name());
                if (event.time() != null) {
                    out.put("ts", event.time().toString());
                }
                out.set("attributes", event.attributes().deepCopy());
            }
        }
        if (!events.isEmpty()) {
            data.set("spanEvents", events);
        }
        Event event = append(NewEvent.of(RUN, tree.actor(span), EventType.NOTE).at(ts).data(data), span);
        startEvents.put(span, event.id());
    }

    private void exception(OtelSpan span, OtelSpan.SpanEvent event, Instant at) {
        String type = event.attributes().path("exception.type").asText("exception");
        String message = event.attributes().path("exception.message").asText("");
        if (message.isBlank()) {
            message = event.attributes().path("message").asText("");
        }
        ObjectNode data = new ErrorData(message.isBlank() ? type + " in span '" + span.name() + "'" : message, type).toPayload();
        Payloads.putIfPresent(data, "stacktrace", event.attributes().path("exception.stacktrace").asText(null));
        data.put("spanId", span.spanId());
        append(NewEvent.of(RUN, tree.actor(span), EventType.ERROR).at(at).causes(causesOf(span)).data(data), span);
    }

    /** Reports what the spans written so far lacked into {@code target} (this writer's session, or a snapshot of it). */
    void report(ImportSession target) {
        time.report(target, "spans");
        if (mergedModelSpans > 0) {
            target.finding(Finding.info(ImportFindings.MODEL_SPANS_MERGED, mergedModelSpans + " nested model span(s) recorded the same request"
                    + " as an enclosing model span (several instrumentations); each request is one model.call, its tokens counted once", null, 0));
        }
    }

    Instant lastTime() {
        return time.last();
    }

    /**
     * The time of the last point written. Spans that all start after it write their events after every event written
     * so far, as writing all spans at once would have placed them ({@link PointOrder}: time first).
     */
    Instant lastPoint() {
        return lastPoint;
    }

    // --- helpers ---

    private List<String> causesOf(OtelSpan span) {
        String start = startEvents.get(span);
        return start == null ? List.of() : List.of(start);
    }

    private Event append(NewEvent draft, OtelSpan span) {
        return session.append(draft.id(ids.next("span-" + span.spanId())), span.line());
    }

    private static String callId(OtelSpan span) {
        String callId = firstText(span, "gen_ai.tool.call.id", "tool_call.id", "tool.call.id");
        return callId != null ? callId : "span:" + span.spanId();
    }

    private static JsonNode first(OtelSpan span, String... keys) {
        for (String key : keys) {
            JsonNode value = span.value(key);
            if (value != null) {
                return value;
            }
        }
        return null;
    }

    private static String firstText(OtelSpan span, String... keys) {
        JsonNode value = first(span, keys);
        return value == null ? null : value.isValueNode() ? value.asText() : value.toString();
    }

    private static void spanFields(ObjectNode data, OtelSpan span) {
        ObjectNode spanNode = data.putObject("span");
        Payloads.putIfPresent(spanNode, "traceId", span.traceId());
        Payloads.putIfPresent(spanNode, "spanId", span.spanId());
        Payloads.putIfPresent(spanNode, "parentSpanId", span.parentId());
        Payloads.putIfPresent(spanNode, "name", span.name());
        Payloads.putIfPresent(spanNode, "kind", span.kind());
        Payloads.putIfPresent(spanNode, "status", span.status());
        Payloads.putIfPresent(spanNode, "service", span.resourceText("service.name"));
        Payloads.putIfPresent(spanNode, "scope", span.scope());
        Payloads.putIfPresent(spanNode, "durationMs", span.durationMs());
    }
}
