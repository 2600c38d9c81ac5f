package dev.forkline.trace.gate;

import dev.forkline.trace.Event;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionLedger;
import dev.forkline.trace.decision.Verdict;
import java.util.Optional;

/** The decisions that count for the gate: signed by a key trusted for the contract's owner (and the pinned key, if any). */
final class OwnerDecisions {

    final DecisionLedger counted;
    final DecisionLedger all;
    private final TraceEvidence trace;
    private final Contract.Owner owner;

    OwnerDecisions(TraceEvidence trace, Contract.Owner owner) {
        this.trace = trace;
        this.owner = owner;
        this.all = DecisionLedger.of(trace.bundle.events());
        this.counted = DecisionLedger.of(trace.bundle.events(), decision -> why(decision).isEmpty());
    }

    /** Why a decision does not count, or empty when it does. */
    Optional<String> why(Event decision) {
        DecisionCheck check = trace.checksByEvent.get(decision.id());
        if (check == null) {
            return Optional.of("decision " + decision.id() + " was not verified");
        }
        if (!owner.name().equals(check.owner())) {
            return Optional.of("decided by '" + check.owner() + "', not by the owner '" + owner.name() + "'");
        }
        if (!check.ok()) {
            return Optional.of("decision " + decision.id() + " does not hold: " + check.problems().getFirst().message());
        }
        if (owner.keyFingerprint() != null && !owner.keyFingerprint().equals(check.fingerprint())) {
            return Optional.of("decision " + decision.id() + " is signed with key " + check.fingerprint()
                    + ", not the contract's key " + owner.keyFingerprint());
        }
        return Optional.empty();
    }

    /** A counted, non-escalating decision is in force about {@code subject}. */
    boolean settles(String subject) {
        return counted.verdict(subject).filter(verdict -> verdict != Verdict.ESCALATE).isPresent();
    }

    /** Why nothing settles {@code subject}: the latest recorded decision and what is wrong with it, or "undecided". */
    String unsettledReason(String subject) {
        Optional<Event> latest = all.latest(subject);
        if (latest.isEmpty()) {
            return "undecided";
        }
        Optional<String> why = why(latest.get());
        if (why.isPresent()) {
            return why.get();
        }
        return "escalated by " + owner.name() + " (" + latest.get().id() + "), still open";
    }
}
