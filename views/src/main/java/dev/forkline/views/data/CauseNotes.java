package dev.forkline.views.data;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;

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
        ObjectNode data = Json.object();
        String text = "Why " + failure.id() + " failed: " + cause.id() + (why == null || why.isBlank() ? "" : ". " + why.strip());
        data.put("text", text);
        ObjectNode pin = data.putObject("pin");
        pin.put("failure", failure.id());
        pin.put("cause", cause.id());
        pin.put("reviewer", reviewer.strip());
        if (why != null && !why.isBlank()) {
            pin.put("why", why.strip());
        }
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
            var pin = note.data().path("pin");
            if (pin.isObject() && failureId.equals(pin.path("failure").asText(null))) {
                pins.add(new Pin(note.id(), failureId, pin.path("cause").asText(null), pin.path("reviewer").asText(""),
                        pin.path("why").asText("")));
            }
        }
        return pins;
    }

    private static Optional<Event> find(List<Event> events, String id) {
        return events.stream().filter(e -> e.id().equals(id)).findFirst();
    }
}
