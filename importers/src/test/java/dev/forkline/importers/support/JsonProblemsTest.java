package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.core.JsonProcessingException;
import dev.forkline.trace.Json;
import org.junit.jupiter.api.Test;

/** Malformed lines described in plain words, with the column, without parser internals. */
class JsonProblemsTest {

    @Test
    void saysWhatIsWrongAndWhere() {
        assertThat(problem("{\"a\":1} {\"b\":2}")).isEqualTo("two JSON values on one line (the second starts at column 9)");
        assertThat(problem("{\"a\":\"cut off her")).startsWith("the line ends inside a string");
        assertThat(problem("{\"a\":[1,2")).startsWith("the line ends before the JSON value is complete");
        assertThat(problem("{'a':1}")).isEqualTo("unexpected ' at column 2 (JSON strings need double quotes)");
        assertThat(problem("{\"a\":1,\"a\":2}")).startsWith("a key appears twice in one object (a)");
        assertThat(problem("{\"a\":1} {\"b\":2}") + problem("{'a':1}")).doesNotContain("token", "Source", "code 39");
    }

    private static String problem(String line) {
        try {
            Json.MAPPER.readTree(line);
            throw new AssertionError("parsed: " + line);
        } catch (JsonProcessingException e) {
            return JsonProblems.describe(e);
        }
    }
}
