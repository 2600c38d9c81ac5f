package dev.forkline.trace.decision;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import java.util.List;

/**
 * The verification result of one approval.decision: who decided what, with which key, and what is wrong with it.
 *
 * @param eventId        the decision event
 * @param line           its line in trace.jsonl (0 when unknown)
 * @param owner          data.owner as written (may be null when malformed)
 * @param verdict        data.verdict as written
 * @param subject        data.subject as written
 * @param fingerprint    the fingerprint of the embedded public key (null when there is no readable key)
 * @param signatureValid the signature verifies over the canonical payload with the embedded key, whose fingerprint
 *                       matches {@code keyFingerprint}
 * @param trusted        the embedded key is trusted for {@code owner}
 * @param problems       empty when the decision holds; else findings with codes {@code decision-*}
 */
public record DecisionCheck(String eventId, long line, String owner, String verdict, String subject, String fingerprint,
                            boolean signatureValid, boolean trusted, List<Finding> problems) {

    public static final String UNSIGNED = "decision-unsigned";
    public static final String BAD_SIGNATURE = "decision-bad-signature";
    public static final String UNTRUSTED_KEY = "decision-untrusted-key";
    public static final String ACTOR_MISMATCH = "decision-actor-mismatch";
    public static final String MALFORMED = "decision-malformed";
    public static final String UNKNOWN_SUBJECT = "decision-unknown-subject";

    public DecisionCheck {
        problems = List.copyOf(problems);
    }

    /** Signed by a trusted key of its owner, well formed, about an event of the trace. */
    public boolean ok() {
        return problems.isEmpty();
    }

    /** One line for people: {@code alice: approve r1.4 (key sha256:ab12..., trusted)}. */
    public String describe() {
        String key = fingerprint == null ? "no key" : "key " + abbreviate(fingerprint);
        String status = !signatureValid ? "SIGNATURE INVALID" : trusted ? "trusted" : "UNTRUSTED";
        return owner + ": " + verdict + " " + subject + " (" + key + ", " + status + ")";
    }

    /** {@code {"eventId","line","owner","verdict","subject","fingerprint","signatureValid","trusted","ok","problems":[{"code","message"}]}} */
    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("eventId", eventId);
        json.put("line", line);
        json.put("owner", owner);
        json.put("verdict", verdict);
        json.put("subject", subject);
        json.put("fingerprint", fingerprint);
        json.put("signatureValid", signatureValid);
        json.put("trusted", trusted);
        json.put("ok", ok());
        ArrayNode list = json.putArray("problems");
        for (Finding problem : problems) {
            list.addObject().put("code", problem.code()).put("message", problem.message());
        }
        return json;
    }

    private static String abbreviate(String fingerprint) {
        return fingerprint.length() > 19 ? fingerprint.substring(0, 19) + "..." : fingerprint;
    }
}
