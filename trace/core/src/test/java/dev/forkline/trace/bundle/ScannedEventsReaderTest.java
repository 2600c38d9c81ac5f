package dev.forkline.trace.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.PlainJson;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.testing.DirectoryTrees;
import dev.forkline.trace.testing.RepositoryFiles;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The scanning reader must accept exactly what the line-by-line strict reader accepts, give the same events and columns,
 * and report the same first error (file, line, message) — including across block boundaries and for hostile lines.
 */
class ScannedEventsReaderTest {

    private static final Path SAMPLES = RepositoryFiles.resolve("sample-traces");
    private static final int SMALL_BLOCK = 4096;

    @TempDir
    Path dir;

    /** What the strict reader makes of a file: events with their line numbers, or the first error. */
    private record Outcome(List<Event> events, List<Long> lines, TraceFormatException error) {
    }

    static Stream<Path> sampleBundles() throws IOException {
        try (Stream<Path> files = Files.walk(SAMPLES, 3)) {
            return files.filter(p -> p.getFileName().toString().equals(Bundle.EVENTS)).map(Path::getParent).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("sampleBundles")
    void readsTheSampleTracesAsTheStrictReaderDoes(Path bundle) throws Exception {
        Path events = bundle.resolve(Bundle.EVENTS);
        assertSame(strict(events, LineReader.DEFAULT_MAX_LINE_BYTES), events, LineReader.DEFAULT_MAX_LINE_BYTES, SMALL_BLOCK);
        assertSame(strict(events, LineReader.DEFAULT_MAX_LINE_BYTES), events, LineReader.DEFAULT_MAX_LINE_BYTES, 1 << 20);
    }

    @Test
    void bundleReaderReadsLargeTracesLazilyWithTheSameResult() throws Exception {
        Path bundle = SAMPLES.resolve("multi-agent-conflict");
        Bundle eager = BundleReader.read(bundle);
        Bundle lazy = BundleReader.read(bundle, 0);
        assertInstanceOf(LazyEventList.class, lazy.events());
        assertEquals(eager.events(), List.copyOf(lazy.events()));
        assertEquals(eager.manifest(), lazy.manifest());
        for (int i = 0; i < eager.events().size(); i++) {
            assertEquals(eager.lineOf(i), lazy.lineOf(i));
        }
        assertSameColumns(eager.columns(), lazy.columns());
    }

    @Test
    void readsNeighbouringLinesTogetherAsIfOneByOne() throws Exception {
        Bundle lazy = BundleReader.read(SAMPLES.resolve("multi-agent-conflict"), 0);
        var lines = ((LazyEventList) lazy.events()).lines();
        int n = lines.size();
        int[] all = java.util.stream.IntStream.range(0, n).toArray();
        int[] mixed = {n - 1, 0, 1, 2, 5, 4, 6, 7, n - 2, n - 1, 3};
        for (int[] indexes : new int[][] {all, mixed}) {
            byte[][] together = lines.lines(indexes);
            for (int k = 0; k < indexes.length; k++) {
                org.junit.jupiter.api.Assertions.assertArrayEquals(lines.line(indexes[k]), together[k]);
            }
        }
    }

    @Test
    void closingTheBundleClosesItsEventsFileWhichReopensWhenAnEventIsAskedForAgain() throws Exception {
        Path copy = dir.resolve("copy");
        DirectoryTrees.copy(SAMPLES.resolve("multi-agent-conflict"), copy);
        Path events = copy.resolve(Bundle.EVENTS).toRealPath();
        Bundle lazy = BundleReader.read(copy, 0);
        Event last = lazy.events().get(lazy.events().size() - 1);
        assertTrue(openDescriptorsOf(events) > 0, "reading an event opens the file");
        lazy.close();
        assertEquals(0, openDescriptorsOf(events), "closing the bundle closes the file");
        assertEquals(last, lazy.events().get(lazy.events().size() - 1));
        lazy.close();
        assertEquals(0, openDescriptorsOf(events));
    }

    /** How many of this JVM's file descriptors point at {@code file} (Linux's /proc). */
    private static long openDescriptorsOf(Path file) throws IOException {
        try (Stream<Path> fds = Files.list(Path.of("/proc/self/fd"))) {
            return fds.filter(fd -> {
                try {
                    return Files.readSymbolicLink(fd).equals(file);
                } catch (IOException e) {
                    return false;
                }
            }).count();
        }
    }

    static Stream<String> hostileLines() {
        return Stream.of(
                "not json at all",
                "[1,2,3]",
                "{\"id\":\"x\"}",
                "{\"id\":\"a\",\"id\":\"b\"}",
                "{}",
                "{} trailing",
                "\"just a string\"");
    }

    @ParameterizedTest
    @MethodSource("hostileLines")
    void reportsTheSameFirstErrorForBadLines(String bad) throws Exception {
        List<String> lines = sampleLines();
        for (int at : new int[] {0, lines.size() / 2, lines.size() - 1}) {
            List<String> edited = new ArrayList<>(lines);
            edited.add(at, bad);
            Path file = write(edited);
            assertSame(strict(file, LineReader.DEFAULT_MAX_LINE_BYTES), file, LineReader.DEFAULT_MAX_LINE_BYTES, SMALL_BLOCK);
        }
    }

    @Test
    void reportsTheSameErrorsForPayloadsOnlyTheStrictParserCanJudge() throws Exception {
        String line = sampleLines().get(3);
        int data = line.indexOf("\"data\":{") + "\"data\":{".length();
        List<String> payloads = List.of(
                "\"x\":\"\\ud800\",",                     // lone surrogate escape
                "\"x\":\"\\ud83d\\ude00\",",              // a valid pair, escaped
                "\"x\":1e999,",                           // beyond a double
                "\"x\":1e-9999999999,",                   // beyond BigDecimal's exponent
                "\"x\":123456789012345678901234567890,",  // needs a BigInteger
                "\"x\":" + "9".repeat(330) + ",",         // beyond a double as an integer
                "\"x\":0.1000000000000000000001,",        // long decimal
                "\"x\":\"caf\u00e9\",",                   // non-ASCII text
                "\"x\":\"\\u0041\",",                     // escaped ASCII
                "\"x\":{\"y\":1,\"y\":2},",               // duplicate member deep inside
                "\"0\":{\"y\":1,\"y\":2},",               // the same where the members before it are in order
                "\"0\":[{\"z\":{\"a\":1,\"a\":1}}],",       // deeper, in an array
                "\"0\":1,\"0\":2,",                       // in data itself
                "\"0\":{\"b\":1,\"a\":2},",               // valid, members not in order
                "\"callId\":\"\\ud800\",",                // a kept member with a lone surrogate
                "\"blob\":\"sha256:" + "ab".repeat(32) + "\",",
                "\"sha256:" + "cd".repeat(32) + "\":\"a member name, not a blob\",",
                "\"quoted\":\"see \\\"sha256:" + "ef".repeat(32) + "\\\" here\",");
        for (String payload : payloads) {
            String edited = line.substring(0, data) + payload + line.substring(data);
            List<String> lines = new ArrayList<>(sampleLines());
            lines.set(3, edited);
            Path file = write(lines);
            assertSame(strict(file, LineReader.DEFAULT_MAX_LINE_BYTES), file, LineReader.DEFAULT_MAX_LINE_BYTES, SMALL_BLOCK);
        }
    }

    /** A member named twice where every member before it is in canonical order: in the envelope and in a kept data member. */
    @Test
    void reportsDuplicatesInCanonicalPlacesAsTheStrictParserDoes() throws Exception {
        String line = sampleLines().get(3);
        for (String edited : List.of(line.replaceFirst("\\{\"actor\"", "{\"actor\":\"agent:x\",\"actor\""),
                line.replace("\"callId\":\"b1\"", "\"callId\":{\"a\":1,\"a\":2}"))) {
            assertNotEquals(line, edited);
            List<String> lines = new ArrayList<>(sampleLines());
            lines.set(3, edited);
            Path file = write(lines);
            Outcome expected = strict(file, LineReader.DEFAULT_MAX_LINE_BYTES);
            assertNotNull(expected.error(), edited);
            assertSame(expected, file, LineReader.DEFAULT_MAX_LINE_BYTES, SMALL_BLOCK);
        }
    }

    /**
     * The lines Forkline writes (canonical, plain) are read by the scanner itself, not handed to the strict
     * parser: its events keep only the data members the columns need.
     */
    @Test
    void readsCanonicalLinesItself() throws Exception {
        int read = 0;
        for (String line : sampleLines()) {
            byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
            if (!PlainJson.isPlain(bytes, 0, bytes.length)) {
                continue;
            }
            EventLineScanner.Scanned scanned = EventLineScanner.scan(bytes, 0, bytes.length, "trace.jsonl", 1);
            Set<String> members = new HashSet<>();
            scanned.event().data().fieldNames().forEachRemaining(members::add);
            assertTrue(EventColumns.dataMembers().containsAll(members), line);
            read++;
        }
        assertTrue(read > 20, "plain lines in the sample: " + read);
    }

    /** Every kind and type of envelope member the scanner reads itself, and the ones it must leave to the strict parser. */
    @Test
    void readsEnvelopeMembersOfEveryKindAsTheStrictParserDoes() throws Exception {
        String line = sampleLines().get(3);
        Map<String, List<String>> replacements = new LinkedHashMap<>();
        replacements.put("\"seq\":[0-9]+", List.of("\"seq\":0", "\"seq\":-1", "\"seq\":4.0", "\"seq\":\"4\"", "\"seq\":null",
                "\"seq\":9223372036854775807", "\"seq\":9223372036854775808", "\"seq\":2147483648"));
        replacements.put("\"id\":\"[^\"]*\"", List.of("\"id\":\"\"", "\"id\":null", "\"id\":7", "\"id\":[\"x\"]"));
        replacements.put("\"actor\":\"[^\"]*\"", List.of("\"actor\":\"\"", "\"actor\":{}", "\"actor\":true"));
        replacements.put("\"ts\":\"[^\"]*\"", List.of("\"ts\":\"2026-01-01T00:00:00+00:00\"", "\"ts\":\"2026-01-01T00:00:00.000Z\"",
                "\"ts\":\"2026-02-30T00:00:00Z\"", "\"ts\":\"yesterday\"", "\"ts\":12"));
        replacements.put("\"causes\":\\[[^\\]]*\\]", List.of("\"causes\":[]", "\"causes\":[1]", "\"causes\":[\"a\",null]",
                "\"causes\":\"a\"", "\"causes\":null", "\"causes\":[[\"a\"]]"));
        replacements.put("\"state\":\\[[^\\]]*\\]", List.of("\"state\":[]", "\"state\":[\"nope\"]", "\"state\":[\"process\",\"session\"]",
                "\"state\":[1]", "\"state\":[\"PROCESS\"]", "\"state\":{}"));
        replacements.put("\"prev\":(null|\"[^\"]*\")", List.of("\"prev\":null", "\"prev\":\"sha256:" + "A".repeat(64) + "\"",
                "\"prev\":\"sha256:" + "a".repeat(63) + "\"", "\"prev\":5", "\"prev\":\"\""));
        replacements.put("\"hash\":\"[^\"]*\"", List.of("\"hash\":null", "\"hash\":\"md5:abc\"", "\"hash\":[]"));
        replacements.put("\"type\":\"[^\"]*\"", List.of("\"type\":\"x.unknown\"", "\"type\":\"tool.call\",\"extra\":1",
                "\"type\":\"tool.call\",\"data\":{}"));
        int tried = 0;
        for (Map.Entry<String, List<String>> member : replacements.entrySet()) {
            assertTrue(java.util.regex.Pattern.compile(member.getKey()).matcher(line).find(), member.getKey() + " in " + line);
            for (String replacement : member.getValue()) {
                List<String> lines = new ArrayList<>(sampleLines());
                lines.set(3, line.replaceFirst(member.getKey(), java.util.regex.Matcher.quoteReplacement(replacement)));
                Path file = write(lines);
                assertSame(strict(file, LineReader.DEFAULT_MAX_LINE_BYTES), file, LineReader.DEFAULT_MAX_LINE_BYTES, SMALL_BLOCK);
                tried++;
            }
        }
        assertEquals(43, tried);
    }

    @Test
    void treatsRawBytesAsTheStrictDecoderDoes() throws Exception {
        byte[][] raw = {
                {(byte) 0xED, (byte) 0xA0, (byte) 0x80},  // a surrogate encoded in UTF-8
                {(byte) 0xC0, (byte) 0xAF},                // overlong
                {(byte) 0xFF},                             // never valid
                {(byte) 0xC3, (byte) 0xA9}};               // é, valid
        String line = sampleLines().get(2);
        int quote = line.indexOf("\"data\":{") + "\"data\":{".length();
        for (byte[] bytes : raw) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            List<String> lines = sampleLines();
            for (int i = 0; i < lines.size(); i++) {
                if (i == 2) {
                    out.write(line.substring(0, quote).getBytes(StandardCharsets.UTF_8));
                    out.write("\"x\":\"".getBytes(StandardCharsets.UTF_8));
                    out.write(bytes);
                    out.write("\",".getBytes(StandardCharsets.UTF_8));
                    out.write(line.substring(quote).getBytes(StandardCharsets.UTF_8));
                } else {
                    out.write(lines.get(i).getBytes(StandardCharsets.UTF_8));
                }
                out.write('\n');
            }
            Path file = dir.resolve("raw-" + Integer.toHexString(bytes[0] & 0xff) + ".jsonl");
            Files.write(file, out.toByteArray());
            assertSame(strict(file, LineReader.DEFAULT_MAX_LINE_BYTES), file, LineReader.DEFAULT_MAX_LINE_BYTES, SMALL_BLOCK);
        }
    }

    @Test
    void skipsBlankLinesAndCarriageReturnsAsTheLineReaderDoes() throws Exception {
        List<String> lines = new ArrayList<>();
        for (String line : sampleLines()) {
            lines.add(line + "\r");
            lines.add("   ");
            lines.add("");
            lines.add("\u2003");
        }
        Path file = write(lines);
        assertSame(strict(file, LineReader.DEFAULT_MAX_LINE_BYTES), file, LineReader.DEFAULT_MAX_LINE_BYTES, SMALL_BLOCK);
    }

    @Test
    void reportsOverlongLinesAtTheSameLine() throws Exception {
        List<String> lines = sampleLines();
        int longest = lines.stream().mapToInt(l -> l.getBytes(StandardCharsets.UTF_8).length).max().orElseThrow();
        Path file = write(lines);
        int limit = longest - 1;
        Outcome expected = strict(file, limit);
        assertNotNull(expected.error());
        assertSame(expected, file, limit, 1024);
        assertSame(expected, file, limit, SMALL_BLOCK);
    }

    @Test
    void agreesWithTheStrictReaderOnRandomlyDamagedLines() throws Exception {
        List<String> lines = sampleLines();
        SplittableRandom random = new SplittableRandom(0xF0F0);
        String alphabet = "{}[]\":,\\u0123456789abcdefEe+-. nrtsha";
        for (int round = 0; round < 300; round++) {
            List<String> edited = new ArrayList<>(lines);
            int at = random.nextInt(edited.size());
            StringBuilder line = new StringBuilder(edited.get(at));
            int edits = 1 + random.nextInt(3);
            for (int e = 0; e < edits && !line.isEmpty(); e++) {
                int position = random.nextInt(line.length());
                switch (random.nextInt(3)) {
                    case 0 -> line.deleteCharAt(position);
                    case 1 -> line.insert(position, alphabet.charAt(random.nextInt(alphabet.length())));
                    default -> line.setCharAt(position, alphabet.charAt(random.nextInt(alphabet.length())));
                }
            }
            edited.set(at, line.toString());
            Path file = write(edited);
            assertSame(strict(file, LineReader.DEFAULT_MAX_LINE_BYTES), file, LineReader.DEFAULT_MAX_LINE_BYTES, SMALL_BLOCK);
        }
    }

    private List<String> sampleLines() throws IOException {
        return Files.readAllLines(SAMPLES.resolve("multi-agent-conflict").resolve(Bundle.EVENTS)).stream()
                .filter(l -> !l.isBlank()).toList();
    }

    private int files;

    private Path write(List<String> lines) throws IOException {
        Path file = dir.resolve("trace-" + files++ + ".jsonl");
        Files.writeString(file, String.join("\n", lines) + "\n");
        return file;
    }

    private static Outcome strict(Path file, int maxLineBytes) throws IOException {
        List<Event> events = new ArrayList<>();
        List<Long> lines = new ArrayList<>();
        String name = file.toString();
        try (InputStream in = Files.newInputStream(file)) {
            LineReader reader = new LineReader(in, name, maxLineBytes);
            String line;
            while ((line = reader.next()) != null) {
                if (line.isBlank()) {
                    continue;
                }
                events.add(EventCodec.parseLine(line, name, reader.lineNumber()));
                lines.add(reader.lineNumber());
            }
        } catch (TraceFormatException e) {
            return new Outcome(events, lines, e);
        }
        return new Outcome(events, lines, null);
    }

    private static void assertSame(Outcome expected, Path file, int maxLineBytes, int blockBytes) throws IOException {
        LazyEventList lazy;
        try {
            lazy = ScannedEventsReader.read(file, file.toString(), maxLineBytes, blockBytes);
        } catch (TraceFormatException e) {
            assertNotNull(expected.error(), "the strict reader accepted what the scanner refused: " + e.getMessage());
            assertEquals(expected.error().line(), e.line(), "line of: " + e.getMessage());
            assertEquals(expected.error().detail(), e.detail());
            assertEquals(expected.error().file(), e.file());
            return;
        }
        assertTrue(expected.error() == null, () -> "the scanner accepted what the strict reader refused: " + expected.error().getMessage());
        assertEquals(expected.events().size(), lazy.size());
        for (int i = 0; i < lazy.size(); i++) {
            assertEquals(expected.events().get(i), lazy.get(i));
            assertEquals(expected.lines().get(i), lazy.lines().lineNumber(i));
        }
        assertSameColumns(EventColumns.of(expected.events()), lazy.columns());
    }

    static void assertSameColumns(EventColumns expected, EventColumns actual) {
        assertEquals(expected.size(), actual.size());
        for (int i = 0; i < expected.size(); i++) {
            assertEquals(expected.id(i), actual.id(i));
            assertEquals(expected.run(i), actual.run(i));
            assertEquals(expected.seq(i), actual.seq(i));
            assertEquals(expected.ts(i), actual.ts(i));
            assertEquals(expected.actor(i), actual.actor(i));
            assertEquals(expected.type(i), actual.type(i));
            assertEquals(expected.flags(i), actual.flags(i), "flags of " + expected.id(i));
            assertEquals(expected.latencyMs(i), actual.latencyMs(i));
            assertEquals(expected.callId(i), actual.callId(i));
            assertEquals(expected.tool(i), actual.tool(i));
            assertEquals(expected.checkpointId(i), actual.checkpointId(i));
            assertEquals(expected.label(i), actual.label(i));
            assertEquals(expected.causes(i), actual.causes(i));
            assertEquals(expected.hash(i), actual.hash(i));
            assertEquals(expected.blobNames(i), actual.blobNames(i), "blob names of " + expected.id(i));
        }
    }
}
