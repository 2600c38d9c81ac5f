package dev.forkline.trace.integrity;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import java.util.Objects;
import java.util.Optional;

/**
 * A trace's integrity in one line: intact; altered at event E (line L) with N problems; decisions by untrusted keys;
 * not signed (a foreign format); or unverified. What is shown as a badge, stored with the trace, printed by the CLI and
 * recorded by a replay about the run it replayed. The full list of problems is {@link TraceIntegrity#problems()}.
 *
 * @param status   the verdict
 * @param eventId  the first bad event (for a failing verdict), else null
 * @param line     that event's line in trace.jsonl, or 0 when unknown (and for a verdict that does not fail)
 * @param problems how many problems were found (0 unless the verdict fails)
 * @param code     the first problem's code, e.g. {@code hash-mismatch}, {@code decision-untrusted-key}; null unless failing
 * @param detail   the first problem's message; null unless failing
 */
public record IntegrityVerdict(IntegrityStatus status, String eventId, long line, int problems, String code, String detail) {

    /**
     * The member of a replay run's {@code run.fork} data that records the verdict of the trace it replayed, as
     * {@link #toJson()} writes it.
     */
    public static final String REPLAYED_FIELD = "replayedIntegrity";

    private static final IntegrityVerdict INTACT = new IntegrityVerdict(IntegrityStatus.INTACT, null, 0, 0, null, null);
    private static final IntegrityVerdict NOT_SIGNED = new IntegrityVerdict(IntegrityStatus.NOT_SIGNED, null, 0, 0, null, null);
    private static final IntegrityVerdict UNVERIFIED = new IntegrityVerdict(IntegrityStatus.UNVERIFIED, null, 0, 0, null, null);

    public IntegrityVerdict {
        Objects.requireNonNull(status, "status");
        if (status.fails() && (eventId == null || problems < 1 || code == null || detail == null)) {
            throw new IllegalArgumentException("an " + status.wireName() + " verdict names its first bad event, problem and count");
        }
        if (!status.fails() && (eventId != null || problems != 0 || line != 0 || code != null || detail != null)) {
            throw new IllegalArgumentException("an " + status.wireName() + " verdict names no event or problem");
        }
        if (line < 0) {
            throw new IllegalArgumentException("line " + line + " < 0");
        }
    }

    public static IntegrityVerdict intact() {
        return INTACT;
    }

    public static IntegrityVerdict notSigned() {
        return NOT_SIGNED;
    }

    public static IntegrityVerdict unverified() {
        return UNVERIFIED;
    }

    /**
     * Verifies the bundle (hashes, chains, blobs, decision signatures against {@code trusted}) and says what that
     * means for a trace of its source format. Reads every event and blob once.
     */
    public static IntegrityVerdict of(Bundle bundle, TrustedKeys trusted) {
        return TraceIntegrity.check(bundle, trusted).verdict();
    }

    /** Whether this verdict is a problem: altered, or decisions by untrusted keys. */
    public boolean fails() {
        return status.fails();
    }

    public boolean altered() {
        return status == IntegrityStatus.ALTERED;
    }

    /**
     * For a badge's tooltip, a banner or a status line: {@code altered at event r1.4 (line 4): 2 problems},
     * {@code decisions by untrusted keys: decision r1.30 (line 30), 1 problem}, {@code intact}, {@code not signed: ...}.
     */
    public String headline() {
        return switch (status) {
            case INTACT -> "intact: every hash, chain link, blob and decision signature checks out";
            case ALTERED -> "altered at event " + eventId + where() + ": " + count();
            case UNTRUSTED_DECISIONS -> "decisions by untrusted keys: decision " + eventId + where() + ", " + count();
            case NOT_SIGNED -> "not signed: imported from an agent's own format, which has no hash chain or signatures to verify";
            case UNVERIFIED -> "unverified: stored before Forkline verified traces at import (forkline verify --db PATH TRACE-ID checks it)";
        };
    }

    /** {@link #headline()} followed, for a failing verdict, by what the first problem is. */
    public String describe() {
        return fails() ? headline() + " (first: " + detail + ")" : headline();
    }

    /**
     * What a replay of this trace says in its result and the window when the verdict fails: the replay starts from
     * events that are not what was recorded, so its result cannot vouch for the original run. Empty otherwise.
     */
    public Optional<String> replayWarning() {
        if (!fails()) {
            return Optional.empty();
        }
        return Optional.of("replaying a trace that is " + headline() + ": " + (altered()
                ? "the replay starts from events that are not what was recorded, so its result cannot vouch for the original run"
                : "its decisions may be forged, so what they allowed may not be what the owner decided"));
    }

    private String where() {
        return line > 0 ? " (line " + line + ")" : "";
    }

    private String count() {
        return problems + (problems == 1 ? " problem" : " problems");
    }

    /** {@code {"status","eventId","line","problems","code","detail","summary"}}; the event fields are null unless failing. */
    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("status", status.wireName());
        json.put("eventId", eventId);
        json.put("line", line);
        json.put("problems", problems);
        json.put("code", code);
        json.put("detail", detail);
        json.put("summary", headline());
        return json;
    }

    /** Reads {@link #toJson()}'s form back ({@code summary} is ignored). */
    public static IntegrityVerdict fromJson(JsonNode json) {
        if (json == null || !json.isObject()) {
            throw new IllegalArgumentException("an integrity verdict is a JSON object");
        }
        IntegrityStatus status = IntegrityStatus.fromWire(json.path("status").asText(null));
        return new IntegrityVerdict(status, text(json, "eventId"), json.path("line").asLong(0), json.path("problems").asInt(0),
                text(json, "code"), text(json, "detail"));
    }

    private static String text(JsonNode json, String field) {
        JsonNode value = json.get(field);
        return value == null || value.isNull() ? null : value.asText();
    }
}
