package dev.forkline.views.data;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Two runs side by side from their fork point: the parent's events after the checkpoint the child was forked from, and
 * the child's own events after its run.fork, aligned step by step. The first step whose events differ in what they
 * did (type, actor, tool and arguments, exit status, file written, outcome) is the first divergence.
 *
 * @param firstDivergence index into {@link #rows()} of the first differing step, or -1 when the runs agree
 */
public record RunComparison(String leftRun, String rightRun, String forkPoint, List<Row> rows, int firstDivergence) {

    /** One step: the left and right events at that position after the fork point (either may be null), and whether they agree. */
    public record Row(int step, Event left, Event right, boolean same) {
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

    /** Whether two runs differ at some step (stops reading at the first step that does). */
    public static boolean differ(List<Event> left, List<Event> right) {
        if (left.size() != right.size()) {
            return true;
        }
        for (int i = 0; i < left.size(); i++) {
            if (!what(left.get(i)).equals(what(right.get(i)))) {
                return true;
            }
        }
        return false;
    }

    public static RunComparison compare(String leftRun, List<Event> left, String rightRun, List<Event> right, String forkPoint) {
        List<Row> rows = new ArrayList<>();
        int first = -1;
        for (int i = 0; i < Math.max(left.size(), right.size()); i++) {
            Event l = i < left.size() ? left.get(i) : null;
            Event r = i < right.size() ? right.get(i) : null;
            boolean same = l != null && r != null && Objects.equals(what(l), what(r));
            if (!same && first < 0) {
                first = i;
            }
            rows.add(new Row(i + 1, l, r, same));
        }
        return new RunComparison(leftRun, rightRun, forkPoint, rows, first);
    }

    /** What an event did, leaving out ids, times, hashes and run names, which always differ between runs. */
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
            case MODEL_CALL -> what.append('|').append(data.path("output").path("toolCalls"));
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

    /** A one-line description of an event for the side-by-side table. */
    public static String summary(Event event) {
        if (event == null) {
            return "";
        }
        String detail = switch (event.kind()) {
            case TOOL_CALL -> event.text("tool") + " " + event.data().path("arguments");
            case TOOL_RESULT -> "exit " + event.data().path("exitCode").asText("?");
            case STATE_MUTATION -> event.text("op") + " " + event.text("path");
            case SESSION_END -> event.text("outcome");
            case APPROVAL_DECISION -> event.text("verdict") + " by " + event.text("owner");
            case ERROR -> event.text("message");
            case MODEL_CALL -> event.data().path("output").path("text").asText("");
            case PROCESS_START -> event.data().path("argv").toString();
            case PROCESS_EXIT -> "exit " + event.data().path("exitCode").asText("?");
            default -> event.text("text") != null ? event.text("text") : "";
        };
        return event.type() + " · " + event.actor() + (detail == null || detail.isEmpty() ? "" : " · " + detail);
    }
}
