package dev.forkline.views.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
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
        String forkEvent = forked ? child.event(0).text("checkpointEvent") : null;
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
                if (event.text("callId") != null) {
                    callByCallId.put(event.text("callId"), key);
                }
            } else if (event.is(EventType.TOOL_RESULT)) {
                String call = event.causes().stream().map(callById::get).filter(Objects::nonNull).findFirst()
                        .orElse(event.text("callId") == null ? null : callByCallId.get(event.text("callId")));
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
            case TOOL_CALL -> what.append('|').append(event.text("tool")).append('|').append(data.path("arguments"))
                    .append('|').append(event.text("effect"));
            case TOOL_RESULT -> what.append('|').append(data.path("exitCode")).append('|').append(data.path("isError").asBoolean(false));
            case STATE_MUTATION -> what.append('|').append(event.text("path")).append('|').append(event.text("op"))
                    .append('|').append(event.text("after"));
            case PROCESS_START -> what.append('|').append(data.path("argv"));
            case PROCESS_EXIT -> what.append('|').append(data.path("exitCode"));
            case MODEL_CALL -> {
                for (JsonNode call : data.path("output").path("toolCalls")) {
                    what.append('|').append(call.path("name").asText()).append(call.path("arguments"));
                }
            }
            case SESSION_END -> what.append('|').append(event.text("outcome"));
            case APPROVAL_DECISION -> what.append('|').append(event.text("verdict"));
            case ESCAPE_ATTEMPT -> what.append('|').append(event.text("boundary")).append('|').append(data.path("blocked"));
            default -> {
                JsonNode text = data.get("text");
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
            case TOOL_CALL -> ToolCallText.headline(event) + (event.text("effect") == null ? "" : " (" + event.text("effect") + ")")
                    + (ToolCallText.arguments(event.data().get("arguments")).size() > 1
                    ? "\n" + ToolCallText.asText(event.data().get("arguments")) : "");
            case TOOL_RESULT -> event.data().has("exitCode") ? "exit " + event.data().path("exitCode").asText()
                    : event.data().path("isError").asBoolean(false) ? "failed" : "ok";
            case STATE_MUTATION -> event.text("op") + " " + event.text("path");
            case SESSION_END -> event.text("outcome");
            case APPROVAL_DECISION -> event.text("verdict") + " by " + event.text("owner");
            case ERROR -> event.text("message");
            case MODEL_CALL -> modelCall(event);
            case PROCESS_START -> String.join(" ", texts(event.data().path("argv")));
            case PROCESS_EXIT -> "exit " + event.data().path("exitCode").asText("?");
            case ESCAPE_ATTEMPT -> event.text("boundary") + (event.data().path("blocked").asBoolean(false) ? " blocked" : " not blocked");
            default -> event.text("text") != null ? event.text("text") : "";
        };
        return event.type() + " · " + event.actor() + (detail == null || detail.isEmpty() ? "" : " · " + detail);
    }

    private static String modelCall(Event event) {
        String text = event.data().path("output").path("text").asText("");
        List<String> tools = new ArrayList<>();
        event.data().path("output").path("toolCalls").forEach(call -> tools.add(call.path("name").asText("?")));
        return tools.isEmpty() ? text : (text.isBlank() ? "" : text + " ") + "(called " + String.join(", ", tools) + ")";
    }

    private static List<String> texts(JsonNode array) {
        List<String> out = new ArrayList<>();
        array.forEach(part -> out.add(part.asText()));
        return out;
    }
}
