package dev.forkline.trace.state;

import dev.forkline.trace.Event;
import java.math.BigDecimal;
import java.util.ArrayList;
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
        PositionList modelCalls,
        PositionList messages,
        long inputTokens,
        long outputTokens,
        long cacheReadTokens,
        long cacheWriteTokens,
        BigDecimal costUsd,
        String outcome) {

    /** How many model calls and messages the session holds so far. */
    public int turnCount() {
        return modelCalls.size() + messages.size();
    }

    /**
     * The last {@code limit} model calls and messages together, in lineage order: the end of the history, which is what a
     * panel shows. Reads only those events, however long the session.
     */
    public List<Event> recentTurns(int limit) {
        int calls = modelCalls.size();
        int said = messages.size();
        int take = Math.min(Math.max(0, limit), calls + said);
        Event[] newestFirst = new Event[take];
        for (int n = 0; n < take; n++) {
            boolean call = said == 0 || (calls > 0 && modelCalls.position(calls - 1) > messages.position(said - 1));
            newestFirst[n] = call ? modelCalls.get(--calls) : messages.get(--said);
        }
        List<Event> turns = new ArrayList<>(take);
        for (int n = take - 1; n >= 0; n--) {
            turns.add(newestFirst[n]);
        }
        return turns;
    }
}
