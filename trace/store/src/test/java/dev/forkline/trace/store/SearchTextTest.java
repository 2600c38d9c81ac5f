package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.testing.RepositoryFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class SearchTextTest {

    @Test
    void collectsTheToolNameAndEveryStringOfThePayloadLowercased() throws Exception {
        ObjectNode data = Json.object();
        data.put("callId", "C1").put("exitCode", 2);
        data.putObject("arguments").put("Command", "Make TEST").putArray("flags").add("-V").add(3);

        assertThat(ofLine("Bash", event(data))).isEqualTo("bash c1 make test -v");
    }

    @Test
    void readsOnlyThePayloadWhereverItIsInTheLine() throws Exception {
        ObjectNode line = Json.object();
        line.putObject("before").put("text", "not this").putArray("list").add("nor this");
        line.set("data", Json.object().put("text", "This"));
        line.put("after", "nor that");

        assertThat(ofLine(null, line)).isEqualTo("this");
        assertThat(ofLine("Read", Json.object().put("id", "e1"))).isEqualTo("read");
        assertThat(ofLine(null, Json.object().put("data", "A Text Payload"))).isEqualTo("a text payload");
    }

    @Test
    void isBoundedEvenWhenLowercasingGrowsTheText() throws Exception {
        ObjectNode data = Json.object();
        data.put("stdout", "\u0130".repeat(10_000));

        assertThat(ofLine(null, event(data))).hasSize(SearchText.MAX_LENGTH);
    }

    @Test
    void aLineThatIsNotJsonIsAnError() {
        byte[] line = "{\"data\": {\"text\": \"cut".getBytes(StandardCharsets.UTF_8);

        assertThatThrownBy(() -> SearchText.ofLine(null, line, 0, line.length)).isInstanceOf(IOException.class);
    }

    @Test
    void agreesWithThePayloadsTreeOnEverySampleEvent() throws Exception {
        List<Path> traces;
        try (Stream<Path> files = Files.walk(RepositoryFiles.resolve("sample-traces"))) {
            traces = files.filter(file -> file.getFileName().toString().equals("trace.jsonl")).sorted().toList();
        }
        int lines = 0;
        for (Path trace : traces) {
            for (String text : Files.readAllLines(trace)) {
                if (text.isBlank()) {
                    continue;
                }
                JsonNode line = Json.MAPPER.readTree(text);
                byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
                String tool = line.path("data").path("tool").asText(null);
                assertThat(SearchText.ofLine(tool, bytes, 0, bytes.length)).as("%s: %s", trace, text)
                        .isEqualTo(TreeSearchText.of(tool, line.path("data")));
                lines++;
            }
        }
        assertThat(lines).isGreaterThan(100);
    }

    @Test
    void agreesWithThePayloadsTreeOnRandomPayloads() throws Exception {
        Random random = new Random(20261205L);
        for (int round = 0; round < 5_000; round++) {
            JsonNode data = randomValue(random, 0);
            String tool = random.nextInt(3) == 0 ? "Tool" + random.nextInt(9) : null;
            assertThat(ofLine(tool, event(data))).as("%s", data).isEqualTo(TreeSearchText.of(tool, data));
        }
    }

    @Test
    void likeWildcardsInTheQueryAreTakenLiterally() {
        assertThat(SearchText.containsPattern("100%_Done\\")).isEqualTo("%100\\%\\_done\\\\%");
    }

    private static JsonNode randomValue(Random random, int depth) {
        int kind = depth >= 3 ? random.nextInt(3) : random.nextInt(5);
        return switch (kind) {
            case 0 -> Json.MAPPER.getNodeFactory().textNode(randomText(random));
            case 1 -> Json.MAPPER.getNodeFactory().numberNode(random.nextInt(1000));
            case 2 -> random.nextBoolean() ? Json.MAPPER.getNodeFactory().nullNode() : Json.MAPPER.getNodeFactory().booleanNode(true);
            case 3 -> {
                ArrayNode array = Json.MAPPER.createArrayNode();
                for (int i = random.nextInt(4); i > 0; i--) {
                    array.add(randomValue(random, depth + 1));
                }
                yield array;
            }
            default -> {
                ObjectNode object = Json.object();
                for (int i = random.nextInt(4); i > 0; i--) {
                    object.set("k" + random.nextInt(20), randomValue(random, depth + 1));
                }
                yield object;
            }
        };
    }

    private static String randomText(Random random) {
        String[] pieces = {"", "a", "Bc", " ", "\u0130", "\u00e9", "\n", "\"", "x".repeat(1500), "\ud83d\ude00"};
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(4); i > 0; i--) {
            text.append(pieces[random.nextInt(pieces.length)]);
        }
        return text.toString();
    }

    private static ObjectNode event(JsonNode data) {
        ObjectNode line = Json.object().put("id", "e1").put("type", "tool.result");
        line.putObject("causes").putArray("ids").add("e0");
        line.set("data", data);
        line.put("hash", "ab");
        return line;
    }

    private static String ofLine(String tool, ObjectNode line) throws IOException {
        byte[] bytes = Json.MAPPER.writeValueAsBytes(line);
        byte[] padded = new byte[bytes.length + 10];
        System.arraycopy(bytes, 0, padded, 5, bytes.length);
        return SearchText.ofLine(tool, padded, 5, 5 + bytes.length);
    }
}
