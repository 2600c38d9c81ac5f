package dev.forkline.trace.store;

import java.util.List;

/** What {@link TraceStore#integrityCheck()} found; empty problems means the store is consistent. */
public record IntegrityReport(long traces, long events, long blobs, List<String> problems) {

    public IntegrityReport {
        problems = List.copyOf(problems);
    }

    public boolean ok() {
        return problems.isEmpty();
    }
}
