package dev.forkline.importers.otel;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import dev.forkline.trace.Json;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeptKeysTest {

    @Test
    void allKeysAreKeptAsTheirText() throws Exception {
        assertThat(keyAt(KeptKeys.ALL, "\"gen_ai.x\"")).isEqualTo("gen_ai.x");
    }

    /** Keys as the parser gives them (escaped, beyond ASCII, long, of a kept key's length), against a set's answer. */
    @Test
    void namedKeysAreFoundAsTheSetFindsThem() throws Exception {
        Random random = new Random(20);
        String alphabet = "abcdefgh._é\u4e2d";
        for (int round = 0; round < 300; round++) {
            Set<String> named = new HashSet<>();
            List<String> asked = new ArrayList<>();
            for (int i = random.nextInt(12); i >= 0; i--) {
                String key = word(random, alphabet, 1 + random.nextInt(round % 10 == 0 ? 90 : 12));
                named.add(key);
                asked.add(key);
                asked.add(key.substring(0, key.length() - 1) + (key.endsWith("a") ? "b" : "a")); // same length, one char off
                asked.add(key + "a");
            }
            for (int i = 0; i < 20; i++) {
                asked.add(word(random, alphabet, random.nextInt(70)));
            }
            KeptKeys kept = KeptKeys.only(named);
            for (String key : asked) {
                String found = keyAt(kept, Json.MAPPER.writeValueAsString(key));
                String escaped = keyAt(kept, Json.MAPPER.writeValueAsString(key).replace("a", "\\u0061"));
                if (named.contains(key)) {
                    assertThat(found).as(key).isEqualTo(key).isSameAs(escaped).isSameAs(named.stream().filter(key::equals).findFirst().orElseThrow());
                } else {
                    assertThat(found).as(key).isNull();
                    assertThat(escaped).as(key).isNull();
                }
            }
        }
    }

    private static String word(Random random, String alphabet, int length) {
        StringBuilder word = new StringBuilder();
        for (int i = 0; i < length; i++) {
            word.append(alphabet.charAt(random.nextInt(alphabet.length())));
        }
        return word.toString();
    }

    private static String keyAt(KeptKeys kept, String jsonString) throws Exception {
        try (JsonParser parser = Json.MAPPER.createParser("[" + jsonString + "]")) {
            parser.nextToken();
            assertThat(parser.nextToken()).isEqualTo(JsonToken.VALUE_STRING);
            return kept.keyAt(parser);
        }
    }
}
