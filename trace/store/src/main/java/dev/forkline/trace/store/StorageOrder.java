package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.IdTable;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The order events are stored and loaded in: run by run, runs in the order they first appear, events by seq within
 * their run. Checks what that order relies on: one event per (run, seq) and one event per id.
 */
final class StorageOrder {

    /** One run's events (indexes into the columns), by seq. */
    record Run(String runId, int[] events) {
    }

    private StorageOrder() {
    }

    /**
     * @param selection indexes into {@code columns} of the events to store, in their bundle order
     * @throws StoreException when two of them share a run and seq
     */
    static List<Run> of(EventColumns columns, int[] selection, String traceId) throws StoreException {
        int runCount = columns.runs().size();
        int[] sizes = new int[runCount];
        int[] appearance = new int[runCount];
        Arrays.fill(appearance, -1);
        int distinct = 0;
        for (int i : selection) {
            int run = columns.runCode(i);
            if (sizes[run]++ == 0) {
                appearance[run] = distinct++;
            }
        }
        int[][] byRun = new int[runCount][];
        int[] filled = new int[runCount];
        for (int run = 0; run < runCount; run++) {
            byRun[run] = new int[sizes[run]];
        }
        for (int i : selection) {
            int run = columns.runCode(i);
            byRun[run][filled[run]++] = i;
        }
        Run[] ordered = new Run[distinct];
        for (int run = 0; run < runCount; run++) {
            if (sizes[run] > 0) {
                int[] events = bySeq(columns, byRun[run]);
                checkSeqsDiffer(columns, events, traceId);
                ordered[appearance[run]] = new Run(columns.runs().get(run), events);
            }
        }
        return List.of(ordered);
    }

    /** Every index of the columns, in order. */
    static int[] all(EventColumns columns) {
        int[] all = new int[columns.size()];
        Arrays.setAll(all, i -> i);
        return all;
    }

    /** @throws StoreException naming the first event whose id an earlier one already has */
    static void checkIdsDiffer(EventColumns columns, String traceId) throws StoreException {
        IdTable.Repeat repeat = columns.idTable().firstRepeat();
        if (repeat != null) {
            int first = repeat.first();
            int again = repeat.again();
            throw new StoreException("cannot store trace '" + traceId + "': two events have the id '" + columns.id(again)
                    + "' (run '" + columns.run(first) + "' seq " + columns.seq(first) + " and run '" + columns.run(again)
                    + "' seq " + columns.seq(again) + ")");
        }
    }

    /** The run's events sorted by seq; already sorted, as in a well-formed bundle, they are returned as they are. */
    private static int[] bySeq(EventColumns columns, int[] events) {
        for (int k = 1; k < events.length; k++) {
            if (columns.seq(events[k]) < columns.seq(events[k - 1])) {
                List<Integer> boxed = new ArrayList<>(events.length);
                for (int i : events) {
                    boxed.add(i);
                }
                boxed.sort((a, b) -> Long.compare(columns.seq(a), columns.seq(b)));
                return boxed.stream().mapToInt(Integer::intValue).toArray();
            }
        }
        return events;
    }

    private static void checkSeqsDiffer(EventColumns columns, int[] events, String traceId) throws StoreException {
        for (int k = 1; k < events.length; k++) {
            if (columns.seq(events[k]) == columns.seq(events[k - 1])) {
                throw new StoreException("cannot store trace '" + traceId + "': events '" + columns.id(events[k - 1]) + "' and '"
                        + columns.id(events[k]) + "' both have run '" + columns.run(events[k]) + "' seq " + columns.seq(events[k]));
            }
        }
    }
}
