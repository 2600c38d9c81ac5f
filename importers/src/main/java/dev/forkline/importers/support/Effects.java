package dev.forkline.importers.support;

import dev.forkline.importers.EffectRules;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.StateKind;
import java.util.Locale;

/**
 * How an effect class shows in a tool.call: its wire name and the kinds of state the call may touch.
 *
 * <p>Two mappings are in use. {@link #touched} (Claude Code, Codex, OpenTelemetry, OpenAI Agents) names only what the
 * effect reaches, a privileged call reaching processes and the outside world. {@link #touchedWithSession} (SWE-agent,
 * mini-swe-agent, OpenHands, Inspect, Langfuse) adds the session the call joins, a privileged call reaching the
 * workspace and processes. Both are kept as they were so imported traces keep their hashes.
 */
public final class Effects {

    private Effects() {
    }

    public static String wire(EffectRules.Classification classification) {
        return wire(classification.effect());
    }

    public static String wire(EffectClass effect) {
        return effect.name().toLowerCase(Locale.ROOT);
    }

    public static StateKind[] touched(EffectRules.Classification classification) {
        return switch (classification.effect()) {
            case READ -> new StateKind[] {StateKind.SESSION};
            case WORKSPACE -> new StateKind[] {StateKind.WORKSPACE};
            case PROCESS -> new StateKind[] {StateKind.PROCESS};
            case EXTERNAL -> new StateKind[] {StateKind.EXTERNAL};
            case PRIVILEGED -> new StateKind[] {StateKind.PROCESS, StateKind.EXTERNAL};
        };
    }

    public static StateKind[] touchedWithSession(EffectClass effect) {
        return switch (effect) {
            case READ -> new StateKind[] {StateKind.SESSION};
            case WORKSPACE -> new StateKind[] {StateKind.SESSION, StateKind.WORKSPACE};
            case PROCESS -> new StateKind[] {StateKind.SESSION, StateKind.PROCESS};
            case EXTERNAL -> new StateKind[] {StateKind.SESSION, StateKind.EXTERNAL};
            case PRIVILEGED -> new StateKind[] {StateKind.SESSION, StateKind.WORKSPACE, StateKind.PROCESS};
        };
    }
}
