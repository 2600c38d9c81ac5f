package dev.forkline.reliability;

import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.store.IntegrityReport;
import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TraceSummary;
import java.util.List;
import java.util.Optional;

/**
 * Imports what a case read into a store and says what is wrong with the store afterwards: an import that succeeded
 * must have stored every event; one that was refused must have changed nothing; the store must pass its integrity
 * check either way.
 */
final class StoreWitness {

    enum Outcome { STORED, REFUSED }

    private final TraceStore store;

    StoreWitness(TraceStore store) {
        this.store = store;
    }

    /** Imports and checks; returns the outcome or throws AssertionError describing a partial import. */
    Outcome importAndCheck(Bundle bundle, List<Finding> findings, String source, boolean checkIntegrity) throws StoreException {
        List<TraceSummary> before = store.list();
        Outcome outcome;
        try {
            store.importTrace(bundle, findings, source);
            outcome = Outcome.STORED;
            Optional<TraceSummary> stored = store.find(bundle.manifest().traceId());
            if (stored.isEmpty()) {
                throw new AssertionError("import of '" + bundle.manifest().traceId() + "' reported success but the trace is not stored");
            }
            if (stored.get().eventCount() != bundle.events().size()) {
                throw new AssertionError("partial import: the bundle has " + bundle.events().size() + " events, the store holds "
                        + stored.get().eventCount());
            }
        } catch (StoreException refused) {
            outcome = Outcome.REFUSED;
            List<TraceSummary> after = store.list();
            if (!after.equals(before)) {
                throw new AssertionError("a refused import (" + refused.getMessage() + ") changed the trace list", refused);
            }
        }
        if (checkIntegrity || outcome == Outcome.REFUSED) {
            assertIntact();
        }
        return outcome;
    }

    /** For a rejected read: nothing reached the store. */
    void assertUnchangedSince(List<TraceSummary> before) throws StoreException {
        List<TraceSummary> after = store.list();
        if (!after.equals(before)) {
            throw new AssertionError("the trace list changed although the trace was rejected");
        }
    }

    List<TraceSummary> list() throws StoreException {
        return store.list();
    }

    void assertIntact() throws StoreException {
        IntegrityReport report = store.integrityCheck();
        if (!report.ok()) {
            throw new AssertionError("store integrity check failed: " + report.problems());
        }
    }
}
