package dev.forkline.trace.decision;

import dev.forkline.trace.payload.ApprovalDecisionData;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.CanonicalJson;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.StateKind;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.Signature;
import java.time.Clock;
import java.time.Instant;
import java.util.Base64;
import java.util.List;

/**
 * Turns a {@link Decision} into the signed approval.decision event at the tip of a run.
 *
 * <p>The signature covers the RFC 8785 canonical JSON of the whole event object without {@code hash} and without
 * {@code data.signature}: id, run, seq, ts, actor, type, causes, state, data and prev. Because {@code prev} is signed,
 * a decision cannot be moved to another place in the chain, and because the event hash covers {@code data.signature},
 * the chain binds the signature in turn.
 */
public final class DecisionSigner {

    public static final String SIGNATURE_FIELD = "signature";

    private final OwnerKey key;
    private final Clock clock;

    public DecisionSigner(OwnerKey key) {
        this(key, Clock.systemUTC());
    }

    public DecisionSigner(OwnerKey key, Clock clock) {
        this.key = key;
        this.clock = clock;
    }

    /**
     * Signs {@code decision} and appends it to {@code run} in {@code chain} (seeded with the trace's events), causes =
     * [subject]. The returned event is final: hashed, signed, registered as the run's new tip.
     *
     * @throws IllegalArgumentException when the decision's owner is not this signer's key owner
     */
    public Event append(EventChain chain, String run, Decision decision) {
        if (!decision.owner().equals(key.owner())) {
            throw new IllegalArgumentException("the decision is by '" + decision.owner() + "' but the key is " + key.owner() + "'s");
        }
        long seq = chain.nextSeq(run);
        Instant ts = clock.instant();
        ObjectNode data = Json.object();
        data.put(ApprovalDecisionData.SUBJECT, decision.subject());
        data.put(ApprovalDecisionData.VERDICT, decision.verdict().wireName());
        data.put(ApprovalDecisionData.OWNER, decision.owner());
        data.put(ApprovalDecisionData.RATIONALE, decision.rationale());
        if (decision.arguments() != null) {
            data.set(ApprovalDecisionData.ARGUMENTS, decision.arguments().deepCopy());
        }
        if (decision.treatAs() != null) {
            data.put(ApprovalDecisionData.TREAT_AS, decision.treatAs());
        }
        if (decision.acknowledgedAltered() != null) {
            data.set(Decision.INTEGRITY_FIELD, decision.acknowledgedAltered().toJson());
        }
        data.put(ApprovalDecisionData.DECIDED_AT, EventCodec.formatTs(ts));
        Event unsigned = new Event(freeId(chain, run, seq), run, seq, ts, Owners.actor(decision.owner()),
                EventType.APPROVAL_DECISION.wireName(), List.of(decision.subject()), List.of(StateKind.HARNESS), data,
                chain.nextPrev(run), null);
        ObjectNode signedData = data.deepCopy();
        signedData.set(SIGNATURE_FIELD, signatureOf(unsigned));
        return chain.appendBuilt(new Event(unsigned.id(), run, seq, ts, unsigned.actor(), unsigned.type(), unsigned.causes(),
                unsigned.state(), signedData, unsigned.prev(), null));
    }

    private ObjectNode signatureOf(Event unsigned) {
        byte[] value;
        try {
            Signature signer = Signature.getInstance(KeyCodec.ALGORITHM);
            signer.initSign(key.privateKey());
            signer.update(signedBytes(unsigned));
            value = signer.sign();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("Ed25519 signing failed", e);
        }
        ObjectNode signature = Json.object();
        signature.put("alg", KeyCodec.ALGORITHM);
        signature.put("keyFingerprint", key.fingerprint());
        signature.put("publicKey", KeyCodec.spkiBase64(key.publicKey()));
        signature.put("value", Base64.getEncoder().encodeToString(value));
        return signature;
    }

    /** The text a decision's signature covers: canonical JSON of the event without {@code hash} and {@code data.signature}. */
    public static String signedPayload(Event event) {
        ObjectNode json = EventCodec.toJson(event);
        ObjectNode data = event.data().deepCopy();
        data.remove(SIGNATURE_FIELD);
        json.set("data", data);
        return CanonicalJson.writeWithout(json, "hash");
    }

    static byte[] signedBytes(Event event) {
        return signedPayload(event).getBytes(StandardCharsets.UTF_8);
    }

    private static String freeId(EventChain chain, String run, long seq) {
        String id = run + "." + seq;
        for (int attempt = 2; chain.hasId(id); attempt++) {
            id = run + "." + seq + "-decision" + (attempt == 2 ? "" : "-" + attempt);
        }
        return id;
    }
}
