package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Found by the importer fuzz test: numbers whose exponent does not fit made Jackson throw a bare NumberFormatException
 * out of every importer, and numbers beyond a double's range were read but made hashing throw IllegalArgumentException.
 * They are now malformed JSON like any other, reported with file and line.
 */
class UnrepresentableNumbersTest {

    @ParameterizedTest
    @ValueSource(strings = {"1e999999999", "1e400", "-1.7976931348623159e308", "0.5e2147483648", "1E+99999999999",
            "1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"
                    + "1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"
                    + "1234567890123456789012345678901234567890123456789012345678901234567890123456789012345678901234567890"
                    + "12345678901234567890"})
    void anEventLineWithAnUnrepresentableNumberIsAFormatErrorNamingFileAndLine(String number) {
        String line = "{\"id\":\"e1\",\"run\":\"r1\",\"seq\":1,\"ts\":\"2026-03-01T10:00:00Z\",\"actor\":\"harness\","
                + "\"type\":\"note\",\"causes\":[],\"state\":[],\"data\":{\"x\":" + number + "},\"prev\":null,\"hash\":null}";

        assertThatThrownBy(() -> EventCodec.parseLine(line, "trace.jsonl", 7))
                .isInstanceOf(TraceFormatException.class)
                .hasMessageStartingWith("trace.jsonl:7: ");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\": 1e9999999999}", "[1, 2, -1e400]"})
    void theSharedMapperReportsThemAsJsonErrors(String json) {
        assertThatThrownBy(() -> Json.MAPPER.readTree(json)).isInstanceOf(JsonProcessingException.class)
                .hasMessageContaining("unrepresentable number");
    }

    @ParameterizedTest
    @ValueSource(strings = {"{\"a\": 1.5e300}", "{\"a\": 12345678901234567890123}", "{\"a\": -0.0}", "{\"a\": 1e-999999999}"})
    void largeButRepresentableNumbersStillRead(String json) throws Exception {
        JsonNode node = Json.MAPPER.readTree(json);
        assertThat(node.get("a").isNumber()).isTrue();
    }
}
