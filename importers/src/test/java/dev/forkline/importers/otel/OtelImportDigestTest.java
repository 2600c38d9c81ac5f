package dev.forkline.importers.otel;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.support.ImportDigest;
import dev.forkline.importers.support.Samples;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Pins what the OpenTelemetry importer makes of each OTel sample and of generated exports that take every path of the
 * reader (one-line and pretty-printed documents, several documents, a damaged one, a resource after its spans, nested
 * model spans, exceptions, span events, missing times, orphans): the digest of the stored lines and the findings, as
 * the import gave them before spans were read as skeletons (main at 41aae71).
 */
class OtelImportDigestTest {

    @TempDir
    Path dir;

    @Test
    void theTempoSample() throws Exception {
        assertDigest(Samples.require("otel-genai/agentevals_tempo_export_with_batches.json"),
                "f0280b21cc369f10d8556ee56c12fd7db8db51efc1c2da0b2718f2de9bf80bb9");
    }

    @Test
    void theOtlpTestResource() throws Exception {
        assertDigest(resource("otlp-two-agents.json"), "e33eef7b83a89449f84f77e421135c11b45ebb25777df514a4e701bd8f6665ef");
    }

    @Test
    void theJsonLinesTestResource() throws Exception {
        assertDigest(resource("otlp-lines.jsonl"), "99e201f00f25c0e7885dcb43b83ed867d04068d2b8da615200d73f4ee669e881");
    }

    @Test
    void theJaegerTestResource() throws Exception {
        assertDigest(resource("jaeger-query.json"), "f86649cfb632b6a731e61f0c372bce18731d8f47c407fd2461c0020c2134ba68");
    }

    @Test
    void aGeneratedExportOnOneLine() throws Exception {
        assertDigest(write("one-line.json", GeneratedSpans.document(0, 400, false)),
                "cd557cdf1bb10245222560a1670734d5b218bf4703762f068ac6a825b7d8c60d");
    }

    @Test
    void generatedDocumentsPrettyPrintedOneAfterAnotherWithADamagedOne() throws Exception {
        String text = GeneratedSpans.document(0, 120, true) + "\n" + GeneratedSpans.document(1_000, 80, true) + "\n"
                + "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":[{\"traceId\": oops\n"
                + GeneratedSpans.document(2_000, 60, true) + "\n";
        assertDigest(write("documents.json", text), "c07fea5c83e74509fd3255b9fbc5f8138fe367ac109c1ab8cc1fbe79b5580287");
    }

    /** Every span twice, in two documents and twice within one: which span is the one its ids find, and which are grouped. */
    @Test
    void generatedSpansEachRepeated() throws Exception {
        String once = GeneratedSpans.document(0, 90, false);
        String twiceInOne = once.replace("\"spans\":[", "\"spans\":[" + spansOf(once) + ",");
        assertDigest(write("repeated.json", once + "\n" + twiceInOne + "\n"), "7e9e13985af38132dc302fd7273efc22f62ad71b528780a05cf6c0b87067aea0");
    }

    /** The members of the first {@code spans} array of a one-line document. */
    private static String spansOf(String document) {
        int from = document.indexOf("\"spans\":[") + "\"spans\":[".length();
        int depth = 0;
        for (int i = from; ; i++) {
            char c = document.charAt(i);
            if (c == '"') {
                for (i++; document.charAt(i) != '"'; i++) {
                    i += document.charAt(i) == '\\' ? 1 : 0;
                }
            } else if (c == '[' || c == '{') {
                depth++;
            } else if ((c == ']' || c == '}') && depth-- == 0) {
                return document.substring(from, i);
            }
        }
    }

    /** What the digests above rest on: a streamed export's spans keep only their skeletons, their attributes stay in the file. */
    @Test
    void aStreamedExportLeavesItsSpansAttributesInTheFile() throws Exception {
        Path file = write("one-line.json", GeneratedSpans.document(0, 40, false));
        try (SpanFileReader reader = new SpanFileReader(file, new dev.forkline.importers.ImportSession(OtelImporter.FORMAT, file.toString()))) {
            java.util.List<OtelSpan> spans = reader.read();
            assertThat(spans).hasSize(40).allSatisfy(span -> assertThat(span.body()).isInstanceOf(SpanSource.class));
            assertThat(spans.get(2).text("gen_ai.request.model")).isEqualTo("gpt-test");
        }
    }

    /**
     * A document streamed (skeletons, attributes read again from the file) and the same document read as a JSON line
     * (whole span trees held) give the same trace, also when attribute entries give their value before their key.
     */
    @Test
    void skeletonsGiveWhatWholeSpansGive() throws Exception {
        String odd = "{\"resourceSpans\":[{\"scopeSpans\":[{\"spans\":["
                + "{\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\",\"spanId\":\"00000000000000a1\",\"name\":\"odd\","
                + "\"startTimeUnixNano\":\"1760000000000000000\",\"endTimeUnixNano\":\"1760000001000000000\",\"attributes\":["
                + "{\"value\":{\"stringValue\":\"invoke_agent\"},\"key\":\"gen_ai.operation.name\"},"
                + "{\"value\":{\"stringValue\":\"planner\"},\"key\":\"gen_ai.agent.name\"},"
                + "{\"key\":\"gen_ai.output.messages\",\"value\":{\"stringValue\":\"done\"}}]},"
                + "{\"traceId\":\"4bf92f3577b34da6a3ce929d0e0e4736\",\"spanId\":\"00000000000000a2\",\"parentSpanId\":\"00000000000000a1\","
                + "\"name\":\"chat\",\"startTimeUnixNano\":\"1760000000100000000\",\"endTimeUnixNano\":\"1760000000200000000\","
                + "\"attributes\":[{\"value\":{\"stringValue\":\"m\"},\"key\":\"gen_ai.request.model\"},"
                + "{\"value\":{\"intValue\":\"5\"},\"key\":\"gen_ai.usage.input_tokens\"}]}]}]}]}";
        for (String document : java.util.List.of(odd, GeneratedSpans.document(0, 300, false))) {
            Path streamed = Files.createDirectories(dir.resolve("streamed")).resolve("export.json");
            Path lines = Files.createDirectories(dir.resolve("lines")).resolve("export.json");
            Files.writeString(streamed, document, StandardCharsets.UTF_8);
            Files.writeString(lines, document + "\n", StandardCharsets.UTF_8);
            assertThat(digest(new OtelImporter().read(streamed), streamed)).isEqualTo(digest(new OtelImporter().read(lines), lines));
        }
    }

    private Path write(String name, String text) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return file;
    }

    private static Path resource(String name) throws Exception {
        return Path.of(OtelImportDigestTest.class.getResource("/otel/" + name).toURI());
    }

    private static void assertDigest(Path file, String expected) throws Exception {
        assertThat(digest(new OtelImporter().read(file), file)).as(file.getFileName().toString()).isEqualTo(expected);
    }

    /** The import's digest, with the file's path (which session.start and messages name) written as its name alone. */
    static String digest(ImportedTrace trace, Path file) throws Exception {
        return ImportDigest.of(trace, file.toString(), file.getFileName().toString());
    }
}
