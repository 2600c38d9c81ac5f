package dev.forkline.trace.docs;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.testing.RepositoryFiles;
import dev.forkline.trace.verify.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The worked example in docs/trace-format.md must be true: its hashes are recomputed here. */
class TraceFormatDocTest {

    static final Path DOC = RepositoryFiles.resolve("docs", "trace-format.md");

    private static String between(String text, String begin, String end) {
        int from = text.indexOf(begin);
        assertThat(from).as(begin).isNotNegative();
        from += begin.length();
        return text.substring(from, text.indexOf(end, from));
    }

    @Test
    void theWorkedExampleLinesAreCanonicalAndTheirHashesAndChainAreRight() throws Exception {
        String doc = Files.readString(DOC);
        String block = between(between(doc, "<!-- worked-example:begin -->", "<!-- worked-example:end -->"), "```jsonl\n", "```");
        List<Event> events = new ArrayList<>();
        long line = 0;
        for (String text : block.strip().split("\n")) {
            Event event = EventCodec.parseLine(text, "trace-format.md", ++line);
            assertThat(EventCodec.toLine(event)).isEqualTo(text);
            events.add(event);
        }
        assertThat(events).hasSize(2);
        assertThat(Verifier.verify(events, null, null, List.of()).problems()).isEmpty();
    }

    @Test
    void thePrettyLayoutHashesToTheSameValue() throws Exception {
        String doc = Files.readString(DOC);
        String pretty = between(doc, "```json\n", "```");
        Event event = EventCodec.parseLine(pretty.replace("\n", " "), "trace-format.md", 1);
        assertThat(Hashes.eventHash(EventCodec.toJson(event))).isEqualTo(event.hash())
                .isEqualTo("sha256:32cc268a1a1f0dd083a3467b0ccd5dd0ad774b6be16aab149eaff39742562aa6");
        String canonicalWithoutHash = between(doc, "and the escapes are written out as the characters themselves:\n\n```\n", "\n```");
        assertThat(dev.forkline.trace.CanonicalJson.writeWithout(EventCodec.toJson(event), "hash")).isEqualTo(canonicalWithoutHash);
    }
}
