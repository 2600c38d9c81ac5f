package dev.forkline.importers.otel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.Samples;
import dev.forkline.importers.support.TestFiles;
import dev.forkline.trace.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class AnyValuesTest {

    private static JsonNode json(String singleQuoted) throws Exception {
        return Json.MAPPER.readTree(TestFiles.json(singleQuoted));
    }

    @Test
    void decodesEveryAnyValueKind() throws Exception {
        var values = AnyValues.keyValues(json("[{'key':'s','value':{'stringValue':'x'}},{'key':'i1','value':{'intValue':'9007199254740993'}},"
                + "{'key':'i2','value':{'intValue':7}},{'key':'d','value':{'doubleValue':'0.25'}},{'key':'b','value':{'boolValue':true}},"
                + "{'key':'a','value':{'arrayValue':{'values':[{'intValue':'1'},{'stringValue':'two'}]}}},"
                + "{'key':'k','value':{'kvlistValue':{'values':[{'key':'inner','value':{'boolValue':false}}]}}},"
                + "{'key':'empty','value':{}}]"));
        assertThat(values.get("s").asText()).isEqualTo("x");
        assertThat(values.get("i1").bigIntegerValue()).hasToString("9007199254740993");
        assertThat(values.get("i2").asLong()).isEqualTo(7);
        assertThat(values.get("d").decimalValue()).isEqualByComparingTo("0.25");
        assertThat(values.get("b").asBoolean()).isTrue();
        assertThat(values.get("a").toString()).isEqualTo("[1,\"two\"]");
        assertThat(values.get("k").path("inner").asBoolean(true)).isFalse();
        assertThat(values.get("empty").isNull()).isTrue();
    }

    @Test
    void idsKindsAndStatusesInTheirSeveralSpellings() throws Exception {
        assertThat(AnyValues.id(json("'5B8EFFF798038103D269B633813FC60C'"))).isEqualTo("5b8efff798038103d269b633813fc60c");
        assertThat(AnyValues.id(json("'W47/95gDgQPSabYzgT/GDA=='"))).isEqualTo("5b8efff798038103d269b633813fc60c");
        assertThat(AnyValues.id(json("''"))).isNull();
        assertThat(AnyValues.kind(json("3"))).isEqualTo("CLIENT");
        assertThat(AnyValues.kind(json("'SPAN_KIND_SERVER'"))).isEqualTo("SERVER");
        assertThat(AnyValues.status(json("2"))).isEqualTo("ERROR");
        assertThat(AnyValues.status(json("'STATUS_CODE_ERROR'"))).isEqualTo("ERROR");
        assertThat(AnyValues.status(json("'STATUS_CODE_OK'"))).isEqualTo("OK");
        assertThat(AnyValues.status(null)).isEqualTo("UNSET");
        var tags = AnyValues.jaegerTags(json("[{'key':'n','type':'int64','value':'42'},{'key':'f','type':'bool','value':'true'}]"));
        assertThat(tags.get("n").asLong()).isEqualTo(42);
        assertThat(tags.get("f").asBoolean()).isTrue();
    }

    /**
     * Random attribute lists, odd shapes included (entries that are not objects, keys that are not text or missing,
     * values that are not AnyValues, AnyValues with several kinds or none, nested lists): read as they stream by, they
     * give what the tree of the same text gives, node types included, and leave the parser right after the list.
     */
    @Test
    void readsKeyValuesAsTheyStreamAsFromATree() throws Exception {
        SplittableRandom random = new SplittableRandom(23);
        for (int round = 0; round < 20_000; round++) {
            String list = round % 50 == 0 ? oddValue(random) : entries(random, 0);
            assertStreamedAsTree(list);
        }
    }

    /** Every attributes list in the real samples (span, resource, event and nested ones), streamed and as a tree. */
    @Test
    void readsTheSamplesAttributesAsFromATree() throws Exception {
        List<Path> files = Samples.traceFiles();
        org.junit.jupiter.api.Assumptions.assumeFalse(files.isEmpty(), "shared/samples not found beside the repository: real-sample test skipped");
        int lists = 0;
        for (Path file : files) {
            for (JsonNode document : documents(file)) {
                List<JsonNode> found = new ArrayList<>();
                collectAttributes(document, found);
                for (JsonNode attributes : found) {
                    assertStreamedAsTree(attributes.toString());
                    lists++;
                }
            }
        }
        assertThat(lists).as("attribute lists in the samples").isGreaterThan(50);
    }

    /** Read as it streams by, whole and with only the entries of one key (as a skeleton keeps the placing ones). */
    private static void assertStreamedAsTree(String list) throws Exception {
        ObjectNode fromTree = AnyValues.keyValues(Json.VALUES.readTree(list));
        assertStreamedAs(list, KeptKeys.ALL, fromTree);
        ObjectNode oneKey = fromTree.deepCopy();
        oneKey.retain("k");
        assertStreamedAs(list, KeptKeys.only(java.util.Set.of("k")), oneKey);
    }

    private static void assertStreamedAs(String list, KeptKeys kept, ObjectNode expected) throws Exception {
        try (JsonParser parser = Json.MAPPER.createParser("{\"attributes\":" + list + ",\"after\":1}")) {
            parser.nextToken();
            parser.nextToken();
            parser.nextToken();
            ObjectNode streamed = AnyValues.readKeyValues(parser, kept);
            assertThat(streamed).as(list).isEqualTo(expected);
            assertThat(types(streamed)).as(list).isEqualTo(types(expected));
            assertThat(parser.nextToken()).as(list).isEqualTo(JsonToken.FIELD_NAME);
            assertThat(parser.currentName()).as(list).isEqualTo("after");
        }
    }

    /** The node classes of a tree, depth first: equal trees may still differ in them (a long and a big integer). */
    private static String types(JsonNode node) {
        StringBuilder out = new StringBuilder(node.getClass().getSimpleName());
        if (node.isContainerNode()) {
            out.append('(');
            node.forEach(child -> out.append(types(child)).append(' '));
            out.append(')');
        }
        return out.toString();
    }

    private static List<JsonNode> documents(Path file) throws Exception {
        List<JsonNode> documents = new ArrayList<>();
        try {
            documents.add(Json.MAPPER.readTree(file.toFile()));
        } catch (Exception notOneDocument) {
            List<String> lines;
            try {
                lines = Files.readAllLines(file);
            } catch (java.io.IOException notText) {
                return documents; // not UTF-8 text: no JSON in it
            }
            for (String line : lines) {
                try {
                    documents.add(Json.MAPPER.readTree(line));
                } catch (Exception notJson) {
                    // a line of another kind of file: no attributes in it
                }
            }
        }
        return documents;
    }

    private static void collectAttributes(JsonNode node, List<JsonNode> found) {
        if (node == null || !node.isContainerNode()) {
            return;
        }
        if (node.isObject()) {
            node.properties().forEach(member -> {
                if ((member.getKey().equals("attributes") || member.getKey().equals("values")) && member.getValue().isArray()) {
                    found.add(member.getValue());
                }
                collectAttributes(member.getValue(), found);
            });
        } else {
            node.forEach(child -> collectAttributes(child, found));
        }
    }

    private static final String[] KEYS = {"gen_ai.system", "k", "n", "\\u00e9t\\u00e9", ""};

    private static String entries(SplittableRandom random, int depth) {
        StringBuilder out = new StringBuilder("[");
        for (int i = random.nextInt(6); i > 0; i--) {
            out.append(entry(random, depth)).append(i > 1 ? "," : "");
        }
        return out.append(']').toString();
    }

    private static String entry(SplittableRandom random, int depth) {
        if (random.nextInt(15) == 0) {
            return oddValue(random);
        }
        String key = switch (random.nextInt(12)) {
            case 0 -> null;
            case 1 -> "\"key\":5";
            case 2 -> "\"key\":null";
            default -> "\"key\":\"" + KEYS[random.nextInt(KEYS.length)] + "\"";
        };
        String value = random.nextInt(12) == 0 ? null : "\"value\":" + anyValue(random, depth);
        List<String> members = new ArrayList<>();
        if (key != null) {
            members.add(key);
        }
        if (value != null) {
            members.add(random.nextInt(3) == 0 ? 0 : members.size(), value);
        }
        if (random.nextInt(8) == 0) {
            members.add(random.nextInt(members.size() + 1), "\"note\":[1,{\"a\":\"b\"}]");
        }
        return "{" + String.join(",", members) + "}";
    }

    private static String anyValue(SplittableRandom random, int depth) {
        if (random.nextInt(12) == 0) {
            return oddValue(random);
        }
        List<String> kinds = new ArrayList<>(List.of(kind(random, depth)));
        if (random.nextInt(8) == 0) {
            String second = kind(random, depth);
            if (!second.substring(0, second.indexOf(':')).equals(kinds.get(0).substring(0, kinds.get(0).indexOf(':')))) {
                kinds.add(random.nextInt(2), second);
            }
        }
        return "{" + String.join(",", kinds) + "}";
    }

    private static String kind(SplittableRandom random, int depth) {
        return switch (random.nextInt(depth < 2 ? 16 : 13)) {
            case 0, 1, 2, 3 -> "\"stringValue\":\"text " + random.nextInt(100) + "\\n\"";
            case 4 -> "\"stringValue\":" + oddValue(random);
            case 5 -> "\"intValue\":\"" + (random.nextBoolean() ? random.nextLong() : random.nextInt(1000)) + "\"";
            case 6 -> "\"intValue\":" + (random.nextBoolean() ? "9007199254740993123" : String.valueOf(random.nextInt(1000)));
            case 7 -> "\"intValue\":\"twelve\"";
            case 8 -> "\"doubleValue\":" + (random.nextBoolean() ? "0.25" : "\"1.5e3\"");
            case 9 -> "\"boolValue\":" + (random.nextBoolean() ? "true" : "\"false\"");
            case 10 -> "\"bytesValue\":\"AAE=\"";
            case 11 -> "\"other\":1";
            case 12 -> "\"doubleValue\":\"nan\"";
            case 13 -> "\"arrayValue\":{\"values\":[" + anyValue(random, depth + 1) + "," + anyValue(random, depth + 1) + "]}";
            case 14 -> "\"kvlistValue\":{\"values\":" + entries(random, depth + 1) + "}";
            default -> "\"arrayValue\":" + oddValue(random);
        };
    }

    private static String oddValue(SplittableRandom random) {
        return switch (random.nextInt(7)) {
            case 0 -> "null";
            case 1 -> "5";
            case 2 -> "\"plain\"";
            case 3 -> "[1,\"two\"]";
            case 4 -> "{}";
            case 5 -> "true";
            default -> "{\"values\":[]}";
        };
    }
}
