package dev.forkline.trace.report;

import static dev.forkline.trace.report.Html.esc;
import static dev.forkline.trace.report.TimelineSvg.fmt;

import dev.forkline.trace.EffectClass;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.trace.gate.Counts;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What one lane holds in one slice of a timeline too long to draw an event at a time: how many events of each kind,
 * read from the trace's columns (no event is parsed). Drawn as one bar, darker the more events it stands for, with
 * the slice's most notable mark on it; its tooltip counts everything the slice holds.
 */
final class TimelineSlice {

    private int first = -1;
    private int last;
    private int events;
    private int toolCalls;
    /** Tool calls by effect class (by ordinal); calls naming none are not counted here. */
    private final int[] callsByEffect = new int[EffectClass.values().length];
    private int toolResults;
    private int modelCalls;
    private int failures;
    private int escapes;
    private int requests;
    private int decisions;
    private int badDecisions;
    private int unknownOutcomes;
    private int reverts;
    private int forks;
    private int checkpoints;
    private int ends;

    /** Starts the slice again, empty. */
    void clear() {
        first = -1;
        Arrays.fill(callsByEffect, 0);
        events = toolCalls = toolResults = modelCalls = failures = escapes = requests = decisions = badDecisions = 0;
        unknownOutcomes = reverts = forks = checkpoints = ends = 0;
    }

    boolean isEmpty() {
        return events == 0;
    }

    /**
     * Counts event {@code i}.
     *
     * @param effect         a tool call's effect class, else null
     * @param unknownOutcome whether a question mark belongs to it: an external call without a result or of an unknown
     *                       outcome, or a result of an unknown outcome
     * @param badDecision    whether it is a decision whose signature does not check out
     */
    void add(EventColumns columns, int i, EffectClass effect, boolean unknownOutcome, boolean badDecision) {
        if (first < 0) {
            first = i;
        }
        last = i;
        events++;
        if (columns.has(i, EventFacts.FAILURE)) {
            failures++;
        }
        if (unknownOutcome) {
            unknownOutcomes++;
        }
        EventType kind = columns.kind(i);
        if (kind == null) {
            return;
        }
        switch (kind) {
            case TOOL_CALL -> {
                toolCalls++;
                if (effect != null) {
                    callsByEffect[effect.ordinal()]++;
                }
            }
            case TOOL_RESULT -> toolResults++;
            case MODEL_CALL -> modelCalls++;
            case ESCAPE_ATTEMPT -> escapes++;
            case APPROVAL_REQUEST -> requests++;
            case APPROVAL_DECISION -> {
                decisions++;
                if (badDecision) {
                    badDecisions++;
                }
            }
            case REVERT, HARNESS_RESTART -> reverts++;
            case RUN_FORK -> forks++;
            case CHECKPOINT -> checkpoints++;
            case SESSION_END -> ends++;
            default -> {
            }
        }
    }

    /** Draws the slice from {@code x}, {@code width} wide, on the lane at {@code y}. */
    void draw(StringBuilder svg, EventColumns columns, double x, double width, int y) {
        String tip = tip(columns);
        svg.append("<rect x=\"").append(fmt(x)).append("\" y=\"").append(y - 5).append("\" width=\"").append(fmt(width))
                .append("\" height=\"10\" class=\"slice ").append(density()).append(' ').append(colour())
                .append("\"><title>").append(esc(tip)).append("</title></rect>\n");
        double mid = x + width / 2;
        if (failures > 0) {
            svg.append("<path d=\"M").append(fmt(mid - 4)).append(' ').append(y - 4).append(" l8 8 M").append(fmt(mid + 4)).append(' ')
                    .append(y - 4).append(" l-8 8\" class=\"mark-failure\"><title>").append(esc(tip)).append("</title></path>\n");
        } else if (escapes > 0) {
            svg.append("<path d=\"M").append(fmt(mid)).append(' ').append(y - 7).append(" l6 11 l-12 0 z\" class=\"mark-escape\"><title>")
                    .append(esc(tip)).append("</title></path>\n");
        } else if (decisions > 0 || requests > 0) {
            String cssClass = decisions == 0 ? "mark-request" : badDecisions > 0 ? "mark-decision-bad" : "mark-decision";
            svg.append("<path d=\"M").append(fmt(mid)).append(' ').append(y - 6).append(" l5 6 l-5 6 l-5 -6 z\" class=\"").append(cssClass)
                    .append("\"><title>").append(esc(tip)).append("</title></path>\n");
        } else if (unknownOutcomes > 0) {
            svg.append("<text x=\"").append(fmt(mid - 4)).append("\" y=\"").append(y + 5).append("\" class=\"mark-unknown\">?<title>")
                    .append(esc(tip)).append("</title></text>\n");
        } else if (reverts > 0) {
            svg.append("<text x=\"").append(fmt(mid - 5)).append("\" y=\"").append(y + 5).append("\" class=\"mark-revert\">↺<title>")
                    .append(esc(tip)).append("</title></text>\n");
        } else if (forks > 0) {
            svg.append("<circle cx=\"").append(fmt(mid)).append("\" cy=\"").append(y).append("\" r=\"4\" class=\"mark-fork\"><title>")
                    .append(esc(tip)).append("</title></circle>\n");
        } else if (checkpoints > 0) {
            svg.append("<g class=\"mark-checkpoint\"><line x1=\"").append(fmt(mid)).append("\" x2=\"").append(fmt(mid)).append("\" y1=\"")
                    .append(y + 6).append("\" y2=\"").append(y - 8).append("\"/><path d=\"M").append(fmt(mid)).append(' ').append(y - 8)
                    .append(" l7 3 l-7 3 z\"/><title>").append(esc(tip)).append("</title></g>\n");
        }
    }

    /** The colour of the most far-reaching effect among the slice's tool calls (as the legend's), else plain. */
    private String colour() {
        for (int effect = callsByEffect.length - 1; effect >= 0; effect--) {
            if (callsByEffect[effect] > 0) {
                return "effect-" + EffectClass.values()[effect].wireName();
            }
        }
        return toolCalls > 0 ? "effect-unknown" : "slice-plain";
    }

    /** Darker the more events the slice stands for: 1, 2–9, 10–99, 100 or more. */
    private String density() {
        return events == 1 ? "density-1" : events < 10 ? "density-2" : events < 100 ? "density-3" : "density-4";
    }

    private String tip(EventColumns columns) {
        List<String> parts = new ArrayList<>();
        List<String> effects = new ArrayList<>();
        for (int effect = callsByEffect.length - 1; effect >= 0; effect--) {
            count(effects, callsByEffect[effect], EffectClass.values()[effect].wireName(), EffectClass.values()[effect].wireName());
        }
        count(parts, toolCalls, "tool call", "tool calls");
        if (!effects.isEmpty()) {
            parts.set(parts.size() - 1, parts.getLast() + " (" + String.join(", ", effects) + ")");
        }
        count(parts, toolResults, "tool result", "tool results");
        count(parts, modelCalls, "model call", "model calls");
        count(parts, failures, "failure", "failures");
        count(parts, escapes, "escape attempt", "escape attempts");
        count(parts, requests, "approval request", "approval requests");
        count(parts, decisions, "decision", "decisions");
        count(parts, badDecisions, "not checking out", "not checking out");
        count(parts, unknownOutcomes, "outcome unknown", "outcomes unknown");
        count(parts, reverts, "revert", "reverts");
        count(parts, forks, "fork", "forks");
        count(parts, checkpoints, "checkpoint", "checkpoints");
        count(parts, ends, "session end", "session ends");
        String range = first == last ? columns.id(first) : columns.id(first) + " – " + columns.id(last);
        return range + " · " + Counts.of(events) + (events == 1 ? " event" : " events")
                + (parts.isEmpty() ? "" : ": " + String.join(", ", parts));
    }

    private static void count(List<String> parts, int count, String one, String many) {
        if (count > 0) {
            parts.add(Counts.of(count) + " " + (count == 1 ? one : many));
        }
    }
}
