package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.forkline.trace.Json;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** {@link LineTokens} passes over what a tree reading accepts and throws on what it rejects, repeated keys at any depth included. */
class LineTokensTest {

    @Test
    void refusesAKeyRepeatedInTheSameObjectOnly() {
        String many = "\"k0\":0" + java.util.stream.IntStream.range(1, 40).mapToObj(i -> ",\"k" + i + "\":" + i).reduce("", String::concat);
        List<String> refused = List.of(
                "{\"a\":1,\"a\":2}",
                "{\"a\":{\"b\":1,\"c\":{\"d\":1},\"b\":2}}",
                "{\"a\":[{\"x\":1},{\"y\":1,\"y\":2}]}",
                "{\"a\":{\"n\":{\"m\":1}},\"b\":1,\"a\":3}",
                "{\"big\":{" + many + ",\"k39\":1}}",
                "{\"big\":{" + many + ",\"in\":{\"k1\":1,\"k1\":2}}}",
                "{\"t\":{\"agentId\":\"x\",\"agentId\":\"y\"}}",
                "{\"m\":{\"a\":1,\"a\":1}}");
        List<String> accepted = List.of(
                "{\"a\":{\"a\":{\"a\":1}},\"b\":[{\"a\":1},{\"a\":2}]}",
                "{\"a\":{\"b\":1},\"c\":{\"b\":2},\"b\":3}",
                "{\"big\":{" + many + ",\"in\":{\"k1\":1}},\"k1\":2}",
                "{\"x\":{" + many + "},\"y\":{\"k1\":1},\"z\":[{" + many + "},{" + many + "}]}",
                "{}");
        for (String line : refused) {
            assertThat(treeAccepts(line)).as(line).isFalse();
            assertThat(tokensAccept(line)).as(line).isFalse();
        }
        for (String line : accepted) {
            assertThat(treeAccepts(line)).as(line).isTrue();
            assertThat(tokensAccept(line)).as(line).isTrue();
        }
    }

    @Test
    void acceptsWhatTheTreeAcceptsOnRandomObjectsWithFewNames() {
        Random random = new Random(20261203);
        int refused = 0;
        for (int i = 0; i < 20_000; i++) {
            StringBuilder line = new StringBuilder();
            object(random, line, 0);
            boolean tree = treeAccepts(line.toString());
            assertThat(tokensAccept(line.toString())).as(line.toString()).isEqualTo(tree);
            refused += tree ? 0 : 1;
        }
        assertThat(refused).isBetween(2_000, 18_000);
    }

    /**
     * An object of up to 24 members, nested a few levels, whose names are either distinct letters or drawn from a few (so
     * that repeats are common).
     */
    private static void object(Random random, StringBuilder out, int depth) {
        out.append('{');
        int members = random.nextInt(random.nextInt(4) == 0 ? 24 : 5);
        boolean distinct = random.nextBoolean();
        List<Character> letters = new java.util.ArrayList<>("abcdefghijklmnopqrstuvwxyz".chars().mapToObj(c -> (char) c).toList());
        java.util.Collections.shuffle(letters, random);
        for (int i = 0; i < members; i++) {
            if (i > 0) {
                out.append(',');
            }
            out.append('"').append(distinct ? letters.get(i) : (char) ('a' + random.nextInt(members > 6 ? 26 : 6))).append("\":");
            int kind = depth > 3 ? 0 : random.nextInt(4);
            switch (kind) {
                case 1 -> object(random, out, depth + 1);
                case 2 -> {
                    out.append('[');
                    object(random, out, depth + 1);
                    out.append(",1,");
                    object(random, out, depth + 1);
                    out.append(']');
                }
                default -> out.append(random.nextInt(100));
            }
        }
        out.append('}');
    }

    private static boolean treeAccepts(String line) {
        try {
            Json.MAPPER.readTree(line);
            return true;
        } catch (JsonProcessingException e) {
            return false;
        }
    }

    /** Reads every member as the first passes do: a few as text, {@code t} through textMember, {@code m} as a tree, the rest skipped. */
    private static boolean tokensAccept(String line) {
        byte[] bytes = ("xy" + line).getBytes(StandardCharsets.UTF_8);
        try (LineTokens tokens = LineTokens.open(bytes, 2, bytes.length - 2)) {
            for (String name = tokens.nextMember(); name != null; name = tokens.nextMember()) {
                switch (name) {
                    case "b" -> tokens.text();
                    case "t" -> tokens.textMember("agentId");
                    case "m" -> tokens.tree();
                    default -> tokens.skip();
                }
            }
            return tokens.endsHere();
        } catch (IOException e) {
            return false;
        }
    }
}
