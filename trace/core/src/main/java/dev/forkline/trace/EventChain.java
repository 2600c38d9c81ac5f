package dev.forkline.trace;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * Places new events into their runs' hash chains: assigns seq, prev and hash, and default ids
 * ({@code <run>.<seq>}). Seed it with existing events (via {@link #accept}) to append to a stored trace.
 *
 * <p>Appending is two steps that may run on two threads: {@link #place} fixes an event's id, seq and time (and
 * refuses a duplicate id) on the thread that makes events, and {@link #chain} gives it its prev and hash, in the order
 * the events were placed, on a thread of its own (see the importers' background hashing). The two steps keep apart
 * what they change; every other method is for a chain used from one thread.
 */
public final class EventChain {

    private final Map<String, Long> seqTips = new HashMap<>();
    private final Map<String, String> hashTips = new HashMap<>();
    private final IdSet ids = new IdSet();
    private final Clock clock;

    public EventChain() {
        this(Clock.systemUTC());
    }

    public EventChain(Clock clock) {
        this.clock = clock;
    }

    /** Registers an event that is already part of the trace so that later appends chain onto it. */
    public void accept(Event existing) {
        seqTips.put(existing.run(), existing.seq());
        hashTips.put(existing.run(), existing.hash());
        ids.add(existing.id());
    }

    /** Starts a run forked from a checkpoint (or any event) of a parent run: its first event chains to that event's hash. */
    public void startFork(String newRun, Event forkPoint) {
        if (seqTips.containsKey(newRun)) {
            throw new IllegalStateException("run '" + newRun + "' already exists");
        }
        seqTips.put(newRun, 0L);
        hashTips.put(newRun, forkPoint.hash());
    }

    public boolean hasRun(String run) {
        return seqTips.containsKey(run);
    }

    public boolean hasId(String id) {
        return ids.contains(id);
    }

    /** The seq the next event appended to {@code run} will get. */
    public long nextSeq(String run) {
        return seqTips.getOrDefault(run, 0L) + 1;
    }

    /** The {@code prev} the next event appended to {@code run} will get (null for the first event of a new root run). */
    public String nextPrev(String run) {
        return hashTips.get(run);
    }

    /**
     * Appends an event whose id, seq and prev were fixed by the caller (for example a signed decision, whose
     * signature must cover its final place in the chain). It must fit the run's tip; its hash is (re)computed here.
     */
    public Event appendBuilt(Event unhashed) {
        if (unhashed.seq() != nextSeq(unhashed.run())) {
            throw new IllegalArgumentException("event " + unhashed.id() + " has seq " + unhashed.seq() + " but run '"
                    + unhashed.run() + "' is at seq " + (nextSeq(unhashed.run()) - 1));
        }
        if (!Objects.equals(unhashed.prev(), nextPrev(unhashed.run()))) {
            throw new IllegalArgumentException("event " + unhashed.id() + " does not chain onto the tip of run '" + unhashed.run() + "'");
        }
        if (!ids.add(unhashed.id())) {
            throw new IllegalArgumentException("duplicate event id '" + unhashed.id() + "'");
        }
        Event event = withHash(unhashed);
        seqTips.put(event.run(), event.seq());
        hashTips.put(event.run(), event.hash());
        return event;
    }

    public Event append(NewEvent draft) {
        return appendHashed(draft).event();
    }

    /** As {@link #append}, also giving the line the event is stored as (written once with its hash). */
    public CanonicalEvent.Hashed appendHashed(NewEvent draft) {
        return chain(place(draft));
    }

    /**
     * The first step of appending: the event with its id, seq and time, without prev and hash; {@link #chain} must
     * follow for it, and for every event placed before it, in the order they were placed.
     *
     * @throws IllegalArgumentException when the trace has an event of that id already
     */
    public Event place(NewEvent draft) {
        long seq = nextSeq(draft.run);
        String id = draft.id != null ? draft.id : draft.run + "." + seq;
        if (!ids.add(id)) {
            throw new IllegalArgumentException("duplicate event id '" + id + "'");
        }
        seqTips.put(draft.run, seq);
        Instant ts = draft.ts != null ? draft.ts : clock.instant();
        return new Event(id, draft.run, seq, ts, draft.actor, draft.type, draft.causes, draft.state, draft.data, null, null);
    }

    /** The second step: a {@link #place placed} event chained onto its run's tip, with the line it is stored as. */
    public CanonicalEvent.Hashed chain(Event placed) {
        Event unhashed = new Event(placed.id(), placed.run(), placed.seq(), placed.ts(), placed.actor(), placed.type(), placed.causes(),
                placed.state(), placed.data(), hashTips.get(placed.run()), null);
        CanonicalEvent.Hashed hashed = CanonicalEvent.hashed(unhashed);
        hashTips.put(placed.run(), hashed.event().hash());
        return hashed;
    }

    public static Event withHash(Event unhashed) {
        return new Event(unhashed.id(), unhashed.run(), unhashed.seq(), unhashed.ts(), unhashed.actor(), unhashed.type(),
                unhashed.causes(), unhashed.state(), unhashed.data(), unhashed.prev(), CanonicalEvent.hashOf(unhashed));
    }
}
