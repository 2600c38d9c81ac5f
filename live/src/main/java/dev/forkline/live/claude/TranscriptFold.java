package dev.forkline.live.claude;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.claudecode.ClaudeCodeImporter;
import dev.forkline.live.LiveBundle;
import dev.forkline.trace.Event;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.DirectoryBlobStore;
import dev.forkline.trace.verify.BlobReferences;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * Folds the session's transcript (Claude Code's {@code transcript_path}) into its live trace when the session ends: the
 * Claude Code importer reads it, and its run ({@code r1}: model calls, usage, cost, tool calls as the transcript has
 * them) is appended to the live bundle as it was imported, hashes and all, next to the live run. The views place both
 * runs' events by time, so the live approvals sit where they happened. A session folded once is not folded again.
 */
public final class TranscriptFold {

    private final ClaudeCodeImporter importer = new ClaudeCodeImporter();

    /** @return how many events were folded in (0 when the transcript is absent or already folded) */
    public int fold(LiveBundle bundle, Path transcript) throws IOException, TraceFormatException {
        if (transcript == null || !Files.isRegularFile(transcript)) {
            return 0;
        }
        ImportedTrace imported = importer.read(transcript);
        try (Bundle read = imported.bundle()) {
            List<Event> events = new ArrayList<>(read.events());
            Set<String> liveRuns = new HashSet<>();
            bundle.events().forEach(event -> liveRuns.add(event.run()));
            if (events.isEmpty() || liveRuns.contains(events.getFirst().run())) {
                return 0;
            }
            DirectoryBlobStore blobs = bundle.blobs();
            for (Event event : events) {
                for (BlobReferences.Reference reference : BlobReferences.of(event)) {
                    if (!blobs.contains(reference.hash())) {
                        var content = read.blobs().read(reference.hash());
                        if (content.isPresent()) {
                            blobs.write(content.get());
                        }
                    }
                }
            }
            return bundle.appendBuilt(events).size();
        }
    }
}
