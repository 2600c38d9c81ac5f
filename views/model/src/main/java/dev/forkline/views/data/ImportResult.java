package dev.forkline.views.data;

import dev.forkline.trace.Finding;

import java.util.List;

/** A trace just imported: its library row and what the importer noticed about the source. */
public record ImportResult(TraceSummary trace, List<Finding> findings) {

    public ImportResult {
        findings = List.copyOf(findings);
    }
}
