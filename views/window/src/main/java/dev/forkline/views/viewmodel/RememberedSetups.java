package dev.forkline.views.viewmodel;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.forkline.trace.Json;

import java.util.Optional;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The answers given for replaying each imported trace, kept with the window's other {@link Settings} (one JSON value
 * per trace id) so that the next replay of the same trace, and its state panel, start from them.
 */
public final class RememberedSetups {

    static final String PREFIX = "replay.setup.";
    private static final Logger LOG = LoggerFactory.getLogger(RememberedSetups.class);

    private final Settings settings;

    public RememberedSetups(Settings settings) {
        this.settings = settings;
    }

    public Optional<SessionSetupAnswers> recall(String traceId) {
        return settings.get(PREFIX + traceId).flatMap(text -> {
            try {
                return Optional.of(SessionSetupAnswers.fromJson(Json.MAPPER.readTree(text)));
            } catch (JsonProcessingException e) {
                LOG.warn("ignoring the unreadable replay set-up remembered for " + traceId + ": " + e.getOriginalMessage());
                return Optional.empty();
            }
        });
    }

    public void remember(String traceId, SessionSetupAnswers answers) {
        settings.put(PREFIX + traceId, answers.toJson().toString());
    }
}
