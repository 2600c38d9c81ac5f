package dev.forkline.views.data;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.TraceIndex;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The events of one run in seq order, as the timeline, the stepper, the filter and the inspector see them. An event is
 * read (for a lazily loaded trace: parsed from its line) only when {@link #event} asks for it; its id, type, actor,
 * time and flags come from the trace's {@link EventColumns} and cost nothing, so walking a million-event run by those
 * never touches a payload. Deliberately not a {@code List}: iterating it would parse every event. Immutable and
 * thread-safe.
 */
public final class RunEvents {

    private static final RunEvents EMPTY = new RunEvents(TraceIndex.of(List.of()), null);

    private final TraceIndex index;
    private final EventColumns columns;
    private final String run;
    private final int runCode;
    private final int[] fileIndexes;
    private volatile int[] resultOfCall;
    private volatile Map<String, List<Integer>> messagesByCause;

    private RunEvents(TraceIndex index, String run) {
        this.index = index;
        this.columns = index.columns();
        this.run = run;
        this.fileIndexes = run == null ? new int[0] : index.indexesOf(run);
        // from the run's own first event: looking the run up among the trace's runs costs a trace of many runs dearly
        this.runCode = fileIndexes.length == 0 ? -1 : columns.runCode(fileIndexes[0]);
    }

    /** A run's events (none for a run the index does not know). */
    public static RunEvents of(TraceIndex index, String run) {
        return new RunEvents(index, run);
    }

    public static RunEvents empty() {
        return EMPTY;
    }

    /** The event at a position of the run, read when asked for. */
    public Event event(int position) {
        return index.get(fileIndex(position));
    }

    public int size() {
        return fileIndexes.length;
    }

    public boolean isEmpty() {
        return fileIndexes.length == 0;
    }

    /** The events as a list that reads each one when it is asked for (iterating it reads them all). */
    public List<Event> asList() {
        return run == null ? List.of() : index.eventsOf(run);
    }

    /** The run, or null for {@link #empty()}. */
    public String run() {
        return run;
    }

    /** The whole trace's columns; index them with {@link #fileIndex}. */
    public EventColumns columns() {
        return columns;
    }

    /** The trace's file-order index of the event at a position of the run. */
    public int fileIndex(int position) {
        if (position < 0 || position >= fileIndexes.length) {
            throw new IndexOutOfBoundsException(position);
        }
        return fileIndexes[position];
    }

    public String id(int position) {
        return columns.id(fileIndex(position));
    }

    public String type(int position) {
        return columns.type(fileIndex(position));
    }

    public String actor(int position) {
        return columns.actor(fileIndex(position));
    }

    public EventType kind(int position) {
        return columns.kind(fileIndex(position));
    }

    /** Whether the event has one of the {@link dev.forkline.trace.columns.EventFacts} flags. */
    public boolean has(int position, int flag) {
        return columns.has(fileIndex(position), flag);
    }

    /** The position of the event with this id in this run, or -1 when it is not one of the run's events. */
    public int positionOf(String eventId) {
        int at = index.indexOf(eventId);
        return at < 0 || columns.runCode(at) != runCode ? -1 : index.positionInRun(at);
    }

    /** Whether some run of the trace has an event with this id. */
    public boolean traceHas(String eventId) {
        return index.indexOf(eventId) >= 0;
    }

    /**
     * The position of the tool.result that answers the tool.call at {@code call}, or -1 when none in the run does (or the
     * event is no tool call). The result is the first of the run that names the call among its causes; without one, the
     * first with the call's callId that is not earlier than the call. The timeline's spans and the inspector both use
     * this rule; the pairing of the whole run is worked out from the columns on the first question.
     */
    public int resultOf(int call) {
        int[] results = resultOfCall;
        if (results == null) {
            results = pairCallsWithResults();
        }
        return results[call];
    }

    private synchronized int[] pairCallsWithResults() {
        if (resultOfCall != null) {
            return resultOfCall;
        }
        int[] results = new int[size()];
        Arrays.fill(results, -1);
        for (int position = 0; position < results.length; position++) {
            int at = fileIndexes[position];
            if (!columns.is(at, EventType.TOOL_RESULT)) {
                continue;
            }
            for (int k = 0; k < columns.causeCount(at); k++) {
                int call = positionOf(columns.cause(at, k));
                if (call >= 0 && results[call] < 0 && columns.is(fileIndexes[call], EventType.TOOL_CALL)) {
                    results[call] = position;
                }
            }
        }
        pairByCallId(results);
        resultOfCall = results;
        return results;
    }

    /**
     * The positions of the run's agent messages and handoffs that name {@code eventId} among their causes, in run order
     * (from the columns: no event is read; the whole run is indexed on the first question).
     */
    public List<Integer> messagesNaming(String eventId) {
        Map<String, List<Integer>> byCause = messagesByCause;
        if (byCause == null) {
            byCause = indexMessagesByCause();
        }
        return java.util.Collections.unmodifiableList(byCause.getOrDefault(eventId, List.of()));
    }

    private synchronized Map<String, List<Integer>> indexMessagesByCause() {
        if (messagesByCause != null) {
            return messagesByCause;
        }
        Map<String, List<Integer>> byCause = new HashMap<>();
        for (int position = 0; position < fileIndexes.length; position++) {
            int at = fileIndexes[position];
            if (!columns.is(at, EventType.AGENT_MESSAGE) && !columns.is(at, EventType.AGENT_HANDOFF)) {
                continue;
            }
            for (int k = 0; k < columns.causeCount(at); k++) {
                List<Integer> naming = byCause.computeIfAbsent(columns.cause(at, k), key -> new ArrayList<>(1));
                if (naming.isEmpty() || naming.getLast() != position) {
                    naming.add(position);
                }
            }
        }
        messagesByCause = byCause;
        return byCause;
    }

    /** For calls no result names among its causes: the first result with their callId, not earlier than the call. */
    private void pairByCallId(int[] results) {
        Map<String, List<Integer>> waitingByCallId = new HashMap<>();
        for (int position = 0; position < results.length; position++) {
            int at = fileIndexes[position];
            if (results[position] < 0 && columns.is(at, EventType.TOOL_CALL) && columns.callId(at) != null) {
                waitingByCallId.computeIfAbsent(columns.callId(at), k -> new ArrayList<>()).add(position);
            }
        }
        if (waitingByCallId.isEmpty()) {
            return;
        }
        for (int position = 0; position < results.length; position++) {
            int at = fileIndexes[position];
            List<Integer> waiting = columns.is(at, EventType.TOOL_RESULT) && columns.callId(at) != null
                    ? waitingByCallId.get(columns.callId(at)) : null;
            if (waiting == null) {
                continue;
            }
            for (int call : waiting) {
                if (results[call] < 0 && !isEarlier(at, fileIndexes[call])) {
                    results[call] = position;
                }
            }
        }
    }

    private boolean isEarlier(int event, int than) {
        long seconds = columns.epochSecond(event) - columns.epochSecond(than);
        return seconds < 0 || (seconds == 0 && columns.nano(event) < columns.nano(than));
    }
}
