package dev.forkline.trace.verify;

import dev.forkline.trace.Event;
import dev.forkline.trace.index.TraceIndex;
import java.util.List;

/**
 * An extra integrity check run by {@link Verifier} on every event, e.g. the signatures of approval decisions,
 * which live in another module.
 */
public interface EventCheck {

    /** The stable code of the problems this check reports. */
    String code();

    /** What is wrong with this event, one message per problem; empty when it passes. */
    List<String> check(Event event, TraceIndex index);
}
