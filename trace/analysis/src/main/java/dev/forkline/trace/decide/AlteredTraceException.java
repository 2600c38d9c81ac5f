package dev.forkline.trace.decide;

import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.DecisionRefusedException;
import dev.forkline.trace.integrity.IntegrityVerdict;
import java.nio.file.Path;

/**
 * A decision refused because the trace it is about is altered and the owner did not say they decide knowing it
 * ({@link Decision#acknowledgingAltered}, or {@link DecisionRecorder.OnAlteredTrace#ACKNOWLEDGE}).
 */
public final class AlteredTraceException extends DecisionRefusedException {

    private static final long serialVersionUID = 1L;

    private final transient IntegrityVerdict verdict;

    public AlteredTraceException(Path bundleDirectory, IntegrityVerdict verdict) {
        super(bundleDirectory + " is " + verdict.headline() + " (" + verdict.detail() + "): a decision on an altered trace "
                + "needs the owner's explicit acknowledgement");
        this.verdict = verdict;
    }

    /** What the verification of the bundle found. */
    public IntegrityVerdict verdict() {
        return verdict;
    }
}
