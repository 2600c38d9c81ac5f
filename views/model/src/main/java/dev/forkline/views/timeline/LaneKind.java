package dev.forkline.views.timeline;

import java.util.Locale;

/** The kind of actor a lane belongs to; lanes are ordered agents, harness, sandbox, humans, then anything else. */
public enum LaneKind {
    AGENT, HARNESS, SANDBOX, HUMAN, OTHER;

    public static LaneKind ofActor(String actor) {
        String lower = actor.toLowerCase(Locale.ROOT);
        if (lower.startsWith("agent:") || lower.equals("agent")) {
            return AGENT;
        }
        if (lower.equals("harness") || lower.startsWith("harness:")) {
            return HARNESS;
        }
        if (lower.equals("sandbox") || lower.startsWith("sandbox:")) {
            return SANDBOX;
        }
        if (lower.startsWith("human:") || lower.equals("human")) {
            return HUMAN;
        }
        return OTHER;
    }
}
