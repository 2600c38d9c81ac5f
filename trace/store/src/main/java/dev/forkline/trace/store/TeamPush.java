package dev.forkline.trace.store;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Copies every trace of one store (a person's H2 file) into another (the team store), with its decisions, findings and
 * source path ({@code forkline team push}). Idempotent: a trace the target holds already is {@code UNCHANGED} and
 * nothing is written; a trace the target holds a prefix of gets the rest (decisions taken locally since) appended. Each
 * trace that arrived is verified there: the target's content digest must equal the source's, and the stored trace is
 * verified again from the target (hash chains, decision signatures against the trusted keys given) and that verdict
 * stored. A trace whose events differ from the target's ({@link TraceConflictException}) is reported and skipped.
 */
public final class TeamPush {

    /** What became of one trace. */
    public record Pushed(String traceId, StoreResult.Status status, IntegrityVerdict verdict, String conflict) {

        public boolean conflicted() {
            return conflict != null;
        }
    }

    private TeamPush() {
    }

    /**
     * @param trusted the keys decisions are verified against on arrival (the target's own trusted keys are added)
     * @param progress told about each trace once it is done
     * @throws StoreException when a trace arrived different from what was sent, or either store fails
     */
    public static List<Pushed> push(TraceStore from, TraceStore to, TrustedKeys trusted, java.util.function.Consumer<Pushed> progress)
            throws StoreException {
        TrustedKeys verifyWith = trusted.and(to.trustedKeys());
        List<Pushed> pushed = new ArrayList<>();
        for (TraceSummary trace : from.list()) {
            Pushed one = pushOne(from, to, trace, verifyWith);
            pushed.add(one);
            progress.accept(one);
        }
        return pushed;
    }

    private static Pushed pushOne(TraceStore from, TraceStore to, TraceSummary trace, TrustedKeys trusted) throws StoreException {
        String id = trace.traceId();
        StoreResult result;
        try (Bundle bundle = from.load(id)) {
            TraceIntegrity integrity = from.integrity(id).orElse(TraceIntegrity.unverified());
            result = to.importTrace(bundle, from.findings(id), trace.sourcePath(), integrity);
        } catch (TraceConflictException e) {
            return new Pushed(id, null, null, e.getMessage());
        } catch (IOException e) {
            throw new StoreException("cannot read trace '" + id + "' from " + from.address() + ": " + e.getMessage(), e);
        }
        Optional<String> sent = from.contentDigest(id);
        Optional<String> arrived = to.contentDigest(id);
        if (!sent.equals(arrived)) {
            throw new StoreException("trace '" + id + "' arrived in " + to.address() + " with content digest " + arrived.orElse("(none)")
                    + ", not the " + sent.orElse("(none)") + " sent: push it again, and check the team store (forkline verify)");
        }
        IntegrityVerdict verdict = result.status() == StoreResult.Status.UNCHANGED
                ? to.integrity(id).map(TraceIntegrity::verdict).orElse(null)
                : to.reverify(id, trusted).verdict();
        return new Pushed(id, result.status(), verdict, null);
    }
}
