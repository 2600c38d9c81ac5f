package dev.forkline.importers.aider;

import dev.forkline.importers.ImportSession;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.aider.AiderHistory.Launch;
import dev.forkline.importers.support.FileHead;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.importers.support.SingleFileImporter;
import dev.forkline.importers.support.StartCheckpoint;
import dev.forkline.importers.support.WorkspaceRoot;
import dev.forkline.trace.Finding;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.nio.charset.CharacterCodingException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;

/**
 * Aider's chat history ({@code .aider.chat.history.md}, Markdown): one root run per launch ({@code r1} when the file
 * holds one), read by {@link AiderHistory} and written by {@link AiderLaunchWriter}. Detected by a launch header
 * ({@code # aider chat started at}) or aider's own output lines ({@code > Aider v}, {@code > Tokens:}) beside user lines.
 */
public final class AiderImporter extends SingleFileImporter {

    public static final String FORMAT = "aider";

    private static final DateTimeFormatter HEADER_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");

    public AiderImporter() {
        super(FORMAT);
    }

    @Override
    protected boolean acceptsHead(FileHead head) {
        if (head.opensWith('{') || head.opensWith('[')) {
            return false;
        }
        String text = head.text();
        return text.startsWith("# aider chat started at ") || text.contains("\n# aider chat started at ")
                || text.contains("\n#### ") && (text.contains("\n> Aider v") || text.contains("\n> Tokens: "));
    }

    @Override
    public ImportedTrace read(Path path) throws IOException, TraceFormatException {
        List<Launch> launches;
        try {
            launches = AiderHistory.read(path);
        } catch (CharacterCodingException e) {
            throw new TraceFormatException(path.toString(), 0, "not UTF-8 text: an aider chat history is Markdown written as UTF-8");
        }
        if (launches.isEmpty()) {
            throw new TraceFormatException(path.toString(), 1, "not an aider chat history: no launch header and no chat lines");
        }
        ImportSession session = newSession(path);
        StartCheckpoint checkpoint = new StartCheckpoint(session);
        WorkspaceRoot root = new WorkspaceRoot(StartCheckpoint.DEFAULT_ROOT);
        AiderLaunchWriter.Tally tally = new AiderLaunchWriter.Tally();
        Instant fallback = Files.getLastModifiedTime(path).toInstant();
        Instant firstKnown = launches.stream().map(launch -> time(launch.startedAt())).filter(java.util.Objects::nonNull).findFirst().orElse(null);
        Instant previousEnd = null;
        boolean headerless = false;
        for (int i = 0; i < launches.size(); i++) {
            Launch launch = launches.get(i);
            // launch-0 is the headerless start of the file, when there is one; the launches with a header count from 1
            int number = launches.getFirst().startedAt() == null ? i : i + 1;
            String run = launches.size() == 1 ? ImportSession.RUN : "launch-" + number;
            Instant start = time(launch.startedAt());
            if (start == null) {
                headerless = true;
                // before the first header: placed just before it, one millisecond per block
                start = (firstKnown != null ? firstKnown : fallback).minusMillis(4L * launch.blocks().size() + 10);
            }
            if (previousEnd != null && !start.isAfter(previousEnd)) {
                start = previousEnd;
            }
            new AiderLaunchWriter(session, checkpoint, root, tally, run, launch, start).write(path.toString());
            previousEnd = session.events().getLast().ts();
        }
        report(session, tally, launches.size(), headerless);
        checkpoint.report(Finding.info(ImportFindings.NO_CHECKPOINT, "no launch edits a file: there is no replayable checkpoint", null, 0));
        root.report(session);
        String name = path.getFileName().toString();
        return session.finish("aider:" + name, "aider chat history " + name + " (" + launches.size() + (launches.size() == 1 ? " launch)" : " launches)"));
    }

    private static Instant time(String local) {
        return local == null ? null : LocalDateTime.parse(local, HEADER_TIME).toInstant(ZoneOffset.UTC);
    }

    private static void report(ImportSession session, AiderLaunchWriter.Tally tally, int launches, boolean headerless) {
        session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, "aider records only when each launch started: the "
                + tally.events + " events are placed 1 ms apart from their launch's time" + (headerless
                ? "; the lines before the first launch header have no time at all and are placed just before it" : ""), null, 0));
        session.finding(Finding.info(ImportFindings.TIMESTAMPS_WITHOUT_ZONE, "launch times are local times without a zone: read as UTC", null, 0));
        session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "aider's history records neither the working directory, the"
                + " operating system, the repository nor its commit: the start checkpoint's root /workspace stands for the git root", null, 0));
        session.finding(Finding.info(ImportFindings.NO_OUTCOME, "aider does not record how a launch ended: each session.end says unknown", null, 0));
        session.finding(Finding.info(ImportFindings.CALL_IDS_SYNTHESISED, "edit blocks carry no call id: each edit call is named"
                + " <run>-edit-<n>", null, 0));
        if (!tally.modelNamed && tally.modelCalls > 0) {
            session.finding(Finding.warning(ImportFindings.MODEL_UNKNOWN, "no launch names its model (no 'Model:' line)", null, 0));
        }
        if (tally.callsWithoutUsage > 0) {
            session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, tally.callsWithoutUsage + " of " + tally.modelCalls
                    + " model responses have no 'Tokens:' line: their usage is unknown", null, 0));
        }
        if (tally.roundedReports > 0) {
            session.finding(Finding.info(ImportFindings.USAGE_ROUNDED, tally.roundedReports + " token report(s) abbreviate counts"
                    + " (e.g. 12k): those counts are approximate (usageRounded: true on the model.call)", null, 0));
        }
        if (tally.unanswered > 0) {
            session.finding(Finding.warning(ImportFindings.UNPAIRED_CALL, tally.unanswered + " edit block(s) have no 'Applied edit to'"
                    + " line nor a failure report: whether aider applied them is not recorded", tally.firstUnanswered, 0));
        }
    }
}
