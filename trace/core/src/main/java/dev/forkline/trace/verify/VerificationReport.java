package dev.forkline.trace.verify;

import java.util.List;
import java.util.Optional;

/**
 * Everything {@link Verifier} found, in the order of the events it is about.
 *
 * @param eventsChecked how many events were checked
 * @param blobsChecked  how many distinct blobs were read and hashed
 */
public record VerificationReport(List<Problem> problems, int eventsChecked, int blobsChecked) {

    public VerificationReport {
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return problems.isEmpty();
    }

    /** The first problem in file order, if any. */
    public Optional<Problem> first() {
        return problems.stream().findFirst();
    }
}
