package dev.forkline.views.state;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.views.inspector.ModelTurnText;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.WeakHashMap;

/**
 * The state panel's session-history rows, each made once per open trace: a step lists nearly the same latest turns as
 * the step before, so only the turns it has not shown yet are read again (a model turn's text walks its output and
 * tool calls). Rows are kept per trace (weakly: a closed trace's rows go with it) and for the latest few hundred turns.
 * Safe to use from several background threads.
 */
final class HistoryRows {

    /** How many rows are remembered per trace: enough for the turns a step shows and the steps back and forth around it. */
    private static final int REMEMBERED = 4 * ReconstructorStateProvider.HISTORY_SHOWN;

    private final Map<Object, Map<String, StateSnapshot.HistoryEntry>> byTrace = new WeakHashMap<>();

    /** The row for a session turn (a model call or an agent message) of the trace {@code trace} stands for. */
    synchronized StateSnapshot.HistoryEntry row(Object trace, Event turn) {
        Map<String, StateSnapshot.HistoryEntry> rows = byTrace.computeIfAbsent(trace, key -> new LinkedHashMap<>(64, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, StateSnapshot.HistoryEntry> eldest) {
                return size() > REMEMBERED;
            }
        });
        StateSnapshot.HistoryEntry row = rows.get(turn.id());
        if (row == null) {
            row = of(turn);
            rows.put(turn.id(), row);
        }
        return row;
    }

    private static StateSnapshot.HistoryEntry of(Event turn) {
        if (turn.is(EventType.MODEL_CALL)) {
            return new StateSnapshot.HistoryEntry(turn.id(), turn.actor(), "model", ModelTurnText.of(turn));
        }
        return new StateSnapshot.HistoryEntry(turn.id(), turn.actor(), "message",
                turn.text(AgentMessageData.FROM) + " → " + turn.text(AgentMessageData.TO) + ": " + turn.text(AgentMessageData.TEXT));
    }
}
