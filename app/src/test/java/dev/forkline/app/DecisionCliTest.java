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
        JsonNode queue = Json.MAPPER.readTree(CliTest.run("queue", bundle.toString(), "--json").out());
        assertThat(queue).hasSize(1);
        assertThat(queue.get(0).get("eventId").asText()).isEqualTo("pay");
        assertThat(queue.get(0).get("kind").asText()).isEqualTo("unknown-outcome");

        var decided = CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "charge may have gone through", "--owner", "ann");
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
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--approve", "--reason", "ok", "--owner", "ann").code()).isZero();
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
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--reason", "no", "--owner", "ann").code()).isZero();
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
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--deny", "--owner", "ann").code()).isEqualTo(ExitCodes.BAD_INPUT);
        var refused = CliTest.run("decide", bundle.toString(), "--event", "main.1", "--approve", "--reason", "x", "--owner", "ann");
        assertThat(refused.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(refused.err()).contains("main.1");
        assertThat(CliTest.run("decide", bundle.toString(), "--event", "pay", "--approve", "--deny", "--reason", "x", "--owner", "ann").code())
                .isEqualTo(ExitCodes.BAD_INPUT);
    }
}
