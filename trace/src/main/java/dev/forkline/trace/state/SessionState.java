package dev.forkline.trace.state;

import dev.forkline.trace.Event;
import java.math.BigDecimal;
import java.util.List;

/**
 * What the agent session has said and spent so far.
 *
 * @param sessionStart    the lineage's session.start (environment and model identity), or null
 * @param modelCalls      model.call events so far, in order
 * @param messages        agent.message events so far, in order
 * @param inputTokens     sum of usage.inputTokens over {@code modelCalls}
 * @param outputTokens    sum of usage.outputTokens
 * @param cacheReadTokens sum of usage.cacheReadTokens
 * @param cacheWriteTokens sum of usage.cacheWriteTokens
 * @param costUsd         sum of costUsd (exact decimal)
 * @param outcome         data.outcome of a session.end so far, or null while the session runs
 */
public record SessionState(
        Event sessionStart,
        List<Event> modelCalls,
        List<Event> messages,
        long inputTokens,
        long outputTokens,
        long cacheReadTokens,
        long cacheWriteTokens,
        BigDecimal costUsd,
        String outcome) {
}
