package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** decide, queue and verify from the command line: signed decisions close queue items and verify; forgeries do not. */
class DecisionCliTest {

    @TempDir
    Path temp;

    @BeforeEach
    void useTemporaryKeyRing() {
        System.setProperty("forkline.owners", temp.resolve("owners").toString());
    }

    @AfterEach
    void restoreKeyRing() {
        System.clearProperty("forkline.owners");
        System.clearProperty("forkline.owners.iterations");
    }

    private String passphrase() throws Exception {
        return OwnerKeySetup.passphraseFile(temp).toString();
    }

    private Path bundleWithAnUnknownExternalEffect() throws Exception {
        var chain = new EventChain();
        Instant t0 = Instant.parse("2026-11-02T09:00:00Z");
        try (BundleWriter writer = BundleWriter.create(temp.resolve("bundle"), Manifest.of("decide-test", "Decide test", t0, "test"))) {
            var start = Json.object();
            start.putObject("environment").put("image", "forkline/sandbox:1");
            start.putObject("model").put("model", "scripted-1");
            writer.write(chain.append(NewEvent.of("main", "harness", EventType.SESSION_START).at(t0).data(start)));
            var call = Json.object().put("callId", "pay-1").put("tool", "http_post").put("effect", "external").put("idempotencyKey", "inv-7");
            call.putObject("arguments").put("url", "http://payments.local/charge");
            writer.write(chain.append(NewEvent.of("main", "agent:coder", EventType.TOOL_CALL).id("pay").at(t0.plusSeconds(1))
                    .touches(StateKind.EXTERNAL).data(call)));
            writer.write(chain.append(NewEvent.of("main", "sandbox", EventType.SANDBOX_LOST).at(t0.plusSeconds(2))
                    .data(Json.object().put("reason", "killed"))));
            return writer.commit();
        }
    }

    @Test
    void aSignedDecisionClosesTheQueueItemAndVerifies() throws Exception {
        Path bundle = bundleWithAnUnknownExternalEffect();
        OwnerKeySetup.init("ann", temp);
        JsonNode queue = Json.MAPPER.readTree(CliTest.run("queue", bundle.toString(), "--json").out());
        assertThat(queue).hasSize(1);
        assertThat(queue.get(0).get("eventId").asText()).isEqualTo("pay");
        assertThat(queue.get(0).get("kind").asText()).isEqualTo("unknown-outcome");

        var decided = CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "charge may have gone through", "--owner", "ann", "--passphrase-file", passphrase());
        assertThat(decided.code()).as(decided.err()).isZero();
        assertThat(decided.out()).contains("deny pay by ann");

        assertThat(Json.MAPPER.readTree(CliTest.run("queue", bundle.toString(), "--json").out())).isEmpty();
        var verified = CliTest.run("verify", bundle.toString());
        assertThat(verified.code()).as(verified.err()).isZero();
        assertThat(verified.out()).contains("ann: deny pay").contains("trusted");
    }

    @Test
    void aDecisionSignedByAnUntrustedKeyFailsVerify() throws Exception {
        Path bundle = bundleWithAnUnknownExternalEffect();
        OwnerKeySetup.init("ann", temp);
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--approve", "--reason", "ok", "--owner", "ann", "--passphrase-file", passphrase()).code()).isZero();
        System.setProperty("forkline.owners", temp.resolve("someone-elses-ring").toString());
        var verified = CliTest.run("verify", bundle.toString());
        assertThat(verified.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(verified.err()).contains("not trusted");

        Path exported = temp.resolve("ann.pub");
        System.setProperty("forkline.owners", temp.resolve("owners").toString());
        assertThat(CliTest.run("keys", "export", "--owner", "ann", "--out", exported.toString()).code()).isZero();
        System.setProperty("forkline.owners", temp.resolve("someone-elses-ring").toString());
        assertThat(CliTest.run("verify", bundle.toString(), "--trust", exported.toString()).code()).isZero();
    }

    @Test
    void anEditedDecisionIsCaught() throws Exception {
        Path bundle = bundleWithAnUnknownExternalEffect();
        OwnerKeySetup.init("ann", temp);
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "ann", "--passphrase-file", passphrase()).code()).isZero();
        Path events = bundle.resolve("trace.jsonl");
        List<String> lines = Files.readAllLines(events);
        lines.set(3, lines.get(3).replace("\"deny\"", "\"approve\""));
        Files.write(events, lines);
        var verified = CliTest.run("verify", bundle.toString());
        assertThat(verified.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(verified.err()).contains("trace.jsonl:4");
    }

    @Test
    void decideRefusesMissingRationaleAndUndecidableEvents() throws Exception {
        Path bundle = bundleWithAnUnknownExternalEffect();
        OwnerKeySetup.init("ann", temp);
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--owner", "ann", "--passphrase-file", passphrase()).code()).isEqualTo(ExitCodes.BAD_INPUT);
        var refused = CliTest.run("decide", bundle.toString(), "--event", "main.1", "--approve", "--reason", "x", "--owner", "ann", "--passphrase-file", passphrase());
        assertThat(refused.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(refused.err()).contains("main.1");
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--approve", "--deny", "--reason", "x", "--owner", "ann", "--passphrase-file", passphrase()).code())
                .isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void decideSignsOnlyWithAKeySetUpAndUnlockedAndNeverCreatesOne() throws Exception {
        Path bundle = bundleWithAnUnknownExternalEffect();
        Path events = bundle.resolve("trace.jsonl");
        List<String> before = Files.readAllLines(events);

        var noKey = CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "dana",
                "--passphrase-file", passphrase());
        assertThat(noKey.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(noKey.err()).contains("no key is set up for owner 'dana'").contains("forkline keys init --owner dana");
        assertThat(temp.resolve("owners").resolve("dana")).as("typing a name creates no key").doesNotExist();

        OwnerKeySetup.init("dana", temp);
        Path wrong = temp.resolve("wrong.txt");
        Files.writeString(wrong, "not the passphrase\n");
        Files.setPosixFilePermissions(wrong, java.nio.file.attribute.PosixFilePermissions.fromString("rw-------"));
        var refused = CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "dana",
                "--passphrase-file", wrong.toString());
        assertThat(refused.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(refused.err()).contains("the passphrase does not unlock the key of 'dana'");

        Files.setPosixFilePermissions(wrong, java.nio.file.attribute.PosixFilePermissions.fromString("rw-r--r--"));
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "dana",
                "--passphrase-file", wrong.toString()).err()).contains("readable by other users");

        var noTerminal = CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "dana");
        assertThat(noTerminal.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(noTerminal.err()).contains("no terminal to ask for it").contains("--passphrase-file");
        assertThat(Files.readAllLines(events)).as("nothing was written").isEqualTo(before);

        var signed = CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "dana",
                "--passphrase-file", passphrase());
        assertThat(signed.code()).as(signed.err()).isZero();
        var listed = CliTest.run("keys", "list");
        assertThat(listed.out()).contains("dana\tsha256:").contains("protected");
        assertThat(CliTest.run("keys", "init", "--owner", "dana", "--passphrase-file", passphrase()).err()).contains("already has a key");
    }

    @Test
    void anUnprotectedKeyFromAnOlderVersionIsRefusedUntilProtected() throws Exception {
        Path bundle = bundleWithAnUnknownExternalEffect();
        new dev.forkline.trace.decision.OwnerKeys(temp.resolve("owners")).loadOrCreate("ann"); // as older versions wrote it
        var refused = CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "ann",
                "--passphrase-file", passphrase());
        assertThat(refused.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(refused.err()).contains("not protected by a passphrase").contains("forkline keys protect --owner ann");
        assertThat(CliTest.run("keys", "list").out()).contains("NOT protected");

        OwnerKeySetup.protect("ann", temp);
        var signed = CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "ann",
                "--passphrase-file", passphrase());
        assertThat(signed.code()).as(signed.err()).isZero();
    }
}
