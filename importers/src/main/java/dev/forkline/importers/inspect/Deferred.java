package dev.forkline.importers.inspect;

import java.time.Instant;
import java.util.PriorityQueue;

/**
 * Events that complete later than they start (a tool's result, a sandbox command's exit) are written when the log's
 * clock reaches their completion time, so that the imported timeline stays in time order while every result still
 * follows its call.
 */
final class Deferred {

    private record Pending(Instant at, long order, Runnable emit) {
    }

    private final PriorityQueue<Pending> queue = new PriorityQueue<>((a, b) -> {
        int byTime = a.at().compareTo(b.at());
        return byTime != 0 ? byTime : Long.compare(a.order(), b.order());
    });
    private long order;

    void at(Instant when, Runnable emit) {
        queue.add(new Pending(when, order++, emit));
    }

    /** Emits everything due at or before {@code now}. */
    void flushUntil(Instant now) {
        while (!queue.isEmpty() && !queue.peek().at().isAfter(now)) {
            queue.poll().emit().run();
        }
    }

    void flushAll() {
        while (!queue.isEmpty()) {
            queue.poll().emit().run();
        }
    }
}
