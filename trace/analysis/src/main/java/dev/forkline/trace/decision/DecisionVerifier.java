package dev.forkline.trace.decision;

import dev.forkline.trace.payload.ApprovalDecisionData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.IdTable;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import java.security.GeneralSecurityException;
import java.security.PublicKey;
import java.security.Signature;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Checks every approval.decision of a trace: signed, the signature valid over the {@link DecisionSigner#signedPayload
 * canonical payload} with the embedded key, that key's fingerprint as stated, the actor {@code human:<owner>}, and the
 * key trusted for the owner. Re-hashing a chain after editing a decision keeps the hashes consistent but cannot produce
 * the owner's signature; signing with a fresh key pair produces a valid signature by an untrusted key.
 */
public final class DecisionVerifier {

    private final TrustedKeys trusted;

    public DecisionVerifier(TrustedKeys trusted) {
        this.trusted = trusted;
    }

    public static List<DecisionCheck> verify(Bundle bundle, TrustedKeys trusted) {
        return new DecisionVerifier(trusted).verify(bundle);
    }

    /** One check per approval.decision, in file order. */
    public List<DecisionCheck> verify(Bundle bundle) {
        return verify(bundle.events(), bundle.lines());
    }

    /** @param lines {@code lines[i]} is the line of {@code events.get(i)}, or null when unknown */
    public List<DecisionCheck> verify(List<Event> events, int[] lines) {
        EventColumns columns = EventColumns.of(events);
        IdTable ids = columns.idTable();
        List<DecisionCheck> checks = new ArrayList<>();
        for (int i = 0; i < columns.size(); i++) {
            if (columns.is(i, EventType.APPROVAL_DECISION)) {
                checks.add(check(events.get(i), id -> ids.indexOf(id) >= 0, lines == null || i >= lines.length ? 0 : lines[i]));
            }
        }
        return checks;
    }

    /** Checks one decision; {@code eventExists} tells whether an id names an event of the trace (its subject must). */
    public DecisionCheck check(Event decision, Predicate<String> eventExists, long line) {
        List<Finding> problems = new ArrayList<>();
        String id = decision.id();
        String owner = decision.text(ApprovalDecisionData.OWNER);
        String verdict = decision.text(ApprovalDecisionData.VERDICT);
        String subject = decision.text(ApprovalDecisionData.SUBJECT);
        try {
            Decision.fromEvent(decision);
        } catch (IllegalArgumentException e) {
            problems.add(Finding.error(DecisionCheck.MALFORMED, "decision " + id + " is malformed: " + e.getMessage(), id, line));
        }
        if (decision.text(ApprovalDecisionData.DECIDED_AT) == null) {
            problems.add(Finding.error(DecisionCheck.MALFORMED, "decision " + id + " has no decidedAt", id, line));
        }
        if (subject != null && !eventExists.test(subject)) {
            problems.add(Finding.error(DecisionCheck.UNKNOWN_SUBJECT, "decision " + id + " decides '" + subject
                    + "', which is not an event of this trace", id, line));
        }
        if (subject != null && !decision.causes().equals(List.of(subject))) {
            problems.add(Finding.error(DecisionCheck.MALFORMED, "decision " + id + " must have causes = [\"" + subject + "\"]", id, line));
        }
        if (owner == null || !decision.actor().equals(Owners.ACTOR_PREFIX + owner)) {
            problems.add(Finding.error(DecisionCheck.ACTOR_MISMATCH, "decision " + id + " is by actor '" + decision.actor()
                    + "' but names owner '" + owner + "' (expected actor 'human:" + owner + "')", id, line));
        }
        String fingerprint = null;
        boolean signatureValid = false;
        JsonNode signature = decision.data().get(DecisionSigner.SIGNATURE_FIELD);
        if (signature == null || !signature.isObject()) {
            problems.add(Finding.error(DecisionCheck.UNSIGNED, "decision " + id + " is not signed", id, line));
        } else {
            PublicKey key = null;
            try {
                key = KeyCodec.publicKeyFromBase64(text(signature, "publicKey"));
                fingerprint = KeyCodec.fingerprint(key);
            } catch (IllegalArgumentException e) {
                problems.add(bad(id, line, "its public key is unreadable: " + e.getMessage()));
            }
            if (!KeyCodec.ALGORITHM.equals(text(signature, "alg"))) {
                problems.add(bad(id, line, "its signature algorithm is '" + text(signature, "alg") + "', expected Ed25519"));
            } else if (key != null) {
                if (!fingerprint.equals(text(signature, "keyFingerprint"))) {
                    problems.add(bad(id, line, "keyFingerprint " + text(signature, "keyFingerprint")
                            + " is not the fingerprint of the embedded key (" + fingerprint + ")"));
                } else if (!verifies(key, decision, text(signature, "value"))) {
                    problems.add(bad(id, line, "the signature does not match the decision (it was altered, or moved in the chain)"));
                } else {
                    signatureValid = true;
                }
            }
        }
        boolean keyTrusted = fingerprint != null && owner != null && trusted.trusts(owner, fingerprint);
        if (fingerprint != null && !keyTrusted) {
            problems.add(Finding.error(DecisionCheck.UNTRUSTED_KEY, "decision " + id + " is signed with key " + fingerprint
                    + ", which is not trusted for owner '" + owner + "' (import the owner's public key to trust it)", id, line));
        }
        return new DecisionCheck(id, line, owner, verdict, subject, fingerprint, signatureValid, keyTrusted, problems);
    }

    private static boolean verifies(PublicKey key, Event decision, String value) {
        try {
            byte[] signature = KeyCodec.strictBase64(value, "signature value");
            Signature verifier = Signature.getInstance(KeyCodec.ALGORITHM);
            verifier.initVerify(key);
            verifier.update(DecisionSigner.signedBytes(decision));
            return verifier.verify(signature);
        } catch (IllegalArgumentException | GeneralSecurityException e) {
            return false;
        }
    }

    private static Finding bad(String id, long line, String why) {
        return Finding.error(DecisionCheck.BAD_SIGNATURE, "decision " + id + ": " + why, id, line);
    }

    private static String text(JsonNode object, String field) {
        JsonNode value = object.get(field);
        return value != null && value.isTextual() ? value.textValue() : null;
    }
}
