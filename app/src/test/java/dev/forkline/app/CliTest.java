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
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line's behaviour and exit codes, run in-process. */
class CliTest {

    @TempDir
    Path temp;

    record Outcome(int code, String out, String err) {
    }

    static Outcome run(String... args) {
        var out = new StringWriter();
        var err = new StringWriter();
        var commandLine = ForklineCommand.commandLine(args);
        commandLine.setOut(new PrintWriter(out, true));
        commandLine.setErr(new PrintWriter(err, true));
        int code = commandLine.execute(args);
        return new Outcome(code, out.toString(), err.toString());
    }

    /** A small two-run bundle: a session with a tool call and a checkpoint, forked once. */
    static Path writeBundle(Path target) throws Exception {
        var chain = new EventChain();
        Instant t0 = Instant.parse("2026-11-01T10:00:00Z");
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of("cli-test", "CLI test trace", t0, "test"))) {
            var start = Json.object();
            start.putObject("environment").put("image", "forkline/sandbox:1").put("cwd", "/workspace");
            start.putObject("model").put("provider", "test").put("model", "scripted-1");
            writer.write(chain.append(NewEvent.of("main", "harness", EventType.SESSION_START).at(t0).touches(StateKind.SESSION).data(start)));
            String blob = writer.putBlob("hello\n".getBytes(StandardCharsets.UTF_8));
            var checkpointData = Json.object().put("checkpointId", "cp-1").put("label", "start");
            checkpointData.putObject("workspace").put("root", "/workspace").putObject("files").putObject("a.txt").put("blob", blob).put("mode", "0644");
            var checkpoint = chain.append(NewEvent.of("main", "harness", EventType.CHECKPOINT).at(t0.plusSeconds(1)).touches(StateKind.WORKSPACE).data(checkpointData));
            writer.write(checkpoint);
            var callData = Json.object().put("callId", "c1").put("tool", "bash").put("effect", "read");
            callData.putObject("arguments").put("command", "cat a.txt");
            var call = chain.append(NewEvent.of("main", "agent:coder", EventType.TOOL_CALL).at(t0.plusSeconds(2)).touches(StateKind.HARNESS).data(callData));
            writer.write(call);
            writer.write(chain.append(NewEvent.of("main", "sandbox", EventType.TOOL_RESULT).at(t0.plusSeconds(3)).causes(call.id())
                    .data(Json.object().put("callId", "c1").put("exitCode", 0).put("stdout", "hello\n"))));
            writer.write(chain.append(NewEvent.of("main", "harness", EventType.SESSION_END).at(t0.plusSeconds(4)).data(Json.object().put("outcome", "failure"))));
            chain.startFork("retry", checkpoint);
            var fork = Json.object().put("parentRun", "main").put("checkpoint", "cp-1").put("checkpointEvent", checkpoint.id()).put("reason", "fork");
            fork.putArray("edits");
            writer.write(chain.append(NewEvent.of("retry", "human:ann", EventType.RUN_FORK).at(t0.plusSeconds(5)).data(fork)));
            writer.write(chain.append(NewEvent.of("retry", "harness", EventType.SESSION_END).at(t0.plusSeconds(6)).data(Json.object().put("outcome", "success"))));
            return writer.commit();
        }
    }

    @Test
    void inspectReportsRunsCheckpointsAndNoFindingsOnAGoodBundle() throws Exception {
        Path bundle = writeBundle(temp.resolve("good"));
        Outcome outcome = run("inspect", bundle.toString(), "--json");
        assertThat(outcome.code()).isZero();
        JsonNode json = Json.MAPPER.readTree(outcome.out());
        assertThat(json.get("format").asText()).isEqualTo("forkline");
        assertThat(json.get("traceId").asText()).isEqualTo("cli-test");
        assertThat(json.get("events").asInt()).isEqualTo(7);
        assertThat(json.get("byType").get("tool.call").asInt()).isEqualTo(1);
        assertThat(json.get("runs")).hasSize(2);
        assertThat(json.get("runs").get(1).get("parent").asText()).isEqualTo("main");
        assertThat(json.get("runs").get(1).get("forkCheckpoint").asText()).isEqualTo("cp-1");
        assertThat(json.get("actors").toString()).contains("agent:coder", "human:ann", "sandbox", "harness");
        assertThat(json.get("checkpoints").get(0).get("id").asText()).isEqualTo("cp-1");
        assertThat(json.get("findings")).isEmpty();
        JsonNode recovery = json.get("recovery");
        assertThat(recovery).as("recovery metrics").isNotNull();
        assertThat(recovery.toString()).contains("retry");
    }

    @Test
    void verifyAcceptsAnIntactBundleAndNamesTheFirstTamperedEventAndLine() throws Exception {
        Path bundle = writeBundle(temp.resolve("good"));
        assertThat(run("verify", bundle.toString()).code()).isZero();

        Path events = bundle.resolve("trace.jsonl");
        List<String> lines = Files.readAllLines(events);
        lines.set(3, lines.get(3).replace("hello", "HELLO"));
        Files.write(events, lines);
        Outcome outcome = run("verify", bundle.toString());
        assertThat(outcome.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(outcome.err()).contains("trace.jsonl:4").contains("main.4");
    }

    @Test
    void verifyCatchesATamperedBlob() throws Exception {
        Path bundle = writeBundle(temp.resolve("good"));
        try (var blobs = Files.list(bundle.resolve("blobs"))) {
            Path blob = blobs.findFirst().orElseThrow();
            Files.writeString(blob, "hellO\n");
        }
        Outcome outcome = run("verify", bundle.toString());
        assertThat(outcome.code()).isEqualTo(ExitCodes.CHECK_FAILED);
        assertThat(outcome.err()).contains("main.2");
    }

    @Test
    void malformedInputIsExitTwoNamingFileAndLine() throws Exception {
        Path bundle = writeBundle(temp.resolve("good"));
        Path events = bundle.resolve("trace.jsonl");
        List<String> lines = Files.readAllLines(events);
        lines.set(2, lines.get(2).substring(0, 40));
        Files.write(events, lines);
        for (String command : List.of("inspect", "verify", "import")) {
            Outcome outcome = command.equals("import")
                    ? run(command, bundle.toString(), "--db", temp.resolve("db/store").toString())
                    : run(command, bundle.toString());
            assertThat(outcome.code()).as(command).isEqualTo(ExitCodes.BAD_INPUT);
            assertThat(outcome.err()).as(command).contains("trace.jsonl:3").doesNotContain("Exception", "\tat ");
        }
        assertThat(run("list", "--db", temp.resolve("db/store").toString(), "--json").out().trim()).isEqualTo("[ ]");
    }

    @Test
    void missingFilesAndBadUsageAreExitTwo() {
        assertThat(run("inspect", temp.resolve("nothing-here").toString()).code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run("verify", temp.resolve("nothing-here").toString()).code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run("inspect").code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run("no-such-command").code()).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void importIsIdempotentAndListShowsWhatIsStored() throws Exception {
        Path bundle = writeBundle(temp.resolve("good"));
        String db = temp.resolve("db/store").toString();
        Outcome first = run("import", bundle.toString(), "--db", db);
        assertThat(first.code()).isZero();
        assertThat(first.out()).contains("cli-test").contains("forkline").contains("7 events");
        Outcome second = run("import", bundle.toString(), "--db", db);
        assertThat(second.out()).contains("unchanged");
        JsonNode listed = Json.MAPPER.readTree(run("list", "--db", db, "--json").out());
        assertThat(listed).hasSize(1);
        assertThat(listed.get(0).get("events").asInt()).isEqualTo(7);
        assertThat(listed.get(0).get("runs").asInt()).isEqualTo(2);
    }

    @Test
    void searchFindsAStoredTracesEventsAsTheWindowsEventSearchDoes() throws Exception {
        Path bundle = writeBundle(temp.resolve("good"));
        String db = temp.resolve("db/store").toString();
        assertThat(run("import", bundle.toString(), "--db", db).code()).isZero();

        Outcome table = run("search", "cli-test", "CAT A.TXT", "--db", db);
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).contains("RUN").contains("tool.call").contains("agent:coder").contains("1 of 7 events match");

        JsonNode found = Json.MAPPER.readTree(run("search", "cli-test", "--type", "tool.result", "--db", db, "--json").out());
        assertThat(found.get("events").asInt()).isEqualTo(7);
        assertThat(found.get("matching").asInt()).isEqualTo(found.get("matches").size()).isPositive();
        for (JsonNode match : found.get("matches")) {
            assertThat(match.get("type").asText()).isEqualTo("tool.result");
            assertThat(match.get("id").asText()).isNotBlank();
            assertThat(match.get("seq").asLong()).isPositive();
        }
        assertThat(run("search", "cli-test", "kubectl", "--db", db).out()).contains("0 of 7 events match").doesNotContain("RUN");

        Outcome nothingAsked = run("search", "cli-test", "--db", db);
        assertThat(nothingAsked.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(nothingAsked.err()).contains("give TEXT, --type, --actor or --errors");
        Outcome unknown = run("search", "no-such-trace", "cat", "--db", db);
        assertThat(unknown.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(unknown.err()).contains("no trace 'no-such-trace' is stored");
    }

    @Test
    void listSearchFindsTracesByTheirEventsWithHowManyEventsHoldTheText() throws Exception {
        Path bundle = writeBundle(temp.resolve("good"));
        String db = temp.resolve("db/store").toString();
        assertThat(run("import", bundle.toString(), "--db", db).code()).isZero();

        Outcome table = run("list", "--db", db, "--search", "CAT");
        assertThat(table.code()).as(table.err()).isZero();
        assertThat(table.out()).contains("MATCHING").contains("cli-test");
        assertThat(table.err()).as("a small trace is indexed at import: nothing read").isEmpty();

        Outcome indexed = run("list", "--db", db, "--search", "cat", "--update-index", "--json");
        assertThat(indexed.err()).isEmpty();
        JsonNode found = Json.MAPPER.readTree(indexed.out());
        assertThat(found).hasSize(1);
        assertThat(found.get(0).get("matchingEvents").asLong()).isEqualTo(1);
        assertThat(found.get(0).get("matchingEventsExact").asBoolean()).isTrue();
        Outcome text = run("list", "--db", db, "--search", "::");
        assertThat(text.err()).contains("read all 1 traces: '::' has no word the search index keeps");

        assertThat(run("list", "--db", db, "--search", "kubectl").out()).contains("no traces matching 'kubectl'");
        assertThat(run("list", "--db", db, "--search", "CLI test").out()).as("by title").contains("cli-test");
        assertThat(run("list", "--db", db, "--search", " ").code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(run("list", "--db", db, "--update-index").code()).isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void screenshotRendersThePngOffScreen() throws Exception {
        Path bundle = writeBundle(temp.resolve("good"));
        Path png = temp.resolve("shots/main.png");
        Outcome outcome = run("screenshot", "--trace", bundle.toString(), "--select", "main.3", "--theme", "dark", "--out", png.toString());
        assertThat(outcome.code()).as(outcome.err()).isZero();
        var image = javax.imageio.ImageIO.read(png.toFile());
        assertThat(image.getWidth()).isEqualTo(1600);
        assertThat(image.getHeight()).isEqualTo(1000);
        assertThat(run("screenshot", "--out", png.toString()).code()).as("needs --trace or --trace-id").isEqualTo(ExitCodes.BAD_INPUT);
    }

    @Test
    void openWithoutADisplayIsAnEnvironmentProblem() {
        org.junit.jupiter.api.Assumptions.assumeTrue(System.getenv("DISPLAY") == null && System.getenv("WAYLAND_DISPLAY") == null,
                "a display is available here");
        assertThat(run("open", "--db", temp.resolve("db/store").toString()).code()).isEqualTo(ExitCodes.ENVIRONMENT);
    }

    @Test
    void credentialsAreFindingsAndTheReportMasksThemUnlessAskedNotTo() throws Exception {
        var chain = new EventChain();
        Instant t0 = Instant.parse("2026-11-03T08:00:00Z");
        String key = "sk-ant-api03-" + "Zq7".repeat(30) + "AA";
        Path bundle;
        try (BundleWriter writer = BundleWriter.create(temp.resolve("leaky"), Manifest.of("leaky", "Leaky trace", t0, "test"))) {
            var start = Json.object();
            start.putObject("environment").put("image", "forkline/sandbox:1");
            start.putObject("model").put("model", "scripted-1");
            writer.write(chain.append(NewEvent.of("main", "harness", EventType.SESSION_START).at(t0).data(start)));
            var call = Json.object().put("callId", "c1").put("tool", "bash").put("effect", "workspace");
            call.putObject("arguments").put("command", "ANTHROPIC_API_KEY=" + key + " ./deploy.sh");
            var callEvent = chain.append(NewEvent.of("main", "agent:coder", EventType.TOOL_CALL).at(t0.plusSeconds(1)).data(call));
            writer.write(callEvent);
            writer.write(chain.append(NewEvent.of("main", "sandbox", EventType.TOOL_RESULT).at(t0.plusSeconds(2)).causes(callEvent.id())
                    .data(Json.object().put("callId", "c1").put("exitCode", 0))));
            bundle = writer.commit();
        }
        Outcome inspected = run("inspect", bundle.toString(), "--json");
        assertThat(inspected.out()).contains("secret-detected").doesNotContain(key);

        Path masked = temp.resolve("masked.html");
        assertThat(run("report", bundle.toString(), "--out", masked.toString()).code()).isZero();
        assertThat(Files.readString(masked)).doesNotContain(key).contains("deploy.sh");
        Path unmasked = temp.resolve("unmasked.html");
        assertThat(run("report", bundle.toString(), "--unmasked", "--out", unmasked.toString()).code()).isZero();
        assertThat(Files.readString(unmasked)).contains(key);
    }

    @Test
    void aFailuresOutputIsMaskedInTheReportToo() throws Exception {
        var chain = new EventChain();
        Instant t0 = Instant.parse("2026-11-03T08:00:00Z");
        String key = "sk-ant-api03-" + "Wd4vQ8xK2pLm7RzT0bYc5NhJ3gFs9AeU1kXoI6tVwD".repeat(2) + "AA";
        Path bundle;
        try (BundleWriter writer = BundleWriter.create(temp.resolve("leaky-failure"), Manifest.of("leaky-failure", "Leaky failure", t0, "test"))) {
            writer.write(chain.append(NewEvent.of("main", "harness", EventType.SESSION_START).at(t0).data(Json.object())));
            var call = Json.object().put("callId", "c1").put("tool", "bash").put("effect", "workspace");
            call.putObject("arguments").put("command", "./deploy.sh");
            var callEvent = chain.append(NewEvent.of("main", "agent:coder", EventType.TOOL_CALL).at(t0.plusSeconds(1)).data(call));
            writer.write(callEvent);
            writer.write(chain.append(NewEvent.of("main", "sandbox", EventType.TOOL_RESULT).at(t0.plusSeconds(2)).causes(callEvent.id())
                    .data(Json.object().put("callId", "c1").put("exitCode", 1).put("stderr", "auth failed for key " + key))));
            writer.write(chain.append(NewEvent.of("main", "harness", EventType.ERROR).at(t0.plusSeconds(3))
                    .data(Json.object().put("message", "deploy refused " + key))));
            bundle = writer.commit();
        }
        Path masked = temp.resolve("masked-failure.html");
        assertThat(run("report", bundle.toString(), "--out", masked.toString()).code()).isZero();
        assertThat(Files.readString(masked)).contains("auth failed for key").contains("deploy refused").doesNotContain(key);

        String db = temp.resolve("db/store").toString();
        assertThat(run("import", bundle.toString(), "--db", db).code()).isZero();
        Path stored = temp.resolve("stored-failure.html");
        Outcome fromStore = run("report", "--db", db, "leaky-failure", "--out", stored.toString());
        assertThat(fromStore.code()).as(fromStore.err()).isZero();
        assertThat(Files.readString(stored)).as("the window's Export report, from the command line")
                .contains("Leaky failure", "auth failed for key", "id=\"timeline\"").doesNotContain(key);
        Outcome unknown = run("report", "--db", db, "no-such-trace", "--out", temp.resolve("none.html").toString());
        assertThat(unknown.code()).isEqualTo(ExitCodes.BAD_INPUT);
        assertThat(unknown.err()).contains("no stored trace 'no-such-trace'");
        assertThat(temp.resolve("none.html")).doesNotExist();
    }

    @Test
    void versionNamesTheBuild() {
        Outcome outcome = run("--version");
        assertThat(outcome.code()).isZero();
        assertThat(outcome.out()).startsWith("forkline ").contains("build");
    }
}
