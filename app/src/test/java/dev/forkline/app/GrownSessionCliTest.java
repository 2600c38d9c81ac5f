package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.testing.SharedSamples;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A real Claude Code session imported while it was still going on (its transcript cut after 120 of its 217 records, in
 * the middle of an assistant message written a content block per record), then imported again once the file has grown:
 * refused, saying where the two part ways and how to store the longer one; with {@code --replace}, stored in place.
 */
class GrownSessionCliTest {

    @TempDir
    Path temp;

    @Test
    void aSessionImportedWhileRunningIsStoredInPlaceOnceGrownWhenAskedAndOnlyThen() throws Exception {
        List<String> records = Files.readAllLines(SharedSamples.require(SharedSamples.CLAUDE_CODE_SPLIT_MESSAGES));
        Path session = temp.resolve("session.jsonl");
        Files.write(session, records.subList(0, 120));
        String db = temp.resolve("db/store").toString();
        CliTest.Outcome first = CliTest.run("import", session.toString(), "--db", db);
        assertThat(first.out()).contains("imported, 129 events");
        String traceId = first.out().split("\t")[0];

        Files.write(session, records);
        CliTest.Outcome again = CliTest.run("import", session.toString(), "--db", db);

        assertThat(again.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(again.err()).contains("is already stored with different contents")
                .contains("Of the 129 events stored in run 'r1', the new bundle holds the first 127 unchanged; its run has 231 events"
                        + " (a session stored while it was still going on, whose file has grown since?). The stored trace is kept as it"
                        + " was; 'forkline import --replace " + session + "' stores the file in its place");
        assertThat(CliTest.run("list", "--db", db).out()).contains("129");

        assertThat(CliTest.run("hold", traceId, "--reason", "incident 7", "--db", db).code()).isEqualTo(ExitCodes.OK);
        CliTest.Outcome held = CliTest.run("import", "--replace", session.toString(), "--db", db);
        assertThat(held.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(held.err()).contains("is on legal hold").contains("it is not replaced");
        assertThat(CliTest.run("hold", traceId, "--release", "--db", db).code()).isEqualTo(ExitCodes.OK);

        CliTest.Outcome replaced = CliTest.run("import", "--replace", session.toString(), "--db", db);

        assertThat(replaced.code()).as(replaced.err()).isEqualTo(ExitCodes.OK);
        assertThat(replaced.out()).contains("231 events\treplaced, 231 events written again");
        assertThat(CliTest.run("import", session.toString(), "--db", db).out()).contains("unchanged");
        assertThat(CliTest.run("verify", "--all", "--db", db).code()).isEqualTo(ExitCodes.OK);
    }

    /**
     * The same session's file copied into another folder (another reviewer's home, an incident folder) is the same
     * trace: unchanged, and once grown it parts from the stored one where the session went on, not at its first event.
     */
    @Test
    void theSameFileReadFromAnotherFolderIsTheSameTrace() throws Exception {
        List<String> records = Files.readAllLines(SharedSamples.require(SharedSamples.CLAUDE_CODE_SPLIT_MESSAGES));
        Path mine = Files.createDirectories(temp.resolve("alice")).resolve("session.jsonl");
        Path theirs = Files.createDirectories(temp.resolve("incident-7")).resolve("session.jsonl");
        Files.write(mine, records.subList(0, 120));
        Files.write(theirs, records.subList(0, 120));
        String db = temp.resolve("db/store").toString();
        assertThat(CliTest.run("import", mine.toString(), "--db", db).out()).contains("imported, 129 events");

        CliTest.Outcome copy = CliTest.run("import", theirs.toString(), "--db", db);

        assertThat(copy.code()).as(copy.err()).isEqualTo(ExitCodes.OK);
        assertThat(copy.out()).contains("unchanged");
        Files.write(theirs, records);
        CliTest.Outcome grown = CliTest.run("import", theirs.toString(), "--db", db);
        assertThat(grown.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(grown.err()).contains("the new bundle holds the first 127 unchanged; its run has 231 events");
    }
}
