package dev.forkline.trace.report;

import static dev.forkline.trace.report.Html.esc;

import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.EscapeBoundary;
import dev.forkline.trace.payload.ForkReason;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.RevertData;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.payload.SandboxLostData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionOutcome;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.EventType;
import dev.forkline.trace.ToolResults;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.columns.AnsweredToolCalls;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.trace.columns.LazyEventList;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * The timeline as an inline SVG: one band per run, one lane per actor within it; x is the event's place in the file
 * (so bursts a few microseconds apart stay readable). Tool calls are spans to their result, model calls dots,
 * checkpoints flags, failures crosses, escapes triangles, approval requests and decisions diamonds, unknown outcomes
 * question marks, and a dashed line joins each fork to the event it was forked from. A trace of more than
 * {@value #DETAILED} events is drawn in slices instead ({@link TimelineSlice}): a mark per lane and slice, read from
 * the columns, so the page stays the same size however long the trace.
 */
final class TimelineSvg {

    private static final int LEFT = 170;
    private static final int LANE = 22;
    private static final int BAND_HEADER = 22;
    private static final int BAND_GAP = 10;
    private static final int TOP = 8;

    private final TraceIndex index;
    private final List<Event> recorded;
    private final Map<String, DecisionCheck> checks;
    private final double step;
    private final Map<String, Integer> bandTop = new HashMap<>();
    private final Map<String, Map<String, Integer>> lanes = new LinkedHashMap<>();

    /**
     * @param recorded the events as recorded, whose tool calls' effect classes a timeline in slices reads from their
     *                 lines (masking never changes an effect class)
     */
    TimelineSvg(TraceIndex index, Map<String, DecisionCheck> checks, List<Event> recorded) {
        this.index = index;
        this.recorded = recorded;
        this.checks = checks;
        int events = Math.max(1, index.size());
        this.step = events <= WIDE ? Math.max(5, Math.min(26, 900.0 / events)) : (WIDE * SLICE_WIDTH) / events;
    }

    /** How many events the page has room for; further events squeeze into the same width. */
    private static final int WIDE = 300;
    /** Beyond this many events the timeline is drawn in {@link #WIDE} slices, one mark per lane and slice. */
    static final int DETAILED = 5000;
    private static final double SLICE_WIDTH = 5.0;

    /** Whether a trace of this many events is drawn in slices. */
    static boolean inSlices(int events) {
        return events > DETAILED;
    }

    String render() {
        int y = TOP;
        for (RunInfo run : index.runs()) {
            Map<String, Integer> runLanes = new LinkedHashMap<>();
            for (int i : index.indexesOf(run.id())) {
                runLanes.putIfAbsent(index.columns().actor(i), runLanes.size());
            }
            lanes.put(run.id(), runLanes);
            bandTop.put(run.id(), y);
            y += BAND_HEADER + runLanes.size() * LANE + BAND_GAP;
        }
        int width = (int) Math.ceil(LEFT + index.size() * step + 30);
        StringBuilder svg = new StringBuilder();
        svg.append("<svg class=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"").append(width)
                .append("\" height=\"").append(y).append("\" viewBox=\"0 0 ").append(width).append(' ').append(y)
                .append("\" aria-label=\"Timeline of the trace: one band per run, one lane per actor\">\n");
        for (RunInfo run : index.runs()) {
            band(svg, run, width);
        }
        for (RunInfo run : index.runs()) {
            forkLine(svg, run);
        }
        if (inSlices(index.size())) {
            BitSet unknownOutcomes = unknownOutcomes(index.columns());
            EffectClass[] effects = effectsOfToolCalls();
            for (RunInfo run : index.runs()) {
                slices(svg, run, unknownOutcomes, effects);
            }
        } else {
            for (RunInfo run : index.runs()) {
                marks(svg, run);
            }
        }
        return svg.append("</svg>\n").toString();
    }

    /** Each lane of the run as slices of {@link #SLICE_WIDTH} pixels, in the order of the run's events. */
    private void slices(StringBuilder svg, RunInfo run, BitSet unknownOutcomes, EffectClass[] effects) {
        EventColumns columns = index.columns();
        Map<String, Integer> runLanes = lanes.get(run.id());
        int[] laneOfActor = new int[columns.actors().size()];
        for (int actor = 0; actor < laneOfActor.length; actor++) {
            laneOfActor[actor] = runLanes.getOrDefault(columns.actors().get(actor), 0);
        }
        TimelineSlice[] open = new TimelineSlice[runLanes.size()];
        int[] openAt = new int[runLanes.size()];
        for (int lane = 0; lane < open.length; lane++) {
            open[lane] = new TimelineSlice();
        }
        String[] laneActors = runLanes.keySet().toArray(String[]::new);
        for (int i : index.indexesOf(run.id())) {
            int lane = laneOfActor[columns.actorCode(i)];
            int slice = (int) ((long) i * WIDE / index.size());
            if (!open[lane].isEmpty() && openAt[lane] != slice) {
                drawSlice(svg, open[lane], openAt[lane], laneY(run.id(), laneActors[lane]));
                open[lane].clear();
            }
            openAt[lane] = slice;
            DecisionCheck check = columns.is(i, EventType.APPROVAL_DECISION) ? checks.get(columns.id(i)) : null;
            open[lane].add(columns, i, effects[i], unknownOutcomes.get(i), check != null && !check.ok());
        }
        for (int lane = 0; lane < open.length; lane++) {
            if (!open[lane].isEmpty()) {
                drawSlice(svg, open[lane], openAt[lane], laneY(run.id(), laneActors[lane]));
            }
        }
    }

    private void drawSlice(StringBuilder svg, TimelineSlice slice, int at, int laneY) {
        slice.draw(svg, index.columns(), LEFT + at * SLICE_WIDTH, SLICE_WIDTH - 1, laneY);
    }

    /**
     * Each tool call's effect class (null for other events and calls naming none), read from the recorded events: a
     * trace read lazily is swept a block of lines at a time, the others asked event by event.
     */
    private EffectClass[] effectsOfToolCalls() {
        EventColumns columns = index.columns();
        EffectClass[] effects = new EffectClass[columns.size()];
        LazyEventList.LineFilter toolCalls = new LazyEventList.LineFilter() {
            @Override
            public boolean mayWant(int i) {
                return columns.is(i, EventType.TOOL_CALL);
            }

            @Override
            public boolean wanted(int i, byte[] line) {
                return true;
            }
        };
        for (int from = 0; from < columns.size(); from += EFFECT_BLOCK) {
            int to = Math.min(columns.size(), from + EFFECT_BLOCK);
            if (recorded instanceof LazyEventList lazy) {
                lazy.forEachIn(from, to, toolCalls, (event, i) -> effects[i] = ToolCallData.from(event.data()).effect());
            } else {
                for (int i = from; i < to; i++) {
                    if (toolCalls.mayWant(i)) {
                        effects[i] = ToolCallData.from(recorded.get(i).data()).effect();
                    }
                }
            }
        }
        return effects;
    }

    /** Events whose lines are read together when the tool calls' effects are swept. */
    private static final int EFFECT_BLOCK = 4096;

    /**
     * The events a question mark belongs to: external calls with no result or an unknown outcome, and results of an
     * unknown outcome (as the escape queue counts them, from the columns).
     */
    private static BitSet unknownOutcomes(EventColumns columns) {
        BitSet answered = AnsweredToolCalls.of(columns);
        BitSet unknown = new BitSet(columns.size());
        for (int i = 0; i < columns.size(); i++) {
            boolean externalCall = columns.has(i, EventFacts.EXTERNAL_CALL);
            if (externalCall && !answered.get(i) || columns.has(i, EventFacts.OUTCOME_UNKNOWN)
                    && (externalCall || columns.is(i, EventType.TOOL_RESULT))) {
                unknown.set(i);
            }
        }
        return unknown;
    }

    private void band(StringBuilder svg, RunInfo run, int width) {
        int top = bandTop.get(run.id());
        Map<String, Integer> runLanes = lanes.get(run.id());
        int height = BAND_HEADER + runLanes.size() * LANE;
        svg.append("<rect x=\"2\" y=\"").append(top).append("\" width=\"").append(width - 4).append("\" height=\"").append(height)
                .append("\" class=\"band\"/>\n");
        String label = "run " + run.id() + (run.isFork() ? " · " + run.reason() + " of " + run.parentRun() : "")
                + " · " + (run.outcome() == null ? "no end" : run.outcome());
        svg.append("<text x=\"8\" y=\"").append(top + 15).append("\" class=\"band-label ").append(outcomeClass(run.outcome()))
                .append("\">").append(esc(label, 90)).append("</text>\n");
        for (Map.Entry<String, Integer> lane : runLanes.entrySet()) {
            int laneY = laneY(run.id(), lane.getKey());
            svg.append("<line x1=\"").append(LEFT - 6).append("\" x2=\"").append(width - 8).append("\" y1=\"").append(laneY)
                    .append("\" y2=\"").append(laneY).append("\" class=\"lane\"/>\n");
            svg.append("<text x=\"14\" y=\"").append(laneY + 4).append("\" class=\"lane-label\">").append(esc(lane.getKey(), 24))
                    .append("</text>\n");
        }
    }

    private void forkLine(StringBuilder svg, RunInfo run) {
        int forkPoint = index.forkPointIndex(run);
        if (forkPoint < 0 || !lanes.containsKey(run.parentRun())) {
            return;
        }
        Event from = index.get(forkPoint);
        Event to = index.eventsOf(run.id()).getFirst();
        double x1 = x(forkPoint);
        double y1 = laneY(from.run(), from.actor());
        double x2 = x(index.indexOf(to.id()));
        double y2 = laneY(run.id(), to.actor());
        svg.append("<path d=\"M").append(fmt(x1)).append(' ').append(fmt(y1)).append(" C").append(fmt(x1)).append(' ')
                .append(fmt(y2)).append(' ').append(fmt(x1)).append(' ').append(fmt(y2)).append(' ').append(fmt(x2)).append(' ')
                .append(fmt(y2)).append("\" class=\"fork-line\"><title>").append(esc("run " + run.id() + " forked from "
                        + from.id() + (run.forkCheckpointId() == null ? "" : " (" + run.forkCheckpointId() + ")")))
                .append("</title></path>\n");
    }

    private void marks(StringBuilder svg, RunInfo run) {
        List<Event> events = index.eventsOf(run.id());
        Map<String, Event> resultsByCall = resultsByCall(events);
        Set<String> unknown = unknownOutcomeCalls(events, resultsByCall);
        int lastIndex = index.indexOf(events.getLast().id());
        for (Event event : events) {
            int at = index.indexOf(event.id());
            double x = x(at);
            int y = laneY(run.id(), event.actor());
            String tip = event.id() + " · " + event.type() + " · " + event.actor() + detail(event);
            switch (event.kind()) {
                case TOOL_CALL -> {
                    Event result = resultsByCall.get(event.id());
                    double end = result == null ? x(lastIndex) : x(index.indexOf(result.id()));
                    EffectClass effectClass = ToolCallData.from(event.data()).effect();
                    String effect = effectClass == null ? "unknown" : effectClass.wireName();
                    boolean failed = result != null && ToolResults.isError(result);
                    svg.append("<rect x=\"").append(fmt(x - 2)).append("\" y=\"").append(y - 6).append("\" width=\"")
                            .append(fmt(Math.max(5, end - x + 4))).append("\" height=\"12\" rx=\"3\" class=\"span effect-")
                            .append(effectClass(effect)).append(result == null ? " open" : "").append(failed ? " failed" : "")
                            .append("\"><title>").append(esc(tip)).append("</title></rect>\n");
                    if (unknown.contains(event.id())) {
                        svg.append("<text x=\"").append(fmt(end + 3)).append("\" y=\"").append(y + 5)
                                .append("\" class=\"mark-unknown\">?<title>").append(esc(event.id() + " · outcome unknown"))
                                .append("</title></text>\n");
                    }
                }
                case TOOL_RESULT -> {
                    if (ToolResults.isError(event)) {
                        cross(svg, x, y, tip);
                    }
                }
                case MODEL_CALL -> svg.append("<circle cx=\"").append(fmt(x)).append("\" cy=\"").append(y)
                        .append("\" r=\"4\" class=\"mark-model\"><title>").append(esc(tip)).append("</title></circle>\n");
                case CHECKPOINT -> {
                    svg.append("<g class=\"mark-checkpoint\"><line x1=\"").append(fmt(x)).append("\" x2=\"").append(fmt(x))
                            .append("\" y1=\"").append(y + 7).append("\" y2=\"").append(y - 9).append("\"/><path d=\"M")
                            .append(fmt(x)).append(' ').append(y - 9).append(" l9 3 l-9 3 z\"/><title>").append(esc(tip))
                            .append("</title></g>\n");
                }
                case ERROR, SANDBOX_LOST -> cross(svg, x, y, tip);
                case SESSION_END -> {
                    SessionOutcome outcome = SessionEndData.from(event.data()).outcome();
                    if (outcome == SessionOutcome.FAILURE) {
                        cross(svg, x, y, tip);
                    } else {
                        svg.append("<rect x=\"").append(fmt(x - 4)).append("\" y=\"").append(y - 4)
                                .append("\" width=\"8\" height=\"8\" class=\"mark-end ").append(outcomeClass(outcome == null ? null : outcome.wireName()))
                                .append("\"><title>").append(esc(tip)).append("</title></rect>\n");
                    }
                }
                case ESCAPE_ATTEMPT -> svg.append("<path d=\"M").append(fmt(x)).append(' ').append(y - 7).append(" l7 12 l-14 0 z\" class=\"mark-escape\"><title>")
                        .append(esc(tip)).append("</title></path>\n");
                case APPROVAL_REQUEST -> diamond(svg, x, y, "mark-request", tip);
                case APPROVAL_DECISION -> {
                    DecisionCheck check = checks.get(event.id());
                    diamond(svg, x, y, check != null && check.ok() ? "mark-decision" : "mark-decision-bad",
                            tip + (check == null ? "" : " · " + check.describe()));
                }
                case RUN_FORK -> svg.append("<circle cx=\"").append(fmt(x)).append("\" cy=\"").append(y)
                        .append("\" r=\"5\" class=\"mark-fork\"><title>").append(esc(tip)).append("</title></circle>\n");
                case REVERT, HARNESS_RESTART -> svg.append("<text x=\"").append(fmt(x - 5)).append("\" y=\"").append(y + 5)
                        .append("\" class=\"mark-revert\">↺<title>").append(esc(tip)).append("</title></text>\n");
                default -> svg.append("<line x1=\"").append(fmt(x)).append("\" x2=\"").append(fmt(x)).append("\" y1=\"")
                        .append(y - 4).append("\" y2=\"").append(y + 4).append("\" class=\"mark-tick\"><title>").append(esc(tip))
                        .append("</title></line>\n");
            }
        }
    }

    private static void cross(StringBuilder svg, double x, int y, String tip) {
        svg.append("<path d=\"M").append(fmt(x - 5)).append(' ').append(y - 5).append(" l10 10 M").append(fmt(x + 5)).append(' ')
                .append(y - 5).append(" l-10 10\" class=\"mark-failure\"><title>").append(esc(tip)).append("</title></path>\n");
    }

    private static void diamond(StringBuilder svg, double x, int y, String cssClass, String tip) {
        svg.append("<path d=\"M").append(fmt(x)).append(' ').append(y - 6).append(" l6 6 l-6 6 l-6 -6 z\" class=\"").append(cssClass)
                .append("\"><title>").append(esc(tip)).append("</title></path>\n");
    }

    private static Map<String, Event> resultsByCall(List<Event> events) {
        Map<String, Event> callsByCallId = new HashMap<>();
        Map<String, Event> byId = new HashMap<>();
        for (Event event : events) {
            if (event.is(EventType.TOOL_CALL)) {
                byId.put(event.id(), event);
                String callId = ToolCallData.from(event.data()).callId();
                if (callId != null) {
                    callsByCallId.putIfAbsent(callId, event);
                }
            }
        }
        Map<String, Event> results = new HashMap<>();
        for (Event event : events) {
            if (!event.is(EventType.TOOL_RESULT)) {
                continue;
            }
            String callId = ToolResultData.from(event.data()).callId();
            Event call = event.causes().stream().map(byId::get).filter(c -> c != null).findFirst()
                    .orElse(callId == null ? null : callsByCallId.get(callId));
            if (call != null) {
                results.putIfAbsent(call.id(), event);
            }
        }
        return results;
    }

    private static Set<String> unknownOutcomeCalls(List<Event> events, Map<String, Event> results) {
        List<String> unknown = new ArrayList<>();
        for (Event event : events) {
            if (event.is(EventType.TOOL_CALL) && ToolCallData.from(event.data()).effect() == EffectClass.EXTERNAL) {
                Event result = results.get(event.id());
                if (result == null || ToolResultData.from(result.data()).outcomeUnknown()
                        || ToolResultData.from(event.data()).outcomeUnknown()) {
                    unknown.add(event.id());
                }
            }
        }
        return Set.copyOf(unknown);
    }

    private static String wireName(SessionOutcome outcome) {
        return outcome == null ? null : outcome.wireName();
    }

    private static String wireName(EscapeBoundary boundary) {
        return boundary == null ? null : boundary.wireName();
    }

    private static String wireName(ForkReason reason) {
        return reason == null ? null : reason.wireName();
    }

    private static String detail(Event event) {
        String text = switch (event.kind()) {
            case TOOL_CALL -> {
                ToolCallData call = ToolCallData.from(event.data());
                yield call.tool() + " " + (call.arguments() == null ? "" : call.arguments().toString());
            }
            case TOOL_RESULT -> {
                ToolResultData result = ToolResultData.from(event.data());
                yield result.callId() + (result.exitCode() == null ? "" : " exit " + result.exitCode());
            }
            case MODEL_CALL -> ModelCallData.from(event.data()).model();
            case CHECKPOINT -> {
                CheckpointData checkpoint = CheckpointData.from(event.data());
                yield checkpoint.checkpointId() + " " + (checkpoint.label() == null ? "" : checkpoint.label());
            }
            case ERROR -> ErrorData.from(event.data()).message();
            case SANDBOX_LOST -> SandboxLostData.from(event.data()).reason();
            case SESSION_END -> wireName(SessionEndData.from(event.data()).outcome());
            case ESCAPE_ATTEMPT -> {
                EscapeAttemptData escape = EscapeAttemptData.from(event.data());
                yield wireName(escape.boundary()) + ": " + escape.attempt();
            }
            case APPROVAL_REQUEST -> ApprovalRequestData.from(event.data()).reason();
            case APPROVAL_DECISION -> {
                ApprovalDecisionData decision = ApprovalDecisionData.from(event.data());
                yield decision.verdict() + " " + decision.subject();
            }
            case RUN_FORK -> {
                RunForkData fork = RunForkData.from(event.data());
                yield wireName(fork.reason()) + " from " + fork.checkpoint();
            }
            case REVERT -> "to " + RevertData.from(event.data()).checkpoint();
            default -> null;
        };
        if (text == null || text.isBlank()) {
            return "";
        }
        return " · " + (text.length() > 160 ? text.substring(0, 157) + "..." : text);
    }

    private double x(int fileIndex) {
        return LEFT + step / 2 + fileIndex * step;
    }

    private int laneY(String run, String actor) {
        Integer lane = lanes.get(run).get(actor);
        return bandTop.get(run) + BAND_HEADER + (lane == null ? 0 : lane) * LANE + LANE / 2;
    }

    static String outcomeClass(String outcome) {
        if (outcome == null) {
            return "outcome-none";
        }
        return switch (outcome) {
            case "success" -> "outcome-success";
            case "failure" -> "outcome-failure";
            case "aborted" -> "outcome-aborted";
            default -> "outcome-unknown";
        };
    }

    private static String effectClass(String effect) {
        return switch (effect) {
            case "read", "workspace", "process", "external", "privileged" -> effect;
            default -> "unknown";
        };
    }

    static String fmt(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
