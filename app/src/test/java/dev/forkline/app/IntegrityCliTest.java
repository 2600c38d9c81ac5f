package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.testing.AlteredSamples;
import dev.forkline.trace.testing.AlteredSamples.Alteration;
import dev.forkline.trace.testing.AlteredSamples.Altered;
import dev.forkline.trace.testing.SharedSamples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Integrity where reviewers look, from the command line: import names the first bad event and line and exits 1 (or,
 * with --strict, refuses), list shows and filters the verdict, verify --db re-verifies a stored trace, the report opens
 * with the verdict, the gate's integrity clause fails, and a decision on an altered trace needs --accept-altered.
 */
class IntegrityCliTest {

    static final Path CONTRACT = AlteredSamples.SAMPLES.resolve("recovery-contract.yaml");
    static final String TRACE_ID = "forkline-sample-wrong-tool-call";

    @TempDir
    Path temp;

    private OwnerKeys owner;
    private OwnerKeys forger;
    private String db;

    @BeforeEach
    void useTemporaryKeyRing() {
        System.setProperty("forkline.owners", temp.resolve("owners").toString());
        owner = new OwnerKeys(temp.resolve("owners"));
        forger = new OwnerKeys(temp.resolve("forger"));
        db = temp.resolve("db/store").toString();
    }

    @AfterEach
    void restoreKeyRing() {
        System.clearProperty("forkline.owners");
        System.clearProperty("forkline.owners.iterations");
    }

    private Altered alter(Alteration alteration) throws Exception {
        return AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("altered-" + alteration.name()), alteration, owner, forger);
    }

    private JsonNode listed() throws Exception {
        return Json.MAPPER.readTree(CliTest.run("list", "--db", db, "--json").out());
    }

    @ParameterizedTest
    @EnumSource(Alteration.class)
    void anAlteredTraceIsStoredNamedAndFailedEverywhere(Alteration alteration) throws Exception {
        Altered altered = alter(alteration);
        String status = alteration.expected().wireName();

        CliTest.Outcome imported = CliTest.run("import", altered.bundle().toString(), "--db", db);
        assertThat(imported.code()).as(imported.err()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(imported.err()).contains("trace.jsonl:" + altered.line() + ": event " + altered.eventId() + ": ")
                .contains("problem").contains("stored anyway");
        assertThat(imported.out()).contains(TRACE_ID).endsWith("\t" + status + "\n");

        JsonNode integrity = listed().get(0).get("integrity");
        assertThat(integrity.get("status").asText()).isEqualTo(status);
        assertThat(integrity.get("eventId").asText()).isEqualTo(altered.eventId());
        assertThat(integrity.get("line").asLong()).isEqualTo(altered.line());
        assertThat(integrity.get("problems").asInt()).isPositive();

        CliTest.Outcome verified = CliTest.run("verify", "--db", db, TRACE_ID);
        assertThat(verified.code()).as("verified again from the store").isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(verified.err()).contains(TRACE_ID + ":" + altered.line() + ": event " + altered.eventId());

        Path report = temp.resolve("report.html");
        assertThat(CliTest.run("report", altered.bundle().toString(), "--out", report.toString()).code()).isZero();
        String html = Files.readString(report, StandardCharsets.UTF_8);
        assertThat(html.substring(html.indexOf("<main>"))).startsWith("<main>\n<section id=\"integrity\">");
        assertThat(html).contains("<span class=\"badge verdict\">" + alteration.expected().label() + "</span>")
                .contains(altered.eventId() + " (line " + altered.line() + ")");

        CliTest.Outcome gate = CliTest.run("gate", altered.bundle().toString(), "--contract", CONTRACT.toString());
        assertThat(gate.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(gate.out()).contains("FAIL  " + TRACE_ID + "  integrity: ")
                .contains(TRACE_ID + " r1/" + altered.eventId() + " (line " + altered.line() + ")");
    }

    @Test
    void strictRefusesAnAlteredTraceAndLeavesTheStoreAsItWas() throws Exception {
        assertThat(CliTest.run("import", AlteredSamples.SAMPLES.resolve("poisoned-artifact").toString(), "--db", db).code()).isZero();
        JsonNode before = listed();
        Altered altered = alter(Alteration.DELETED_LINE);

        CliTest.Outcome refused = CliTest.run("import", altered.bundle().toString(), "--db", db, "--strict");
        assertThat(refused.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(refused.err()).contains("trace.jsonl:" + altered.line() + ": event " + altered.eventId()).contains("refused (--strict)");
        assertThat(refused.out()).isEmpty();
        assertThat(listed()).isEqualTo(before);
    }

    @Test
    void anIntactSampleIsIntactEverywhere() throws Exception {
        CliTest.Outcome imported = CliTest.run("import", AlteredSamples.WRONG_TOOL_CALL.toString(), "--db", db, "--strict");
        assertThat(imported.code()).as(imported.err()).isZero();
        assertThat(imported.err()).isEmpty();
        assertThat(imported.out()).endsWith("\tintact\n");
        assertThat(listed().get(0).at("/integrity/status").asText()).isEqualTo("intact");
        assertThat(CliTest.run("list", "--db", db).out()).contains(" intact ");
        CliTest.Outcome verified = CliTest.run("verify", "--db", db, "--all");
        assertThat(verified.code()).isZero();
        assertThat(verified.out()).isEqualTo(TRACE_ID + ": intact: every hash, chain link, blob and decision signature checks out\n");
        CliTest.Outcome gate = CliTest.run("gate", AlteredSamples.WRONG_TOOL_CALL.toString(), "--contract", CONTRACT.toString());
        assertThat(gate.out()).contains("PASS  " + TRACE_ID + "  integrity: intact");
    }

    @Test
    void aForeignTraceIsNotSigned() throws Exception {
        Path claudeCode = SharedSamples.require(SharedSamples.CLAUDE_CODE);
        CliTest.Outcome imported = CliTest.run("import", claudeCode.toString(), "--db", db);
        assertThat(imported.code()).as(imported.err()).isZero();
        assertThat(imported.out()).contains("claude-code").endsWith("\tnot-signed\n");
        JsonNode integrity = listed().get(0).get("integrity");
        assertThat(integrity.get("status").asText()).isEqualTo("not-signed");
        assertThat(integrity.get("summary").asText()).startsWith("not signed");
        CliTest.Outcome gate = CliTest.run("gate", claudeCode.toString(), "--contract", CONTRACT.toString());
        assertThat(gate.out()).contains("integrity: not signed (noted): imported from claude-code");
    }

    @Test
    void theListFiltersByVerdictAndVerifyingAgainWithTheKeyTrustedClearsAnUntrustedVerdict() throws Exception {
        CliTest.run("import", AlteredSamples.SAMPLES.resolve("poisoned-artifact").toString(), "--db", db);
        Altered untrusted = alter(Alteration.UNTRUSTED_DECISION);
        CliTest.run("import", untrusted.bundle().toString(), "--db", db);

        JsonNode onlyUntrusted = Json.MAPPER.readTree(CliTest.run("list", "--db", db, "--json", "--integrity", "untrusted-decisions").out());
        assertThat(onlyUntrusted).hasSize(1);
        assertThat(onlyUntrusted.get(0).get("traceId").asText()).isEqualTo(TRACE_ID);
        assertThat(CliTest.run("list", "--db", db, "--integrity", "fine").code()).isEqualTo(ExitCodes.BAD_INPUT);

        Path forgerKey = temp.resolve("forger.pub");
        forger.exportPublicKey(AlteredSamples.OWNER, forgerKey);
        CliTest.Outcome verified = CliTest.run("verify", "--db", db, TRACE_ID, "--trust", forgerKey.toString());
        assertThat(verified.code()).as(verified.err()).isZero();
        assertThat(listed()).allSatisfy(trace -> assertThat(trace.at("/integrity/status").asText()).isEqualTo("intact"));
        assertThat(CliTest.run("verify", "--db", db, "no-such-trace").code()).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void aDecisionOnAnAlteredTraceNeedsAcceptAlteredAndRecordsIt() throws Exception {
        Altered altered = alter(Alteration.CHANGED_BYTE);
        Path events = altered.bundle().resolve("trace.jsonl");
        List<String> before = Files.readAllLines(events);
        String passphrase = OwnerKeySetup.ready(AlteredSamples.OWNER, temp).toString();

        CliTest.Outcome refused = CliTest.run("decide", altered.bundle().toString(), "--event", "r1.9", "--deny", "--reason", "no",
                "--owner", AlteredSamples.OWNER, "--passphrase-file", passphrase);
        assertThat(refused.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(refused.err()).contains("trace.jsonl:" + altered.line() + ": event " + altered.eventId()).contains("--accept-altered");
        assertThat(Files.readAllLines(events)).isEqualTo(before);

        CliTest.Outcome accepted = CliTest.run("decide", altered.bundle().toString(), "--event", "r1.9", "--deny", "--reason", "no",
                "--owner", AlteredSamples.OWNER, "--passphrase-file", passphrase, "--accept-altered", "--json");
        assertThat(accepted.code()).as(accepted.err()).isZero();
        JsonNode decision = Json.MAPPER.readTree(accepted.out());
        assertThat(decision.at("/data/integrity/verdict").asText()).isEqualTo("altered");
        assertThat(decision.at("/data/integrity/firstBadEvent").asText()).isEqualTo(altered.eventId());
        assertThat(decision.at("/data/integrity/line").asLong()).isEqualTo(altered.line());
        assertThat(decision.at("/data/integrity/subjectAfterBreak").asBoolean()).isTrue();
        assertThat(Files.readAllLines(events)).hasSize(before.size() + 1);
    }
}
