package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class CanonicalJsonTest {

    private static String canonical(String json) throws Exception {
        return CanonicalJson.write(Json.MAPPER.readTree(json));
    }

    /** RFC 8785 Appendix B: IEEE 754 bit patterns and their ECMAScript text. */
    @ParameterizedTest
    @CsvSource({
            "0000000000000000, 0",
            "8000000000000000, 0",
            "0000000000000001, 5e-324",
            "8000000000000001, -5e-324",
            "7fefffffffffffff, 1.7976931348623157e+308",
            "ffefffffffffffff, -1.7976931348623157e+308",
            "4340000000000000, 9007199254740992",
            "c340000000000000, -9007199254740992",
            "4430000000000000, 295147905179352830000",
            "44b52d02c7e14af5, 9.999999999999997e+22",
            "44b52d02c7e14af6, 1e+23",
            "44b52d02c7e14af7, 1.0000000000000001e+23",
            "444b1ae4d6e2ef4e, 999999999999999700000",
            "444b1ae4d6e2ef4f, 999999999999999900000",
            "444b1ae4d6e2ef50, 1e+21",
            "3eb0c6f7a0b5ed8c, 9.999999999999997e-7",
            "3eb0c6f7a0b5ed8d, 0.000001",
            "41b3de4355555553, 333333333.3333332",
            "41b3de4355555554, 333333333.33333325",
            "41b3de4355555555, 333333333.3333333",
            "41b3de4355555556, 333333333.3333334",
            "41b3de4355555557, 333333333.33333343",
            "becbf647612f3696, -0.0000033333333333333333",
            "43143ff3c1cb0959, 1424953923781206.2",
    })
    void formatsNumbersLikeEcmaScript(String bits, String expected) {
        double value = Double.longBitsToDouble(Long.parseUnsignedLong(bits, 16));
        assertThat(CanonicalJson.formatDouble(value)).isEqualTo(expected);
    }

    @Test
    void rejectsNanAndInfinity() {
        assertThatThrownBy(() -> CanonicalJson.formatDouble(Double.NaN)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> CanonicalJson.formatDouble(Double.POSITIVE_INFINITY)).isInstanceOf(IllegalArgumentException.class);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "1e21 | 1e+21",
            "1E-7 | 1e-7",
            "1e-7 | 1e-7",
            "333333333.33333329 | 333333333.3333333",
            "-0 | 0",
            "-0.0 | 0",
            "5e-324 | 5e-324",
            "1E30 | 1e+30",
            "4.50 | 4.5",
            "2e-3 | 0.002",
            "0.000000000000000000000000001 | 1e-27",
            "100 | 100",
            "1.0 | 1",
            "123456789012345678901234567890 | 1.2345678901234568e+29",
            "9007199254740993 | 9007199254740992",
            "9007199254740991 | 9007199254740991",
            "-9007199254740991 | -9007199254740991",
            "-9223372036854775808 | -9223372036854776000",
            "9223372036854775807 | 9223372036854776000",
            "18446744073709551616 | 18446744073709552000",
            "0.1 | 0.1",
            "1e20 | 100000000000000000000",
            "0.0000001 | 1e-7",
            "0.000001 | 0.000001",
    })
    void canonicalizesParsedNumbers(String json, String expected) throws Exception {
        assertThat(canonical(json)).isEqualTo(expected);
    }

    @Test
    void matchesTheRfcExampleOfSection3_2_2() throws Exception {
        String input = """
                {
                  "numbers": [333333333.33333329, 1E30, 4.50, 2e-3, 0.000000000000000000000000001],
                  "string": "\\u20ac$\\u000F\\u000aA'\\u0042\\u0022\\u005c\\\\\\"\\/",
                  "literals": [null, true, false]
                }""";
        assertThat(canonical(input)).isEqualTo(
                "{\"literals\":[null,true,false],\"numbers\":[333333333.3333333,1e+30,4.5,0.002,1e-27],\"string\":\"€$\\u000f\\nA'B\\\"\\\\\\\\\\\"/\"}");
    }

    @Test
    void sortsMembersByUtf16CodeUnitsAsInSection3_2_3() throws Exception {
        String input = """
                {
                  "\\u20ac": "Euro Sign",
                  "\\r": "Carriage Return",
                  "\\ufb33": "Hebrew Letter Dalet With Dagesh",
                  "1": "One",
                  "\\ud83d\\ude00": "Emoji: Grinning Face",
                  "\\u0080": "Control",
                  "\\u00f6": "Latin Small Letter O With Diaeresis"
                }""";
        JsonNode node = Json.MAPPER.readTree(input);
        String canonical = CanonicalJson.write(node);
        assertThat(canonical).isEqualTo("{\"\\r\":\"Carriage Return\",\"1\":\"One\",\"\u0080\":\"Control\",\"ö\":\"Latin Small Letter O With Diaeresis\","
                + "\"€\":\"Euro Sign\",\"\uD83D\uDE00\":\"Emoji: Grinning Face\",\"\uFB33\":\"Hebrew Letter Dalet With Dagesh\"}");
    }

    @Test
    void escapesOnlyWhatItMust() throws Exception {
        assertThat(canonical("\"\\u0000\\u001f\\b\\f\\t\\n\\r/\\u007f\\u2028é\"")).isEqualTo("\"\\u0000\\u001f\\b\\f\\t\\n\\r/\u007f\u2028é\"");
    }

    @Test
    void writesPlainAndEscapedStringsAlike() throws Exception {
        assertThat(canonical("{\"plain\":\"abc é 😀\",\"esc\":\"a\\\"b\\\\c\"}")).isEqualTo("{\"esc\":\"a\\\"b\\\\c\",\"plain\":\"abc é 😀\"}");
    }

    /**
     * Random strings rich in what needs escaping, pairs and lone surrogates: written as the UTF-8 of a
     * character-by-character reading of RFC 8785, read back as the same text, and refused where a surrogate is alone.
     * Some are long enough to be encoded in several steps, with a pair or a lone surrogate where one step ends.
     */
    @Test
    void writesRandomStringsAsTheRulesSay() throws Exception {
        char[] alphabet = {'a', 'Z', ' ', '/', '"', '\\', '\n', '\t', '\b', '\u0001', '\u001f', '\u007f', '\u00e9', '\u2028', '\ud83d', '\ude00'};
        SplittableRandom random = new SplittableRandom(11);
        for (int round = 0; round < 50_000; round++) {
            StringBuilder text = new StringBuilder();
            if (round % 100 == 0) {
                text.append("x".repeat(4096 * (1 + random.nextInt(2)) - 1 - random.nextInt(2)));
            }
            for (int i = random.nextInt(12); i > 0; i--) {
                text.append(random.nextInt(4) == 0 ? "\ud83d\ude00" : String.valueOf(alphabet[random.nextInt(alphabet.length)]));
            }
            assertWrittenByTheRules(text.toString());
        }
    }

    /**
     * Texts of 16 characters and more, mostly ASCII, which are copied a run at a time between the characters to
     * escape: every such character at every place in an eight-byte word, {@code ?} beside lone surrogates (which the
     * JDK's encoder writes as {@code ?}), and now and then a character beyond ASCII, which sends the text the long way.
     */
    @Test
    void writesLongAsciiTextsAsTheRulesSay() throws Exception {
        char[] alphabet = {'a', 'Z', ' ', '~', '?', '"', '\\', '\n', '\t', '\u0001', '\u001f', '\u007f'};
        char[] rare = {'\ud800', '\udc00', '\u00e9', '\u2028'};
        SplittableRandom random = new SplittableRandom(12);
        for (int round = 0; round < 50_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = 16 + random.nextInt(48); i > 0; i--) {
                int pick = random.nextInt(100);
                text.append(pick < 70 ? 'x' : pick < 98 ? alphabet[random.nextInt(alphabet.length)] : rare[random.nextInt(rare.length)]);
            }
            assertWrittenByTheRules(text.toString());
        }
    }

    /** The text written as the UTF-8 of {@link #byTheRules}, read back as itself, or refused for a lone surrogate. */
    private static void assertWrittenByTheRules(String value) throws Exception {
        String expected = byTheRules(value);
        if (expected == null) {
            assertThatThrownBy(() -> CanonicalOutput.reused().string(value)).as(value).hasMessageContaining("lone surrogate");
            return;
        }
        CanonicalOutput written = CanonicalOutput.reused().string(value);
        assertThat(written.toByteArray()).as(value).isEqualTo(expected.getBytes(StandardCharsets.UTF_8));
        assertThat(Json.MAPPER.readTree(written.toString()).textValue()).isEqualTo(value);
    }

    @Test
    void writesIntegersOfEveryLength() {
        for (long value : new long[] {0, 7, -7, 10, 99, 100, -100, 123_456_789, 9_007_199_254_740_991L, -9_007_199_254_740_991L,
                Long.MAX_VALUE, Long.MIN_VALUE}) {
            assertThat(CanonicalOutput.reused().decimal(value).toString()).isEqualTo(Long.toString(value));
        }
    }

    /** RFC 8785 3.2.2.2 one character at a time; null for a lone surrogate. */
    private static String byTheRules(String value) {
        StringBuilder out = new StringBuilder("\"");
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (Character.isHighSurrogate(c) && i + 1 < value.length() && Character.isLowSurrogate(value.charAt(i + 1))) {
                out.append(c).append(value.charAt(++i));
            } else if (Character.isSurrogate(c)) {
                return null;
            } else if (c == '"' || c == '\\') {
                out.append('\\').append(c);
            } else if (c == '\b' || c == '\f' || c == '\n' || c == '\r' || c == '\t') {
                out.append('\\').append("bfnrt".charAt("\b\f\n\r\t".indexOf(c)));
            } else if (c < 0x20) {
                out.append(String.format("\\u%04x", (int) c));
            } else {
                out.append(c);
            }
        }
        return out.append('"').toString();
    }

    @Test
    void rejectsLoneSurrogates() throws Exception {
        JsonNode lone = Json.MAPPER.readTree("\"a\\ud800b\"");
        assertThatThrownBy(() -> CanonicalJson.write(lone)).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lone surrogate");
        JsonNode trailing = Json.MAPPER.readTree("\"\\udc00\"");
        assertThatThrownBy(() -> CanonicalJson.write(trailing)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void omitsAMemberWhenHashing() throws Exception {
        JsonNode node = Json.MAPPER.readTree("{\"b\":1,\"hash\":\"x\",\"a\":[1,{\"hash\":2}]}");
        assertThat(CanonicalJson.writeWithout(node, "hash")).isEqualTo("{\"a\":[1,{\"hash\":2}],\"b\":1}");
    }

    /**
     * Objects whose members are held in {@link ObjectMembers} (put in order or not, few or many) are written as the
     * same objects held in Jackson's own map, which are sorted as a list.
     */
    @Test
    void writesObjectsOfEitherMapAlike() {
        SplittableRandom random = new SplittableRandom(13);
        for (int round = 0; round < 2_000; round++) {
            ObjectNode tree = randomObject(random, 0);
            ObjectNode jacksons = jacksonsCopy(tree);
            assertThat(jacksons.properties()).isNotInstanceOf(ObjectMembers.Entries.class);
            assertThat(CanonicalJson.write(tree)).isEqualTo(CanonicalJson.write(jacksons));
            String omitted = tree.isEmpty() ? "none" : tree.fieldNames().next();
            assertThat(CanonicalJson.writeWithout(tree, omitted)).isEqualTo(CanonicalJson.writeWithout(jacksons, omitted));
        }
    }

    /** The tree with each object's members in Jackson's own map (as {@code JsonNodeFactory.instance} makes them). */
    private static ObjectNode jacksonsCopy(ObjectNode tree) {
        ObjectNode copy = JsonNodeFactory.instance.objectNode();
        tree.properties().forEach(member -> copy.set(member.getKey(),
                member.getValue() instanceof ObjectNode object ? jacksonsCopy(object) : member.getValue()));
        return copy;
    }

    private static ObjectNode randomObject(SplittableRandom random, int depth) {
        ObjectNode object = Json.object();
        int members = random.nextInt(random.nextInt(8) == 0 ? 50 : 10);
        boolean inOrder = random.nextBoolean();
        for (int i = 0; i < members; i++) {
            String name = inOrder ? String.format("m%03d", i) : "m" + random.nextInt(1000) + (random.nextBoolean() ? "\u00e9" : "");
            if (depth < 3 && random.nextInt(5) == 0) {
                object.set(name, randomObject(random, depth + 1));
            } else {
                object.put(name, random.nextInt());
            }
        }
        return object;
    }
}
