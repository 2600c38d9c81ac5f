package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.EventFacts;
import dev.forkline.trace.columns.LazyEventList;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The chunk search finds what the row-per-event store found: events whose search text (tool name and payload strings,
 * lowercased, 4000 characters) contains the lowercased query, with type, actor and "errors only" filters. Checked
 * against that rule on text with escapes and non-ASCII, stored both from events in memory (canonical lines) and from
 * lines written with every non-ASCII character escaped. The search text is that of the event as stored (parsed from
 * its line): the row-per-event store took it from the event as handed in, whose payload members may have been in
 * another order than in the stored line, which changes only matches of queries spanning two strings.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class SearchParityTest {

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    private SampleTraces trace;

    @BeforeEach
    void buildTrace() {
        backend.assumeAvailable();
        trace = SampleTraces.standard("t-search");
        List<String> texts = List.of("first line\nsecond line", "she said \"stop\" twice", "caf\u00e9 cr\u00e8me br\u00fbl\u00e9e",
                "\u4e2d\u6587\u6587\u672c and \ud83d\ude00 emoji", "\u039f\u0394\u03a5\u03a3\u03a3\u0395\u03a5\u03a3 \u0130stanbul",
                "tab\there back\\slash /path/to", "100% done_ok", "x".repeat(5000) + " beyond the cut");
        for (int i = 0; i < texts.size(); i++) {
            ObjectNode call = Json.object().put("callId", "k" + i).put("tool", i % 2 == 0 ? "Bash" : "Write \u00c9diteur");
            call.putObject("arguments").put("command", texts.get(i));
            Event callEvent = trace.add(NewEvent.of("r2", "agent:coder", EventType.TOOL_CALL).data(call));
            ObjectNode result = Json.object().put("callId", "k" + i).put("exitCode", i % 3 == 0 ? 1 : 0)
                    .put("stdout", texts.get((i + 3) % texts.size()));
            trace.add(NewEvent.of("r2", "sandbox", EventType.TOOL_RESULT).causes(callEvent.id()).data(result));
        }
    }

    @Test
    void storedFromEventsInMemory() throws Exception {
        List<byte[]> canonical = new ArrayList<>();
        for (Event event : trace.events) {
            canonical.add(EventCodec.toLine(event).getBytes(StandardCharsets.UTF_8));
        }
        assertParity(trace.bundle(), canonical);
    }

    @Test
    void storedFromLinesWithEveryNonAsciiCharacterEscaped() throws Exception {
        List<byte[]> lines = new ArrayList<>();
        for (Event event : trace.events) {
            lines.add(Json.MAPPER.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII).writeValueAsBytes(EventCodec.toJson(event)));
        }
        LazyEventList lazy = TestEventLines.lazy(trace.events, lines);
        assertParity(new Bundle("lazy", trace.manifest(), lazy, new int[lazy.size()], trace.blobs), lines);
    }

    /** @param storedLines the line each event is stored as */
    private void assertParity(Bundle bundle, List<byte[]> storedLines) throws Exception {
        List<String> queries = new ArrayList<>(List.of("line\nsecond", "\"STOP\"", "CAF\u00c9", "cr\u00e8me br\u00fbl\u00e9e",
                "\u6587\u6587", "\ud83d\ude00", "\u03bf\u03b4\u03c5\u03c3\u03c3\u03b5\u03c5\u03c2", "i\u0307stanbul", "\tHERE",
                "back\\slash", "/path", "100%", "done_", "bash", "write \u00e9d", "\u00e9diteur first", "beyond the cut",
                "callid", "k3", "agent:coder", "tool.call", "bash first line", "pytest", "src/lexer.py", "nothing like it"));
        List<Event> stored = new ArrayList<>();
        for (byte[] line : storedLines) {
            stored.add(EventCodec.parseLine(new String(line, StandardCharsets.UTF_8), "stored", 1));
        }
        Map<String, String> searchTexts = oldSearchTexts(stored);
        Random random = new Random(20261130L);
        List<String> texts = new ArrayList<>(searchTexts.values());
        for (int i = 0; i < 200; i++) {
            String text = texts.get(random.nextInt(texts.size()));
            int from = random.nextInt(Math.max(1, Math.min(text.length(), 200)));
            String piece = text.substring(from, Math.min(text.length(), from + 1 + random.nextInt(10))).strip();
            if (!piece.isEmpty() && !Character.isLowSurrogate(piece.charAt(0))) {
                queries.add(random.nextBoolean() ? piece.toUpperCase(Locale.ROOT) : piece);
            }
        }
        try (TraceStore store = backend.open(dir, "db/forkline")) {
            store.importTrace(bundle, List.of(), null);
            for (String query : queries) {
                for (String type : new String[] {null, "tool.result"}) {
                    assertThat(store.search("t-search", query, type, null, false)).as("'%s' type %s", query, type)
                            .isEqualTo(oldSearch(searchTexts, query, type, null, false));
                }
            }
            assertThat(store.search("t-search", "line", null, "sandbox", true)).isEqualTo(oldSearch(searchTexts, "line", null, "sandbox", true));
            assertThat(store.search("t-search", null, null, null, true)).isEqualTo(oldSearch(searchTexts, null, null, null, true));
        }
    }

    /** The row-per-event store's search: filters, then its search text containing the lowercased query, in (run, seq) order. */
    private List<String> oldSearch(Map<String, String> searchTexts, String text, String type, String actor, boolean errorsOnly) {
        List<String> runs = trace.events.stream().map(Event::run).distinct().toList();
        return trace.events.stream()
                .filter(e -> type == null || e.type().equals(type))
                .filter(e -> actor == null || e.actor().equals(actor))
                .filter(e -> !errorsOnly || EventFacts.isError(e))
                .filter(e -> text == null || searchTexts.get(e.id()).contains(text.strip().toLowerCase(Locale.ROOT)))
                .sorted(Comparator.comparing((Event e) -> runs.indexOf(e.run())).thenComparing(Event::seq))
                .map(Event::id).toList();
    }

    /** Each event's search text as the row-per-event store computed it: tool names of calls, and of results through their call. */
    private static Map<String, String> oldSearchTexts(List<Event> events) {
        Map<String, String> toolByEventId = new HashMap<>();
        Map<String, String> toolByCallId = new HashMap<>();
        Map<String, String> texts = new LinkedHashMap<>();
        for (Event event : events) {
            String tool = null;
            if (event.is(EventType.TOOL_CALL)) {
                tool = event.text("tool");
                if (tool != null) {
                    toolByEventId.put(event.id(), tool);
                    if (event.text("callId") != null) {
                        toolByCallId.put(event.text("callId"), tool);
                    }
                }
            } else if (event.is(EventType.TOOL_RESULT)) {
                tool = event.causes().stream().map(toolByEventId::get).filter(t -> t != null).findFirst()
                        .orElse(event.text("callId") == null ? null : toolByCallId.get(event.text("callId")));
            }
            texts.put(event.id(), TreeSearchText.of(tool, event.data()));
        }
        return texts;
    }
}
