package dev.forkline.importers.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.EffectClass;
import java.util.Optional;

/** Inspect's standard tools whose effect depends on an argument; the rest go to Forkline's general rule. */
final class InspectEffects {

    private InspectEffects() {
    }

    static Optional<EffectClass> of(String function, JsonNode arguments) {
        if ("text_editor".equals(function)) {
            return Optional.of("view".equals(JsonFields.scalar(arguments, "command")) ? EffectClass.READ : EffectClass.WORKSPACE);
        }
        return Optional.empty();
    }
}
