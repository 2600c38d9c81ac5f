package dev.forkline.trace.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.testing.RepositoryFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class BlobReferencesTest {

    /** Every event of the bundled sample traces: where the line says no reference is possible, none is found. */
    @Test
    void anEventWhoseLineCannotReferToABlobHasNoReferences() throws Exception {
        int passedOver = 0;
        int referring = 0;
        try (Stream<Path> bundles = Files.list(RepositoryFiles.resolve("sample-traces"))) {
            for (Path events : bundles.map(bundle -> bundle.resolve("trace.jsonl")).filter(Files::isRegularFile).toList()) {
                List<String> lines = Files.readAllLines(events);
                for (int i = 0; i < lines.size(); i++) {
                    Event event = EventCodec.parseLine(lines.get(i), events.toString(), i + 1);
                    boolean may = BlobReferences.mayReferToBlobs(event.kind(), lines.get(i).getBytes(StandardCharsets.UTF_8));
                    if (!may) {
                        assertThat(BlobReferences.of(event)).as("%s line %d", events, i + 1).isEmpty();
                        passedOver++;
                    }
                    if (!BlobReferences.of(event).isEmpty()) {
                        referring++;
                    }
                }
            }
        }
        assertThat(passedOver).as("events passed over without parsing").isGreaterThan(50);
        assertThat(referring).as("events that refer to blobs").isGreaterThan(5);
    }

    @Test
    void aMemberNameSpelledWithAnEscapeIsLookedAtANameInsideATextIsNot() throws Exception {
        String escaped = "{\"actor\":\"sandbox\",\"causes\":[],\"data\":{\"\\u0073tdoutBlob\":\"sha256:00\"},\"id\":\"e1\",\"run\":\"r1\",\"seq\":1,\"state\":[],"
                + "\"ts\":\"2026-11-30T03:13:23Z\",\"type\":\"tool.result\"}";
        Event event = EventCodec.parseLine(escaped, "t.jsonl", 1);
        assertThat(BlobReferences.of(event)).extracting(BlobReferences.Reference::field).containsExactly("stdoutBlob");
        assertThat(BlobReferences.mayReferToBlobs(EventType.TOOL_RESULT, escaped.getBytes(StandardCharsets.UTF_8))).isTrue();

        byte[] plain = "{\"data\":{\"stdout\":\"ok\"},\"type\":\"tool.result\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(BlobReferences.mayReferToBlobs(EventType.TOOL_RESULT, plain)).isFalse();
        byte[] mentions = "{\"data\":{\"stdout\":\"see \\\"stdoutBlob\\\"\"},\"type\":\"tool.result\"}".getBytes(StandardCharsets.UTF_8);
        assertThat(BlobReferences.mayReferToBlobs(EventType.TOOL_RESULT, mentions)).as("a name quoted inside a text is no member name").isFalse();
        assertThat(BlobReferences.mayReferToBlobs(EventType.MODEL_CALL, escaped.getBytes(StandardCharsets.UTF_8))).isFalse();
        assertThat(BlobReferences.mayReferToBlobs(null, plain)).as("an unknown type has no references").isFalse();
        assertThat(BlobReferences.mayReferToBlobs(EventType.STATE_MUTATION, null)).as("line not read yet").isTrue();
    }
}
