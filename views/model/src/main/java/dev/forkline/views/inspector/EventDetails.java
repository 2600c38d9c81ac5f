package dev.forkline.views.inspector;

import java.util.List;

/** What the inspector shows for one event: a headline and typed sections, decided without any UI code. */
public record EventDetails(String title, String subtitle, Tone tone, List<Section> sections) {

    public static final EventDetails NONE = new EventDetails("No event selected",
            "Click an event on the timeline or step with ← →", Tone.NORMAL, List.of());

    public EventDetails {
        sections = List.copyOf(sections);
    }

    public enum Tone { NORMAL, SUCCESS, WARNING, DANGER }

    public sealed interface Section permits Fields, Text, Diff, Messages, Json, Links {
        String title();
    }

    public record Field(String name, String value, Tone tone) {
        public Field(String name, String value) {
            this(name, value, Tone.NORMAL);
        }
    }

    public record Fields(String title, List<Field> fields) implements Section {
        public Fields {
            fields = List.copyOf(fields);
        }
    }

    /** A block of text; monospace for output and code. */
    public record Text(String title, String text, boolean monospace, Tone tone) implements Section {
    }

    public record DiffLine(char op, String text) {
    }

    public record Diff(String title, List<DiffLine> lines) implements Section {
        public Diff {
            lines = List.copyOf(lines);
        }
    }

    public record Message(String role, String content) {
    }

    public record Messages(String title, List<Message> messages) implements Section {
        public Messages {
            messages = List.copyOf(messages);
        }
    }

    public record Json(String title, String json) implements Section {
    }

    /**
     * A link to another event: what it is, and whether the reviewer may pin it as the "why" of the event shown (a
     * failure's cause).
     */
    public record Link(String eventId, String label, Tone tone, boolean pinnable) {
    }

    /** Events this one leads to or comes from, each opened by a click; {@code note} says what the list is. */
    public record Links(String title, String note, List<Link> links) implements Section {
        public Links {
            links = List.copyOf(links);
        }
    }
}
