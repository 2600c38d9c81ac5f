package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.testing.SharedSamples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file of an agent format with parts its importer cannot read is stored with the rest, as these formats are read
 * leniently, but `forkline import` says so: the parts on stderr with their lines, exit code 1; `--strict` refuses it.
 */
class DamagedImportCliTest {

    @TempDir
    Path temp;

    @Test
    void aTranscriptWhoseLastLineIsCutIsStoredAndSaidToBeIncomplete() throws Exception {
        List<String> lines = Files.readAllLines(SharedSamples.require(SharedSamples.CLAUDE_CODE), StandardCharsets.UTF_8);
        Path cut = temp.resolve("session.jsonl");
        String last = lines.getLast();
        List<String> written = new ArrayList<>(lines.subList(0, lines.size() - 1));
        written.add(last.substring(0, last.length() / 2)); // the agent stopped while writing it
        Files.write(cut, written, StandardCharsets.UTF_8);
        String db = temp.resolve("db/store").toString();

        CliTest.Outcome imported = CliTest.run("import", cut.toString(), "--db", db);

        assertThat(imported.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(imported.out()).contains("claude-code").contains("imported");
        assertThat(imported.err()).contains(cut + ": stored without a part it could not read: the trace may be incomplete")
                .contains(cut + ":" + lines.size() + ":").doesNotContain("Exception");
        assertThat(CliTest.run("list", "--db", db).out()).contains("claude-code").contains("(incomplete: 1 part not read) ");
        com.fasterxml.jackson.databind.JsonNode listed = dev.forkline.trace.Json.MAPPER.readTree(CliTest.run("list", "--db", db, "--json").out());
        assertThat(listed.get(0).get("unreadParts").asInt()).isEqualTo(1);
    }

    @Test
    void thePostmortemReportListsTheUnreadPartsFirstAmongItsFindings() throws Exception {
        Path cut = halfOf(SharedSamples.require(SharedSamples.CODEX_ROLLOUT), "rollout.jsonl");
        Path page = temp.resolve("report.html");

        CliTest.Outcome report = CliTest.run("report", cut.toString(), "--out", page.toString());

        assertThat(report.code()).as(report.err()).isZero();
        String html = Files.readString(page);
        String findings = html.substring(html.indexOf("<section id=\"findings\">"));
        String firstRow = findings.substring(findings.indexOf("<tbody>"), findings.indexOf("</tr>", findings.indexOf("<tbody>")));
        assertThat(firstRow).as("the unread line, first of the findings").contains("<code>malformed-line</code>").contains("rollout.jsonl:");
    }

    @Test
    void strictRefusesAFileItCannotReadWhole() throws Exception {
        Path cut = halfOf(SharedSamples.require(SharedSamples.CODEX_ROLLOUT), "rollout.jsonl");
        String db = temp.resolve("db/store").toString();

        CliTest.Outcome refused = CliTest.run("import", "--strict", cut.toString(), "--db", db);

        assertThat(refused.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(refused.err()).contains(cut + ":").contains("refused (--strict): nothing stored");
        assertThat(CliTest.run("list", "--db", db, "--json").out().trim()).isEqualTo("[ ]");
    }

    @Test
    void anOtelExportCutShortSaysTheRestIsMissing() throws Exception {
        Path cut = halfOf(SharedSamples.require("otel-genai/agentevals_tempo_export_with_batches.json"), "export.json");

        CliTest.Outcome imported = CliTest.run("import", cut.toString(), "--db", temp.resolve("db/store").toString());

        assertThat(imported.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(imported.err()).contains("the file ends inside its JSON: cut short?").contains("whatever followed is missing");
    }

    @Test
    void manyDamagedLinesAreNamedFiveAtMost() throws Exception {
        List<String> lines = new ArrayList<>(Files.readAllLines(SharedSamples.require(SharedSamples.CODEX_ROLLOUT), StandardCharsets.UTF_8));
        for (int k = 0; k < ImportCommand.UNREAD_PARTS_NAMED + 2; k++) {
            lines.add(3 + 2 * k, "{\"timestamp\": \"2026-02-23T12:40:2");
        }
        Path damaged = temp.resolve("damaged.jsonl");
        Files.write(damaged, lines, StandardCharsets.UTF_8);

        CliTest.Outcome imported = CliTest.run("import", damaged.toString(), "--db", temp.resolve("db/store").toString());

        assertThat(imported.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(imported.err()).contains("stored without 7 parts it could not read")
                .contains(damaged + ":4:").contains("and 2 more ('forkline inspect " + damaged + "' lists them all)");
        assertThat(imported.err().lines().filter(line -> line.startsWith("  " + damaged + ":"))).hasSize(ImportCommand.UNREAD_PARTS_NAMED);
    }

    @Test
    void anIntactFileSaysNothingOfUnreadParts() throws Exception {
        String db = temp.resolve("db/store").toString();
        CliTest.Outcome imported = CliTest.run("import", SharedSamples.require(SharedSamples.CODEX_ROLLOUT).toString(), "--db", db);

        assertThat(imported.code()).isZero();
        assertThat(imported.err()).doesNotContain("could not read");
        assertThat(CliTest.run("list", "--db", db).out()).doesNotContain("incomplete");
        assertThat(dev.forkline.trace.Json.MAPPER.readTree(CliTest.run("list", "--db", db, "--json").out()).get(0).get("unreadParts").asInt())
                .isZero();
    }

    private Path halfOf(Path file, String name) throws Exception {
        byte[] bytes = Files.readAllBytes(file);
        Path half = temp.resolve(name);
        Files.write(half, java.util.Arrays.copyOf(bytes, bytes.length / 2));
        return half;
    }
}
