package dev.forkline.trace.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.testing.RepositoryFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * docs/trace-event.schema.json must accept what Forkline writes and reject what it rejects. Validated with Python's
 * jsonschema package when it is installed (skipped otherwise: the build has no JSON Schema validator of its own).
 */
class EventSchemaTest {

    static final Path SCHEMA = RepositoryFiles.resolve("docs", "trace-event.schema.json");
    static final Path SAMPLE = RepositoryFiles.resolve("sample-traces", "hand-written", "wrong-directory-deleted", "trace.jsonl");

    private static final String VALIDATOR = """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1], encoding='utf-8'))
            jsonschema.Draft202012Validator.check_schema(schema)
            validator = jsonschema.Draft202012Validator(schema)
            for path in sys.argv[2:]:
                for number, line in enumerate(open(path, encoding='utf-8'), 1):
                    errors = sorted(e.message for e in validator.iter_errors(json.loads(line)))
                    print('%s:%d:%s' % (path.rsplit('/', 1)[-1], number, 'ok' if not errors else errors[0]))
            """;

    @TempDir
    Path temp;

    static boolean jsonschemaAvailable() {
        try {
            Process probe = new ProcessBuilder("python3", "-c", "import jsonschema").redirectErrorStream(true).start();
            return probe.waitFor(30, TimeUnit.SECONDS) && probe.exitValue() == 0;
        } catch (Exception e) {
            return false;
        }
    }

    private List<String> validate(Path... files) throws Exception {
        Path script = temp.resolve("validate.py");
        Files.writeString(script, VALIDATOR);
        List<String> command = new ArrayList<>(List.of("python3", script.toString(), SCHEMA.toString()));
        for (Path file : files) {
            command.add(file.toString());
        }
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(process.exitValue()).as(output).isZero();
        return output.lines().toList();
    }

    @Test
    void acceptsEveryPayloadOfTheContractAndTheSample() throws Exception {
        Assumptions.assumeTrue(jsonschemaAvailable(), "python3 with jsonschema is not installed");
        var trace = new TraceBuilder();
        for (var payload : dev.forkline.trace.EventCodecTestPayloads.all().entrySet()) {
            trace.add(NewEvent.of("r1", "agent:a", payload.getKey()).data(TraceBuilder.json(payload.getValue())));
        }
        trace.add(NewEvent.ofRawType("r1", "human:ann", "vendor.anything").data(TraceBuilder.json("{'free':true}")));
        Path lines = temp.resolve("contract.jsonl");
        Files.write(lines, trace.events().stream().map(EventCodec::toLine).toList());

        List<String> results = validate(lines, SAMPLE);
        long sampleEvents = Files.readAllLines(SAMPLE).stream().filter(line -> !line.isBlank()).count();
        assertThat(results).hasSize((int) (trace.events().size() + sampleEvents)).allMatch(result -> result.endsWith(":ok"), "all ok");
    }

    @Test
    void rejectsWhatTheCodecOrTheContractRejects() throws Exception {
        Assumptions.assumeTrue(jsonschemaAvailable(), "python3 with jsonschema is not installed");
        var trace = new TraceBuilder();
        String good = EventCodec.toLine(trace.add("r1", "agent:a", EventType.TOOL_CALL,
                "{'callId':'c','tool':'t','arguments':{},'effect':'read'}"));
        List<String> bad = List.of(
                good.replace("\"effect\":\"read\"", "\"effect\":\"network\""),
                good.replace("\"ts\":\"2026-01-01T00:00:01Z\"", "\"ts\":\"2026-01-01T00:00:01.000Z\""),
                good.replace("\"seq\":1", "\"seq\":0"),
                good.replace("{\"actor\"", "{\"extra\":1,\"actor\""),
                good.replace("\"hash\":\"sha256:", "\"hash\":\"SHA256:"),
                good.replace("\"actor\":\"agent:a\"", "\"actor\":\"model:x\""),
                good.replace("\"callId\":\"c\",", ""));
        Path lines = temp.resolve("bad.jsonl");
        Files.write(lines, bad);
        assertThat(validate(lines)).hasSize(bad.size()).noneMatch(result -> result.endsWith(":ok"));
    }
}
