package dev.forkline.importers;

import dev.forkline.importers.support.ImportFindings;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import java.util.List;
import java.util.Set;

/**
 * A trace read by an importer: a bundle (manifest, hash-chained events, blobs) plus what the importer found that the
 * source format could not tell (missing timestamps, no environment identity, unpaired calls, skipped malformed lines...).
 */
public record ImportedTrace(Bundle bundle, List<Finding> findings) {

    public ImportedTrace {
        findings = List.copyOf(findings);
    }

    /**
     * The findings that name a part of the source file the importer could not read, so is not in the trace (a damaged
     * line, JSON cut short, an unusable record): when there are any, the trace may be incomplete.
     */
    public List<Finding> unreadParts() {
        return unreadPartsAmong(findings);
    }

    /** The findings among {@code findings} (an import's, as stored with its trace) that name a part of the file not read. */
    public static List<Finding> unreadPartsAmong(List<Finding> findings) {
        return findings.stream().filter(finding -> ImportFindings.UNREAD_PARTS.contains(finding.code())).toList();
    }

    /** The codes of the findings that name a part of the file not read (to count them where they are stored). */
    public static Set<String> unreadPartCodes() {
        return ImportFindings.UNREAD_PARTS;
    }
}
