package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.json.JsonWriteFeature;
import com.fasterxml.jackson.databind.ObjectWriter;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import org.junit.jupiter.api.Test;

class JsonTextMatcherTest {

    private static final ObjectWriter ESCAPING_NON_ASCII = Json.MAPPER.writer().with(JsonWriteFeature.ESCAPE_NON_ASCII);

    @Test
    void foldingACodePointAgreesWithLowercasingItInAnyText() {
        for (int codePoint = 0; codePoint <= Character.MAX_CODE_POINT; codePoint++) {
            if (Character.isSurrogate((char) codePoint) && codePoint <= 0xFFFF) {
                continue;
            }
            String text = new String(Character.toChars(codePoint));
            StringBuilder folded = new StringBuilder();
            CaseFolding.appendFolded(codePoint, folded);
            assertThat(folded.toString()).as("U+%04X", codePoint).isEqualTo(CaseFolding.fold(text));
            // in the middle of a word (where capital sigma lowercases to medial sigma) and at its end (final sigma)
            assertThat(CaseFolding.fold("a" + text + "b")).as("U+%04X inside", codePoint).isEqualTo("a" + folded + "b");
            assertThat(CaseFolding.fold("a" + text)).as("U+%04X at the end", codePoint).isEqualTo("a" + folded);
        }
    }

    @Test
    void findsWordsInsideDecodedStringsOfTheLine() {
        ObjectNode data = Json.object().put("stdout", "Line one\nline \"two\" caf\u00e9 \u4e2d\u6587 \ud83d\ude00 \u03a3\u039f\u03a3");
        for (boolean escaped : new boolean[] {false, true}) {
            byte[] line = line(data, escaped);
            assertThat(mayMatch("one\nline", line)).as("escaped=%s", escaped).isTrue();
            assertThat(mayMatch("\"TWO\"", line)).isTrue();
            assertThat(mayMatch("CAF\u00c9", line)).isTrue();
            assertThat(mayMatch("\u4e2d\u6587", line)).isTrue();
            assertThat(mayMatch("\ud83d\ude00", line)).isTrue();
            assertThat(mayMatch("\u03c3\u03bf\u03c2", line)).as("final sigma").isTrue();
            assertThat(mayMatch("caf\u00e9 \u4e2d", line)).isTrue();
            assertThat(mayMatch("cafe", line)).isFalse();
            assertThat(mayMatch("one\tline", line)).as("a tab is not a line break").isFalse();
        }
    }

    @Test
    void wordsMayComeFromDifferentStringsAndTheToolName() {
        byte[] line = line(Json.object().put("command", "pytest -q").put("stdout", "3 passed"), false);

        assertThat(new JsonTextMatcher("bash pytest passed").mayMatch(line, 0, line.length, "Bash")).isTrue();
        assertThat(new JsonTextMatcher("bash pytest").mayMatch(line, 0, line.length, null)).isFalse();
        assertThat(mayMatch("stdout", line)).as("member names are not in the search text").isFalse();
        assertThat(mayMatch("result", line)).as("nor are the envelope's values").isFalse();
    }

    @Test
    void looksOnlyInThePayloadHoweverItsNameIsWritten() {
        byte[] escapedName = "{\"actor\":\"agent:one\",\"d\\u0061ta\":{\"text\":\"two\"},\"id\":\"three\"}".getBytes(StandardCharsets.UTF_8);
        byte[] nested = "{\"causes\":{\"data\":\"one\"},\"data\":[{\"data\":5},\"two\"],\"id\":\"three\"}".getBytes(StandardCharsets.UTF_8);

        assertThat(mayMatch("two", escapedName)).isTrue();
        assertThat(mayMatch("one", escapedName)).isFalse();
        assertThat(mayMatch("three", escapedName)).isFalse();
        assertThat(mayMatch("two", nested)).isTrue();
        assertThat(mayMatch("one", nested)).as("a \"data\" member deeper down is no payload").isFalse();
        assertThat(mayMatch("three", nested)).isFalse();
    }

    @Test
    void oneMatcherAnswersForEachToolNameItMeets() {
        JsonTextMatcher matcher = new JsonTextMatcher("bash passed");
        byte[] line = line(Json.object().put("stdout", "3 passed"), false);

        assertThat(matcher.mayMatch(line, 0, line.length, "Bash")).isTrue();
        assertThat(matcher.mayMatch(line, 0, line.length, "Read")).isFalse();
        assertThat(matcher.mayMatch(line, 0, line.length, null)).isFalse();
        assertThat(matcher.mayMatch(line, 0, line.length, "BASH")).isTrue();
        assertThat(matcher.mayMatch(line, 0, line.length, "Read")).isFalse();
    }

    @Test
    void findsWordsAcrossTheEscapesOfAnAsciiString() {
        byte[] line = line(Json.object().put("stdout", "ok\n\tFAILED: \"x\\y\"\u0001/z\r"), false);

        assertThat(mayMatch("ok\n\tfailed:", line)).isTrue();
        assertThat(mayMatch("\"X\\Y\"\u0001/Z\r", line)).isTrue();
        assertThat(mayMatch("okn", line)).as("an escape is its character, not its letter").isFalse();
        assertThat(mayMatch("x\\\\y", line)).as("an escaped backslash is one backslash").isFalse();
        assertThat(mayMatch("u0001", line)).isFalse();
    }

    @Test
    void saysExactlyWhetherEachWordIsInsideOneStringValueOfThePayload() throws Exception {
        Random random = new Random(20261205L);
        String alphabet = "aAbBqQzZ@`[{09 -\n\"\\/\u00e9\u0130\u212a";
        for (int round = 0; round < 20_000; round++) {
            // the envelope's members around the payload, in any order, hold the same kind of text
            ObjectNode event = Json.object();
            List<String> members = new java.util.ArrayList<>(List.of("actor", "causes", "data", "id"));
            java.util.Collections.shuffle(members, random);
            for (String member : members) {
                switch (member) {
                    case "data" -> event.set("data", randomPayload(random, alphabet, 0));
                    case "causes" -> event.putObject("causes").putArray("ids").add(randomText(random, alphabet, random.nextInt(6)));
                    default -> event.put(member, randomText(random, alphabet, random.nextInt(8)));
                }
            }
            byte[] line = random.nextBoolean() ? Json.MAPPER.writeValueAsBytes(event) : ESCAPING_NON_ASCII.writeValueAsBytes(event);
            if (random.nextBoolean()) {
                // as written by hand or by another tool: spaces and line breaks between the tokens ("k" : "v")
                line = Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(event);
            }
            String query = randomText(random, alphabet.replace("\u0130", ""), 1 + random.nextInt(3));
            if (CaseFolding.fold(query).isBlank()) {
                continue;
            }
            String toolName = random.nextInt(4) == 0 ? randomText(random, alphabet, 3) : null;
            assertThat(new JsonTextMatcher(query).mayMatch(line, 0, line.length, toolName))
                    .as("'%s' in %s (tool %s)", query, new String(line, StandardCharsets.UTF_8), toolName)
                    .isEqualTo(eachWordInOneString(query, event.get("data"), toolName));
        }
    }

    private static com.fasterxml.jackson.databind.JsonNode randomPayload(Random random, String alphabet, int depth) {
        int kind = random.nextInt(depth == 0 ? 4 : 5);
        return switch (kind) {
            case 0 -> Json.MAPPER.getNodeFactory().textNode(randomText(random, alphabet, random.nextInt(40)));
            case 1 -> {
                var array = Json.MAPPER.createArrayNode();
                for (int i = random.nextInt(3); i > 0; i--) {
                    array.add(depth < 2 ? randomPayload(random, alphabet, depth + 1) : Json.MAPPER.getNodeFactory().textNode("x"));
                }
                yield array;
            }
            case 4 -> random.nextBoolean() ? Json.MAPPER.getNodeFactory().numberNode(7) : Json.MAPPER.getNodeFactory().nullNode();
            default -> {
                ObjectNode object = Json.object();
                for (int i = 1 + random.nextInt(3); i > 0; i--) {
                    object.set(randomText(random, "kK\u212a", 1 + random.nextInt(2)),
                            depth < 2 ? randomPayload(random, alphabet, depth + 1) : Json.MAPPER.getNodeFactory().textNode(randomText(random, alphabet, 5)));
                }
                yield object;
            }
        };
    }

    /** What the matcher promises, worked out the slow way: every string value of the payload, folded. */
    private static boolean eachWordInOneString(String query, com.fasterxml.jackson.databind.JsonNode payload, String toolName) {
        java.util.List<String> strings = new java.util.ArrayList<>();
        if (toolName != null) {
            strings.add(CaseFolding.fold(toolName));
        }
        collectStrings(payload, strings);
        for (String word : CaseFolding.fold(query).split(" ")) {
            if (!word.isEmpty() && strings.stream().noneMatch(s -> s.contains(word))) {
                return false;
            }
        }
        return true;
    }

    private static void collectStrings(com.fasterxml.jackson.databind.JsonNode node, List<String> strings) {
        if (node.isTextual()) {
            strings.add(CaseFolding.fold(node.textValue()));
        }
        node.forEach(child -> collectStrings(child, strings));
    }

    @Test
    void neverMissesAPieceOfTheSearchText() {
        neverMissesAPieceOf("aAbBzZ \n\t\"\\/\u00e9\u00c9\u0130\u03a3\u03c3\u03c2\u4e2d\ud83d\ude00\u00df\u1e9e", 20261130L);
    }

    @Test
    void neverMissesAPieceOfAnAsciiSearchText() {
        neverMissesAPieceOf("aAbBzZ09 :.-\n\t\r\b\f\"\\/\u0001\u001f\u007f", 20261205L);
    }

    private static void neverMissesAPieceOf(String alphabet, long seed) {
        Random random = new Random(seed);
        for (int round = 0; round < 3000; round++) {
            ObjectNode data = Json.object();
            int strings = 1 + random.nextInt(3);
            for (int s = 0; s < strings; s++) {
                data.put("k" + s, randomText(random, alphabet, 1 + random.nextInt(12)));
            }
            String toolName = random.nextBoolean() ? randomText(random, alphabet, 4) : null;
            String searchText = TreeSearchText.of(toolName, data);
            int from = random.nextInt(searchText.length());
            int to = Math.min(searchText.length(), from + 1 + random.nextInt(8));
            String query = searchText.substring(from, to).strip();
            if (query.isEmpty() || Character.isLowSurrogate(query.charAt(0))) {
                continue;
            }
            String upper = random.nextBoolean() ? query.toUpperCase(Locale.ROOT) : query;
            String matched = upper.toLowerCase(Locale.ROOT);
            if (!searchText.contains(matched)) {
                continue; // uppercasing and back is not always the identity (e.g. dotless i)
            }
            byte[] line = line(data, random.nextBoolean());
            assertThat(new JsonTextMatcher(upper).mayMatch(line, 0, line.length, toolName))
                    .as("'%s' in %s (tool %s)", upper, new String(line, StandardCharsets.UTF_8), toolName).isTrue();
        }
    }

    @Test
    void aLineItVouchesForMatchesItsSearchTextAndMostPlainLinesAreVouchedFor() throws Exception {
        Random random = new Random(20261206L);
        // ASCII with letters of both cases, escapes and a few characters beyond ASCII (U+0130 grows when lowercased)
        String alphabet = "aAbBzZ09:.-_ \n\t\"\\/\u00e9\u0130\u212a\u4e2d";
        int vouched = 0;
        int checked = 0;
        for (int round = 0; round < 6000; round++) {
            ObjectNode data = Json.object();
            int strings = 1 + random.nextInt(4);
            // long strings now and then, so that words sit across the search text's length and beyond it
            for (int k = 0; k < strings; k++) {
                int length = random.nextInt(5) == 0 ? 900 + random.nextInt(2500) : random.nextInt(30);
                String text = random.nextInt(3) == 0 ? randomText(random, alphabet, length) : randomText(random, "aAbBzZ09:.-_ ", length);
                if (random.nextInt(8) == 0) {
                    data.putArray("list" + k).add(text).add("");
                } else {
                    data.put(random.nextInt(10) == 0 ? "d\u00e4ta" + k : "k" + k, text);
                }
            }
            String toolName = switch (random.nextInt(4)) {
                case 0 -> null;
                case 1 -> "";
                case 2 -> "Bash";
                default -> "T\u0130ool";
            };
            String searchText = SearchText.ofLine(toolName, line(data, false), 0, line(data, false).length);
            String query = switch (searchText.isEmpty() ? 0 : random.nextInt(3)) {
                case 0 -> randomText(random, "abzAB09:.", 1 + random.nextInt(3));
                case 1 -> pieceOf(searchText, random);
                // words the text holds, seldom side by side
                default -> pieceOf(searchText, random).strip() + " " + pieceOf(searchText, random).strip();
            };
            query = random.nextBoolean() ? query.toUpperCase(Locale.ROOT) : query;
            if (query.isBlank() || Character.isLowSurrogate(query.charAt(0))) {
                continue;
            }
            String lower = query.strip().toLowerCase(Locale.ROOT);
            for (byte[] line : List.of(line(data, false), line(data, true), Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsBytes(
                    Json.object().put("id", "e1").set("data", data)))) {
                JsonTextMatcher matcher = new JsonTextMatcher(query);
                if (matcher.mayMatch(line, 0, line.length, toolName) && matcher.surelyMatches()) {
                    vouched++;
                    assertThat(SearchText.ofLine(toolName, line, 0, line.length)).as("'%s' in %s (tool %s)", query,
                            new String(line, StandardCharsets.UTF_8), toolName).contains(lower);
                }
                checked++;
            }
        }
        assertThat(vouched).as("lines vouched for, of %d", checked).isGreaterThan(checked / 10);
    }

    private static String pieceOf(String text, Random random) {
        int from = random.nextInt(text.length());
        return text.substring(from, Math.min(text.length(), from + 1 + random.nextInt(6)));
    }

    @Test
    void vouchesOnlyForAWordThatEndsWithinTheSearchTextsLength() throws Exception {
        String filler = "x".repeat(SearchText.MAX_LENGTH - 8);
        for (int shift = 0; shift <= 6; shift++) {
            // "Bash" (4), a space, the filler, a space: the word starts at MAX_LENGTH - 2 + shift
            ObjectNode data = Json.object().put("a", filler).put("b", "y".repeat(shift) + "needle");
            byte[] line = line(data, false);
            JsonTextMatcher matcher = new JsonTextMatcher("NEEDLE");
            assertThat(matcher.mayMatch(line, 0, line.length, "Bash")).isTrue();
            int end = 4 + 1 + filler.length() + 1 + shift + 6;
            assertThat(matcher.surelyMatches()).as("the word ends at %d", end).isEqualTo(end <= SearchText.MAX_LENGTH);
            assertThat(SearchText.ofLine("Bash", line, 0, line.length).contains("needle")).isEqualTo(end <= SearchText.MAX_LENGTH);
        }
    }

    @Test
    void vouchesForAPhraseInsideOneAsciiStringOnly() {
        byte[] line = line(Json.object().put("out", "tests passed").put("note", "caf\u00e9 ok"), false);
        for (String query : List.of("passed caf\u00e9", "caf\u00e9", "OK", "tests\tpassed")) {
            JsonTextMatcher matcher = new JsonTextMatcher(query);
            matcher.mayMatch(line, 0, line.length, null);
            assertThat(matcher.surelyMatches()).as("%s: across strings, beyond ASCII, in a string beyond ASCII, a tab", query).isFalse();
        }
        for (String query : List.of("Passed", "tests passed", " S PAS ")) {
            JsonTextMatcher matcher = new JsonTextMatcher(query);
            assertThat(matcher.mayMatch(line, 0, line.length, null)).as(query).isTrue();
            assertThat(matcher.surelyMatches()).as(query).isTrue();
        }
    }

    private static boolean mayMatch(String query, byte[] line) {
        return new JsonTextMatcher(query).mayMatch(line, 0, line.length, null);
    }

    private static byte[] line(ObjectNode data, boolean escapeNonAscii) {
        ObjectNode event = Json.object().put("id", "e1").put("type", "tool.result");
        event.set("data", data);
        try {
            return escapeNonAscii ? ESCAPING_NON_ASCII.writeValueAsBytes(event) : Json.MAPPER.writeValueAsBytes(event);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private static String randomText(Random random, String alphabet, int codePoints) {
        int[] available = alphabet.codePoints().toArray();
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < codePoints; i++) {
            text.appendCodePoint(available[random.nextInt(available.length)]);
        }
        return text.toString();
    }
}
