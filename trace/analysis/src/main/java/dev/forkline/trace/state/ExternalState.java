package dev.forkline.trace.state;

import java.util.List;

/** Effects on the world outside the sandbox: every external tool call so far, in order, with its status. */
public record ExternalState(List<ExternalEffect> effects) {

    public ExternalState {
        effects = List.copyOf(effects);
    }

    public List<ExternalEffect> with(ExternalEffect.Status status) {
        return effects.stream().filter(effect -> effect.status() == status).toList();
    }
}
