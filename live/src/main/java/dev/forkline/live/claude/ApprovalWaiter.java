package dev.forkline.live.claude;

import dev.forkline.live.LiveBundle;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.payload.ApprovalDecisionData;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Waits for the owner's signed decision about an approval request in a live bundle: an {@code approval.decision} whose
 * subject is the request or its tool call, that {@link DecisionVerifier} finds sound against the keys trusted now,
 * signed by the contract's owner (with the contract's key, when it pins one). Decisions that are not sound do not
 * release the call. The bundle is re-read only when its size changes; {@code forkline decide} and the window append
 * to the same file under its lock.
 */
public final class ApprovalWaiter {

    static final long POLL_MILLIS = 100;

    private final Supplier<TrustedKeys> trusted;
    private final Clock clock;

    public ApprovalWaiter(Supplier<TrustedKeys> trusted, Clock clock) {
        this.trusted = trusted;
        this.clock = clock;
    }

    /** The first sound decision, or empty when none came within {@code waitFor}. */
    public Optional<Decision> await(LiveBundle bundle, Event request, Event call, Contract.Owner owner, Duration waitFor)
            throws IOException, TraceFormatException, InterruptedException {
        Instant deadline = clock.instant().plus(waitFor);
        long seenSize = -1;
        while (true) {
            long size = bundle.size();
            if (size != seenSize) {
                seenSize = size;
                Optional<Decision> found = decided(bundle.events(), request, call, owner);
                if (found.isPresent()) {
                    return found;
                }
            }
            if (!clock.instant().isBefore(deadline)) {
                return Optional.empty();
            }
            Thread.sleep(Math.min(POLL_MILLIS, Math.max(1, Duration.between(clock.instant(), deadline).toMillis())));
        }
    }

    Optional<Decision> decided(List<Event> events, Event request, Event call, Contract.Owner owner) {
        Set<String> ids = new HashSet<>();
        events.forEach(event -> ids.add(event.id()));
        DecisionVerifier verifier = new DecisionVerifier(trusted.get());
        long line = 0;
        for (Event event : events) {
            line++;
            if (!event.is(EventType.APPROVAL_DECISION)) {
                continue;
            }
            String subject = event.text(ApprovalDecisionData.SUBJECT);
            boolean about = request.id().equals(subject) || call.id().equals(subject) || event.causes().contains(request.id());
            if (!about) {
                continue;
            }
            DecisionCheck check = verifier.check(event, ids::contains, line);
            if (!check.ok() || owner != null && !owner.name().equals(check.owner())
                    || owner != null && owner.keyFingerprint() != null && !owner.keyFingerprint().equals(check.fingerprint())) {
                continue;
            }
            return Optional.of(Decision.fromEvent(event));
        }
        return Optional.empty();
    }
}
