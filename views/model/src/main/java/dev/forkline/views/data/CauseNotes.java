package dev.forkline.views.data;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.payload.NoteData;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A reviewer's "why" of a failure, pinned to one of its causes: a {@code note} event (docs/trace-format.md) in the
 * failure's run, by {@code human:<reviewer>}, whose {@code causes} are the cause and the failure and whose
 * {@code data.pin} names both. It is appended to the bundle's hash chain like any event, so it cannot be changed
 * unnoticed afterwards; a later pin of the same failure supersedes the earlier one, which stays in the trace.
 */
public final class CauseNotes {

    /** A pinned cause: the note that pinned it, the failure, the cause, who and why. */
    public record Pin(String noteId, String failure, String cause, String reviewer, String why) {
    }

    private CauseNotes() {
    }

    /**
     * Appends the pin to an unpacked bundle directory and returns the note.
     *
     * @throws IllegalArgumentException when the failure or the cause is no event of the trace
     */
    public static Event pin(Path bundleDirectory, String failureId, String causeId, String reviewer, String why, Clock clock)
            throws IOException, TraceFormatException {
        if (reviewer == null || reviewer.isBlank()) {
            throw new IllegalArgumentException("say who pins the cause (a reviewer name)");
        }
        List<Event> events;
        try (Bundle bundle = BundleReader.read(bundleDirectory)) {
            events = new ArrayList<>(bundle.events());
        }
        Event failure = find(events, failureId).orElseThrow(() -> new IllegalArgumentException("there is no event '" + failureId
                + "' in " + bundleDirectory));
        Event cause = find(events, causeId).orElseThrow(() -> new IllegalArgumentException("there is no event '" + causeId
                + "' in " + bundleDirectory));
        EventChain chain = new EventChain(clock);
        events.forEach(chain::accept);
        boolean hasWhy = why != null && !why.isBlank();
        String text = "Why " + failure.id() + " failed: " + cause.id() + (hasWhy ? ". " + why.strip() : "");
        ObjectNode data = new NoteData(text, new NoteData.CausePin(failure.id(), cause.id(), reviewer.strip(),
                hasWhy ? why.strip() : null)).toPayload();
        Event note = chain.append(NewEvent.of(failure.run(), "human:" + reviewer.strip(), EventType.NOTE)
                .causes(cause.id(), failure.id()).at(clock.instant()).data(data));
        try (BundleWriter writer = BundleWriter.appendTo(bundleDirectory)) {
            writer.write(note);
            writer.sync();
        }
        return note;
    }

    /** The pins of a failure in its run, oldest first (the last one is the one that stands). */
    public static List<Pin> pinsOf(String failureId, RunEvents run) {
        List<Pin> pins = new ArrayList<>();
        for (int position = 0; position < run.size(); position++) {
            if (run.kind(position) != EventType.NOTE) {
                continue;
            }
            Event note = run.event(position);
            NoteData.CausePin pin = NoteData.from(note.data()).pin();
            if (pin != null && failureId.equals(pin.failure())) {
                pins.add(new Pin(note.id(), failureId, pin.cause(), pin.reviewer() == null ? "" : pin.reviewer(),
                        pin.why() == null ? "" : pin.why()));
            }
        }
        return pins;
    }

    private static Optional<Event> find(List<Event> events, String id) {
        return events.stream().filter(e -> e.id().equals(id)).findFirst();
    }
}
