package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import java.math.BigInteger;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class TimestampsTest {

    @ParameterizedTest
    @ValueSource(strings = {"2026-02-07T00:13:59Z", "2026-02-07T00:13:59.2Z", "2026-02-07T00:13:59.219Z", "2026-02-07T00:13:59.000Z",
            "2025-09-07T09:52:03.071Z", "2024-02-29T23:59:59.123456Z", "1970-01-01T00:00:00.000000001Z", "2026-12-31T23:59:59.999999999Z"})
    void readsTheCommonUtcSpellingAsInstantParseDoes(String text) {
        assertThat(Timestamps.parseText(text)).isEqualTo(Instant.parse(text));
    }

    @Test
    void theGeneralParsersStillReadOffsetsAndLocalTimes() {
        assertThat(Timestamps.parseText("2026-02-07T01:13:59+01:00")).isEqualTo(Instant.parse("2026-02-07T00:13:59Z"));
        assertThat(Timestamps.parseText("2026-02-07T00:13:59.5")).isEqualTo(Instant.parse("2026-02-07T00:13:59.500Z"));
    }

    @Test
    void readsEpochNanosAsTheBigIntegerReadingDoes() {
        JsonNodeFactory nodes = JsonNodeFactory.instance;
        List<JsonNode> values = new ArrayList<>(List.of(nodes.textNode("1767225602682000000"), nodes.textNode(" 1767225602682000001 "),
                nodes.textNode("999999999999999999"), nodes.textNode("1000000000000000000"), nodes.textNode("9223372036854775807"),
                nodes.textNode("9223372036854775808"), nodes.textNode("9999999999999999999"), nodes.textNode("9223372036854775799"), nodes.textNode("000000000000000000000001"), nodes.textNode("0"), nodes.textNode(""),
                nodes.textNode("+5"), nodes.textNode("-5"), nodes.textNode("1e9"), nodes.textNode("12a"), nodes.textNode("1000000000000000000000000000000"),
                nodes.numberNode(0L), nodes.numberNode(-1L), nodes.numberNode(Long.MAX_VALUE), nodes.numberNode(1.5e18),
                nodes.numberNode(new BigInteger("100000000000000000000")), nodes.booleanNode(true), nodes.nullNode()));
        Random random = new Random(7);
        for (int i = 0; i < 20_000; i++) {
            long nanos = random.nextLong() >>> random.nextInt(64);
            values.add(random.nextBoolean() ? nodes.textNode(Long.toString(nanos)) : nodes.numberNode(nanos));
        }
        for (JsonNode value : values) {
            assertThat(Timestamps.fromEpochNanos(value)).as("%s", value).isEqualTo(throughBigInteger(value));
        }
    }

    /** What fromEpochNanos gave before it read small values as longs. */
    private static Instant throughBigInteger(JsonNode value) {
        BigInteger nanos = Timestamps.integer(value);
        if (nanos == null || nanos.signum() <= 0) {
            return null;
        }
        BigInteger[] split = nanos.divideAndRemainder(BigInteger.valueOf(1_000_000_000L));
        try {
            return Instant.ofEpochSecond(split[0].longValueExact(), split[1].longValue());
        } catch (ArithmeticException | java.time.DateTimeException beyondAnyInstant) {
            return null;
        }
    }
}
