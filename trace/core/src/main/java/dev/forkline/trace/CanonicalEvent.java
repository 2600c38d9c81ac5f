package dev.forkline.trace;

import java.nio.charset.StandardCharsets;

/**
 * An event's canonical JSON (RFC 8785, as {@link CanonicalJson} writes {@link EventCodec#toJson}) written straight from
 * the record, without building a JSON tree first. Its members in canonical order are {@code actor, causes, data, hash,
 * id, prev, run, seq, state, ts, type}: the hash sits between the members before it and those after it, so one write
 * gives both the form the hash covers (the event without {@code hash}) and the line that is stored, hash included.
 */
public final class CanonicalEvent {

    private CanonicalEvent() {
    }

    /**
     * An event with its hash set, and its line as it is stored (UTF-8, no line break). Only {@link #hashed} makes one,
     * so a {@code Hashed} is an event whose hash was computed in this process from the event itself.
     */
    public static final class Hashed {
        private final Event event;
        private final byte[] line;

        private Hashed(Event event, byte[] line) {
            this.event = event;
            this.line = line;
        }

        public Event event() {
            return event;
        }

        /** The line (the array itself: callers must not change it). */
        public byte[] line() {
            return line;
        }
    }

    /** The line of {@code event} as written to {@code trace.jsonl}: its canonical JSON, hash included when it has one. */
    public static String line(Event event) {
        Halves halves = Halves.of(event);
        if (event.hash() == null) {
            return halves.before + halves.after;
        }
        return halves.before + hashMember(event.hash()) + halves.after;
    }

    /** The hash of {@code event}'s content: SHA-256 of its canonical JSON without the {@code hash} member. */
    public static String hashOf(Event event) {
        Halves halves = Halves.of(event);
        return Hashes.sha256(halves.before.getBytes(StandardCharsets.UTF_8), halves.after.getBytes(StandardCharsets.UTF_8));
    }

    /** {@code unhashed} with its hash computed, and the line it is stored as, from one canonical write. */
    public static Hashed hashed(Event unhashed) {
        Halves halves = Halves.of(unhashed);
        byte[] before = halves.before.getBytes(StandardCharsets.UTF_8);
        byte[] after = halves.after.getBytes(StandardCharsets.UTF_8);
        String hash = Hashes.sha256(before, after);
        // the hash member is ASCII: one byte per character
        String member = hashMember(hash);
        byte[] line = new byte[before.length + after.length + member.length()];
        System.arraycopy(before, 0, line, 0, before.length);
        member.getBytes(0, member.length(), line, before.length);
        System.arraycopy(after, 0, line, before.length + member.length(), after.length);
        Event event = new Event(unhashed.id(), unhashed.run(), unhashed.seq(), unhashed.ts(), unhashed.actor(), unhashed.type(),
                unhashed.causes(), unhashed.state(), unhashed.data(), unhashed.prev(), hash);
        return new Hashed(event, line);
    }

    private static String hashMember(String hash) {
        StringBuilder out = new StringBuilder(80).append("\"hash\":");
        CanonicalJson.writeString(hash, out);
        return out.append(',').toString();
    }

    /** The canonical text before the {@code hash} member (ending with the comma after {@code data}) and after it. */
    private record Halves(String before, String after) {

        /** Room for most events' lines without growing (the generated and sample traces' lines average 0.8 kB). */
        private static final int TYPICAL_LINE = 2048;

        static Halves of(Event event) {
            StringBuilder out = new StringBuilder(TYPICAL_LINE);
            out.append("{\"actor\":");
            CanonicalJson.writeString(event.actor(), out);
            out.append(",\"causes\":[");
            for (int i = 0; i < event.causes().size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                CanonicalJson.writeString(event.causes().get(i), out);
            }
            out.append("],\"data\":");
            CanonicalJson.write(event.data(), out);
            out.append(',');
            String before = out.toString();
            out.setLength(0);
            out.append("\"id\":");
            CanonicalJson.writeString(event.id(), out);
            out.append(",\"prev\":");
            if (event.prev() == null) {
                out.append("null");
            } else {
                CanonicalJson.writeString(event.prev(), out);
            }
            out.append(",\"run\":");
            CanonicalJson.writeString(event.run(), out);
            out.append(",\"seq\":");
            CanonicalJson.writeLong(event.seq(), out);
            out.append(",\"state\":[");
            for (int i = 0; i < event.state().size(); i++) {
                if (i > 0) {
                    out.append(',');
                }
                CanonicalJson.writeString(event.state().get(i).wireName(), out);
            }
            out.append("],\"ts\":");
            CanonicalJson.writeString(EventCodec.formatTs(event.ts()), out);
            out.append(",\"type\":");
            CanonicalJson.writeString(event.type(), out);
            out.append('}');
            return new Halves(before, out.toString());
        }
    }
}
