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
        CanonicalOutput out = CanonicalOutput.reused();
        int hashAt = write(event, out);
        if (event.hash() == null) {
            return out.toString();
        }
        return new String(withHash(out, hashAt, hashMember(event.hash())), StandardCharsets.UTF_8);
    }

    /** The hash of {@code event}'s content: SHA-256 of its canonical JSON without the {@code hash} member. */
    public static String hashOf(Event event) {
        CanonicalOutput out = CanonicalOutput.reused();
        write(event, out);
        return Hashes.sha256(out.array(), 0, out.length());
    }

    /** {@code unhashed} with its hash computed, and the line it is stored as, from one canonical write. */
    public static Hashed hashed(Event unhashed) {
        CanonicalOutput out = CanonicalOutput.reused();
        int hashAt = write(unhashed, out);
        String hash = Hashes.sha256(out.array(), 0, out.length());
        byte[] line = withHash(out, hashAt, hashMember(hash));
        Event event = new Event(unhashed.id(), unhashed.run(), unhashed.seq(), unhashed.ts(), unhashed.actor(), unhashed.type(),
                unhashed.causes(), unhashed.state(), unhashed.data(), unhashed.prev(), hash);
        return new Hashed(event, line);
    }

    /** The written event with {@code member} put in at {@code hashAt}. */
    private static byte[] withHash(CanonicalOutput out, int hashAt, byte[] member) {
        byte[] written = out.array();
        byte[] line = new byte[out.length() + member.length];
        System.arraycopy(written, 0, line, 0, hashAt);
        System.arraycopy(member, 0, line, hashAt, member.length);
        System.arraycopy(written, hashAt, line, hashAt + member.length, out.length() - hashAt);
        return line;
    }

    /** {@code "hash":"<hash>",} in UTF-8. */
    private static byte[] hashMember(String hash) {
        if (Hashes.isValid(hash)) {
            // sha256: and hex digits need no escaping
            return ("\"hash\":\"" + hash + "\",").getBytes(StandardCharsets.US_ASCII);
        }
        // not the reused output: the event's bytes are in that one
        CanonicalOutput member = new CanonicalOutput();
        return member.ascii("\"hash\":").string(hash).ascii(',').toByteArray();
    }

    /**
     * Writes the event's canonical JSON without {@code hash} and returns where that member goes: after the comma that
     * follows {@code data}, before {@code id}.
     */
    private static int write(Event event, CanonicalOutput out) {
        out.ascii("{\"actor\":").string(event.actor()).ascii(",\"causes\":[");
        for (int i = 0; i < event.causes().size(); i++) {
            if (i > 0) {
                out.ascii(',');
            }
            out.string(event.causes().get(i));
        }
        out.ascii("],\"data\":");
        CanonicalJson.write(event.data(), out);
        out.ascii(',');
        int hashAt = out.length();
        out.ascii("\"id\":").string(event.id()).ascii(",\"prev\":");
        if (event.prev() == null) {
            out.ascii("null");
        } else {
            out.string(event.prev());
        }
        out.ascii(",\"run\":").string(event.run()).ascii(",\"seq\":");
        CanonicalJson.writeLong(event.seq(), out);
        out.ascii(",\"state\":[");
        for (int i = 0; i < event.state().size(); i++) {
            if (i > 0) {
                out.ascii(',');
            }
            out.string(event.state().get(i).wireName());
        }
        out.ascii("],\"ts\":").string(EventCodec.formatTs(event.ts())).ascii(",\"type\":").string(event.type()).ascii('}');
        return hashAt;
    }
}
