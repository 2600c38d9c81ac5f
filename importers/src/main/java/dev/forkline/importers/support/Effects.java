package dev.forkline.importers.support;

import dev.forkline.importers.EffectRules;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.StateKind;
import java.util.Locale;

/** How an effect class shows in a tool.call: its wire name and the kinds of state the call may touch. */
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
}
