package dev.forkline.trace;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * Places new events into their runs' hash chains: assigns seq, prev and hash, and default ids
 * ({@code <run>.<seq>}). Seed it with existing events (via {@link #accept}) to append to a stored trace.
 */
public final class EventChain {

    private record Tip(long seq, String hash) {
    }

    private final Map<String, Tip> tips = new HashMap<>();
    private final Set<String> ids = new HashSet<>();
    private final Clock clock;

    public EventChain() {
        this(Clock.systemUTC());
    }

    public EventChain(Clock clock) {
        this.clock = clock;
    }

    /** Registers an event that is already part of the trace so that later appends chain onto it. */
    public void accept(Event existing) {
        tips.put(existing.run(), new Tip(existing.seq(), existing.hash()));
        ids.add(existing.id());
    }

    /** Starts a run forked from a checkpoint (or any event) of a parent run: its first event chains to that event's hash. */
    public void startFork(String newRun, Event forkPoint) {
        if (tips.containsKey(newRun)) {
            throw new IllegalStateException("run '" + newRun + "' already exists");
        }
        tips.put(newRun, new Tip(0, forkPoint.hash()));
    }

    public boolean hasRun(String run) {
        return tips.containsKey(run);
    }

    public boolean hasId(String id) {
        return ids.contains(id);
    }

    /** The seq the next event appended to {@code run} will get. */
    public long nextSeq(String run) {
        return tips.getOrDefault(run, new Tip(0, null)).seq() + 1;
    }

    /** The {@code prev} the next event appended to {@code run} will get (null for the first event of a new root run). */
    public String nextPrev(String run) {
        return tips.getOrDefault(run, new Tip(0, null)).hash();
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
        tips.put(event.run(), new Tip(event.seq(), event.hash()));
        return event;
    }

    public Event append(NewEvent draft) {
        return appendHashed(draft).event();
    }

    /** As {@link #append}, also giving the line the event is stored as (written once with its hash). */
    public CanonicalEvent.Hashed appendHashed(NewEvent draft) {
        Tip tip = tips.getOrDefault(draft.run, new Tip(0, null));
        long seq = tip.seq() + 1;
        String id = draft.id != null ? draft.id : draft.run + "." + seq;
        if (!ids.add(id)) {
            throw new IllegalArgumentException("duplicate event id '" + id + "'");
        }
        Instant ts = draft.ts != null ? draft.ts : clock.instant();
        Event unhashed = new Event(id, draft.run, seq, ts, draft.actor, draft.type, draft.causes, draft.state, draft.data, tip.hash(), null);
        CanonicalEvent.Hashed hashed = CanonicalEvent.hashed(unhashed);
        tips.put(draft.run, new Tip(seq, hashed.event().hash()));
        return hashed;
    }

    public static Event withHash(Event unhashed) {
        return new Event(unhashed.id(), unhashed.run(), unhashed.seq(), unhashed.ts(), unhashed.actor(), unhashed.type(),
                unhashed.causes(), unhashed.state(), unhashed.data(), unhashed.prev(), CanonicalEvent.hashOf(unhashed));
    }
}
