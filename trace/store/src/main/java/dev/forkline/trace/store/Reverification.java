package dev.forkline.trace.store;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.DecisionEventChecks;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.Verifier;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Verifies a stored trace again, as it is stored: hashes, chains, blobs and decision signatures against the keys
 * trusted now. Two things only the file showed are kept from the previous verdict:
 *
 * <ul>
 *   <li>lines: the store keeps events by run and seq, not the file's lines, so a problem found again carries the line
 *       recorded for its event at import when there is one, else 0 (unknown);</li>
 *   <li>the order of the lines: lines out of order in the file ({@code seq-order}) are stored in order, so such a
 *       problem found at import is kept even though the stored events no longer show it.</li>
 * </ul>
 */
final class Reverification {

    /** Problems about the file's order of lines, which the store does not keep. */
    static final Set<String> FILE_ORDER_CODES = Set.of("seq-order");

    private Reverification() {
    }

    static TraceIntegrity of(Bundle stored, TraceIntegrity previous, TrustedKeys trusted) {
        TraceIndex index = TraceIndex.of(stored.events());
        List<Problem> found = Verifier.verify(index, null, stored.blobs(), DecisionEventChecks.of(trusted)).problems();
        Map<String, Long> lineAtImport = new HashMap<>();
        for (Problem problem : previous.problems()) {
            if (problem.line() > 0) {
                lineAtImport.putIfAbsent(problem.eventId(), problem.line());
            }
        }
        List<Problem> merged = new ArrayList<>(found.size());
        Set<String> foundAgain = new HashSet<>();
        for (Problem problem : found) {
            merged.add(new Problem(problem.code(), problem.eventId(), lineAtImport.getOrDefault(problem.eventId(), 0L), problem.message()));
            foundAgain.add(problem.code() + '\n' + problem.eventId());
        }
        for (Problem problem : previous.problems()) {
            if (FILE_ORDER_CODES.contains(problem.code()) && !foundAgain.contains(problem.code() + '\n' + problem.eventId())) {
                merged.add(problem);
            }
        }
        merged.sort(Comparator.comparingLong(problem -> problem.line() > 0 ? problem.line() : Long.MAX_VALUE));
        return TraceIntegrity.of(merged, stored.manifest().sourceFormat());
    }
}
