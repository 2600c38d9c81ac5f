package dev.forkline.trace.verify;

import dev.forkline.trace.Event;
import dev.forkline.trace.index.TraceIndex;
import java.util.List;

/**
 * An extra integrity check run by {@link Verifier} on every event, e.g. the signatures of approval decisions,
 * which live in another module. The verifier calls its checks for one event at a time, all of them for an event
 * before any for the next, but not necessarily in file order and not always on the same thread.
 */
public interface EventCheck {

    /** The stable code of the problems this check reports. */
    String code();

    /** What is wrong with this event, one message per problem; empty when it passes. */
    List<String> check(Event event, TraceIndex index);
}
