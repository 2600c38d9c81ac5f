package dev.forkline.views.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;

import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ProcessExitData;
import dev.forkline.trace.payload.ProcessStartData;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.views.compare.SequenceAlignment;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Two runs side by side from their fork point: the parent's events after the checkpoint the child was forked from, and
 * the child's own events after its run.fork, aligned by content as a diff aligns lines: events that did the same thing
 * (type, actor, tool and arguments, exit status, file written, outcome — never ids, times or call ids) are kept in step,
 * an event only one run has leaves a gap on the other side, and a gap on both sides at once of events of one type is
 * shown as one changed row. The first row that is not the same is the first divergence.
 *
 * @param firstDivergence index into {@link #rows()} of the first differing row, or -1 when the runs agree
 */
public record RunComparison(String leftRun, String rightRun, String forkPoint, List<Row> rows, int firstDivergence) {

    /** How a row's two sides relate. */
    public enum Change {
        /** Both runs did the same thing here. */
        SAME,
        /** Both runs did something of the same kind here, differently. */
        CHANGED,
        /** Only the left (parent) run has this event. */
        LEFT_ONLY,
        /** Only the right run has this event. */
        RIGHT_ONLY
    }

    /**
     * One row: the left and right events (either may be null), their positions after the fork point (1-based, 0 for
     * none) and how they relate.
     */
    public record Row(int step, Event left, int leftStep, Event right, int rightStep, Change change) {
        public boolean same() {
            return change == Change.SAME;
        }
    }

    public RunComparison {
        rows = List.copyOf(rows);
    }

    /** Compares a forked run with its parent; empty when the run has no parent. */
    public static RunComparison withParent(RunLineage lineage, String run) {
        RunNode node = lineage.node(run);
        if (node == null || node.parentRun() == null) {
            return new RunComparison(null, run, null, List.of(), -1);
        }
        RunEvents child = lineage.events(run);
        boolean forked = !child.isEmpty() && child.kind(0) == EventType.RUN_FORK;
        String forkEvent = forked ? child.event(0).text(RunForkData.CHECKPOINT_EVENT) : null;
        List<Event> right = forked ? child.asList().subList(1, child.size()) : child.asList();
        RunEvents parent = lineage.events(node.parentRun());
        int from = parent.positionOf(forkEvent) + 1;
        return compare(node.parentRun(), parent.asList().subList(from, parent.size()), run, right, forkEvent);
    }

    /** Whether two runs differ at some step. */
    public static boolean differ(List<Event> left, List<Event> right) {
        return left.size() != right.size() || !keys(left).equals(keys(right));
    }

    public static RunComparison compare(String leftRun, List<Event> left, String rightRun, List<Event> right, String forkPoint) {
        List<Event> lefts = List.copyOf(left);
        List<Event> rights = List.copyOf(right);
        List<String> leftKeys = keys(lefts);
        List<String> rightKeys = keys(rights);
        List<SequenceAlignment.Pair> pairs = pairChanges(SequenceAlignment.align(leftKeys, rightKeys), lefts, rights);
        List<Row> rows = new ArrayList<>(pairs.size());
        int first = -1;
        for (SequenceAlignment.Pair pair : pairs) {
            Event l = pair.left() < 0 ? null : lefts.get(pair.left());
            Event r = pair.right() < 0 ? null : rights.get(pair.right());
            Change change = l == null ? Change.RIGHT_ONLY : r == null ? Change.LEFT_ONLY
                    : leftKeys.get(pair.left()).equals(rightKeys.get(pair.right())) ? Change.SAME : Change.CHANGED;
            if (change != Change.SAME && first < 0) {
                first = rows.size();
            }
            rows.add(new Row(rows.size() + 1, l, pair.left() + 1, r, pair.right() + 1, change));
        }
        return new RunComparison(leftRun, rightRun, forkPoint, rows, first);
    }

    /**
     * Within each stretch of left-only and right-only events between two matches, events of the same type are paired
     * in order as one changed row (a command run with other arguments, a session that ended otherwise), as a diff shows
     * a changed line rather than a removed and an added one.
     */
    private static List<SequenceAlignment.Pair> pairChanges(List<SequenceAlignment.Pair> aligned, List<Event> left, List<Event> right) {
        List<SequenceAlignment.Pair> out = new ArrayList<>(aligned.size());
        int i = 0;
        while (i < aligned.size()) {
            if (aligned.get(i).matched()) {
                out.add(aligned.get(i++));
                continue;
            }
            List<Integer> gone = new ArrayList<>();
            List<Integer> added = new ArrayList<>();
            while (i < aligned.size() && !aligned.get(i).matched()) {
                SequenceAlignment.Pair pair = aligned.get(i++);
                if (pair.left() >= 0) {
                    gone.add(pair.left());
                } else {
                    added.add(pair.right());
                }
            }
            int g = 0;
            int a = 0;
            while (g < gone.size() || a < added.size()) {
                if (g < gone.size() && a < added.size() && left.get(gone.get(g)).type().equals(right.get(added.get(a)).type())) {
                    out.add(new SequenceAlignment.Pair(gone.get(g++), added.get(a++)));
                } else if (a < added.size() && (g >= gone.size() || typeLater(left.get(gone.get(g)).type(), right, added, a))) {
                    out.add(new SequenceAlignment.Pair(-1, added.get(a++)));
                } else {
                    out.add(new SequenceAlignment.Pair(gone.get(g++), -1));
                }
            }
        }
        return out;
    }

    private static boolean typeLater(String type, List<Event> right, List<Integer> added, int from) {
        for (int k = from + 1; k < added.size(); k++) {
            if (right.get(added.get(k)).type().equals(type)) {
                return true;
            }
        }
        return false;
    }

    /** Each event's {@link #what} key; a tool result's key carries its call's, so results of different calls differ. */
    static List<String> keys(List<Event> events) {
        Map<String, String> callByCallId = new HashMap<>();
        Map<String, String> callById = new HashMap<>();
        List<String> keys = new ArrayList<>(events.size());
        for (Event event : events) {
            String key = what(event);
            if (event.is(EventType.TOOL_CALL)) {
                callById.put(event.id(), key);
                if (event.text(ToolCallData.CALL_ID) != null) {
                    callByCallId.put(event.text(ToolCallData.CALL_ID), key);
                }
            } else if (event.is(EventType.TOOL_RESULT)) {
                String call = event.causes().stream().map(callById::get).filter(Objects::nonNull).findFirst()
                        .orElse(event.text(ToolCallData.CALL_ID) == null ? null : callByCallId.get(event.text(ToolCallData.CALL_ID)));
                key = key + "|of " + call;
            }
            keys.add(key);
        }
        return keys;
    }

    /** What an event did, leaving out ids, times, hashes, call ids and run names, which always differ between runs. */
    static String what(Event event) {
        ObjectNode data = event.data();
        StringBuilder what = new StringBuilder(event.type()).append('|').append(event.actor());
        switch (event.kind()) {
            case TOOL_CALL -> what.append('|').append(event.text(ToolCallData.TOOL)).append('|').append(data.path(ToolCallData.ARGUMENTS))
                    .append('|').append(event.text(ToolCallData.EFFECT));
            case TOOL_RESULT -> what.append('|').append(data.path(ToolResultData.EXIT_CODE)).append('|').append(data.path(ToolResultData.IS_ERROR).asBoolean(false));
            case STATE_MUTATION -> what.append('|').append(event.text(StateMutationData.PATH)).append('|').append(event.text(StateMutationData.OP))
                    .append('|').append(event.text(StateMutationData.AFTER));
            case PROCESS_START -> what.append('|').append(data.path(ProcessStartData.ARGV));
            case PROCESS_EXIT -> what.append('|').append(data.path(ProcessExitData.EXIT_CODE));
            case MODEL_CALL -> {
                for (JsonNode call : data.path(ModelCallData.OUTPUT).path(ModelCallData.OUTPUT_TOOL_CALLS)) {
                    what.append('|').append(call.path(ModelCallData.TOOL_CALL_NAME).asText()).append(call.path(ModelCallData.TOOL_CALL_ARGUMENTS));
                }
            }
            case SESSION_END -> what.append('|').append(event.text(SessionEndData.OUTCOME));
            case APPROVAL_DECISION -> what.append('|').append(event.text(ApprovalDecisionData.VERDICT));
            case ESCAPE_ATTEMPT -> what.append('|').append(event.text(EscapeAttemptData.BOUNDARY)).append('|').append(data.path(EscapeAttemptData.BLOCKED));
            default -> {
                JsonNode text = data.get(NoteData.TEXT); // notes and agent messages
                if (text != null) {
                    what.append('|').append(text.asText());
                }
            }
        }
        return what.toString();
    }

    /** A one-line description of an event for the side-by-side table (the full text is in {@link #fullText}). */
    public static String summary(Event event) {
        return event == null ? "" : ToolCallText.oneLine(fullText(event), 400);
    }

    /** What the table's cell says about an event, in full: type, actor and what it did, arguments as text. */
    public static String fullText(Event event) {
        if (event == null) {
            return "";
        }
        String detail = switch (event.kind()) {
            case TOOL_CALL -> ToolCallText.headline(event) + (event.text(ToolCallData.EFFECT) == null ? "" : " (" + event.text(ToolCallData.EFFECT) + ")")
                    + (ToolCallText.arguments(event.data().get(ToolCallData.ARGUMENTS)).size() > 1
                    ? "\n" + ToolCallText.asText(event.data().get(ToolCallData.ARGUMENTS)) : "");
            case TOOL_RESULT -> event.data().has(ToolResultData.EXIT_CODE) ? "exit " + event.data().path(ToolResultData.EXIT_CODE).asText()
                    : event.data().path(ToolResultData.IS_ERROR).asBoolean(false) ? "failed" : "ok";
            case STATE_MUTATION -> event.text(StateMutationData.OP) + " " + event.text(StateMutationData.PATH);
            case SESSION_END -> event.text(SessionEndData.OUTCOME);
            case APPROVAL_DECISION -> event.text(ApprovalDecisionData.VERDICT) + " by " + event.text(ApprovalDecisionData.OWNER);
            case ERROR -> event.text(ErrorData.MESSAGE);
            case MODEL_CALL -> modelCall(event);
            case PROCESS_START -> String.join(" ", texts(event.data().path(ProcessStartData.ARGV)));
            case PROCESS_EXIT -> "exit " + event.data().path(ProcessExitData.EXIT_CODE).asText("?");
            case ESCAPE_ATTEMPT -> event.text(EscapeAttemptData.BOUNDARY) + (event.data().path(EscapeAttemptData.BLOCKED).asBoolean(false) ? " blocked" : " not blocked");
            default -> event.text(NoteData.TEXT) != null ? event.text(NoteData.TEXT) : "";
        };
        return event.type() + " · " + event.actor() + (detail == null || detail.isEmpty() ? "" : " · " + detail);
    }

    private static String modelCall(Event event) {
        JsonNode output = event.data().path(ModelCallData.OUTPUT);
        String text = output.path(ModelCallData.OUTPUT_TEXT).asText("");
        List<String> tools = new ArrayList<>();
        output.path(ModelCallData.OUTPUT_TOOL_CALLS).forEach(call -> tools.add(call.path(ModelCallData.TOOL_CALL_NAME).asText("?")));
        return tools.isEmpty() ? text : (text.isBlank() ? "" : text + " ") + "(called " + String.join(", ", tools) + ")";
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(part -> out.add(part.asText()));
        return out;
    }
}
