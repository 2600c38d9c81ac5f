package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.UtcStamps;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Parses the timestamp spellings agent traces use: RFC 3339 text (with or without offset) and Unix epoch numbers. */
public final class Timestamps {

    private static final BigInteger NANOS_PER_SECOND = BigInteger.valueOf(1_000_000_000L);

    private Timestamps() {
    }

    /** An RFC 3339 / ISO-8601 instant, or null when absent or unparseable. A time without an offset is taken as UTC. */
    public static Instant parseText(String text) {
        if (text == null || text.isBlank()) {
            return null;
        }
        String value = text.trim();
        Instant common = UtcStamps.parseWithOffset(value);
        if (common == null) {
            common = UtcStamps.parseZoneless(value);
        }
        if (common != null) {
            return common;
        }
        try {
            return Instant.parse(value);
        } catch (DateTimeParseException notInstant) {
            try {
                return OffsetDateTime.parse(value).toInstant();
            } catch (DateTimeParseException notOffset) {
                try {
                    return java.time.LocalDateTime.parse(value).toInstant(java.time.ZoneOffset.UTC);
                } catch (DateTimeParseException unparseable) {
                    return null;
                }
            }
        }
    }

    /** An RFC 3339 instant that states its offset (or {@code Z}), or null when absent or unparseable. No trimming. */
    public static Instant parseZoned(String text) {
        if (text == null) {
            return null;
        }
        Instant common = UtcStamps.parseWithOffset(text);
        if (common != null) {
            return common;
        }
        try {
            return OffsetDateTime.parse(text).toInstant();
        } catch (DateTimeParseException notOffset) {
            try {
                return Instant.parse(text);
            } catch (DateTimeParseException unparseable) {
                return null;
            }
        }
    }

    /** Nanoseconds since the Unix epoch (OTLP's {@code startTimeUnixNano}), as number or decimal string. */
    public static Instant fromEpochNanos(JsonNode value) {
        long small = smallNanos(value);
        if (small >= 0) {
            return small == 0 ? null : Instant.ofEpochSecond(small / 1_000_000_000L, small % 1_000_000_000L);
        }
        BigInteger nanos = integer(value);
        if (nanos == null || nanos.signum() <= 0) {
            return null;
        }
        BigInteger[] split = nanos.divideAndRemainder(NANOS_PER_SECOND);
        try {
            return Instant.ofEpochSecond(split[0].longValueExact(), split[1].longValue());
        } catch (ArithmeticException | java.time.DateTimeException beyondAnyInstant) {
            // a hostile or corrupt stamp (e.g. 10^30 ns) is as unknown as a missing one
            return null;
        }
    }

    /**
     * The value as {@link #integer} reads it when it is a number without a sign that a long holds (today's times in
     * nanoseconds have 19 digits, and every span of an OTLP export has two), else -1: read without a {@code BigInteger}.
     */
    private static long smallNanos(JsonNode value) {
        if (value == null) {
            return -1;
        }
        if (value.isIntegralNumber()) {
            return value.canConvertToLong() && value.longValue() >= 0 ? value.longValue() : -1;
        }
        if (!value.isTextual()) {
            return -1;
        }
        String text = value.textValue().trim();
        int length = text.length();
        if (length == 0 || length > 19) {
            return -1;
        }
        long nanos = 0;
        for (int i = 0; i < length; i++) {
            char c = text.charAt(i);
            if (c < '0' || c > '9' || nanos > (Long.MAX_VALUE - (c - '0')) / 10) {
                return -1;
            }
            nanos = nanos * 10 + (c - '0');
        }
        return nanos;
    }

    /** Microseconds since the Unix epoch (Jaeger's {@code startTime}). */
    public static Instant fromEpochMicros(JsonNode value) {
        BigInteger micros = integer(value);
        if (micros == null || micros.signum() <= 0) {
            return null;
        }
        return fromEpochNanos(new com.fasterxml.jackson.databind.node.BigIntegerNode(micros.multiply(BigInteger.valueOf(1000))));
    }

    /** Seconds since the epoch, possibly fractional, or an ISO string. */
    public static Instant fromSecondsOrText(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isTextual()) {
            return parseText(value.asText());
        }
        if (value.isNumber()) {
            BigDecimal seconds = value.decimalValue();
            BigDecimal nanos = seconds.movePointRight(9);
            return fromEpochNanos(new com.fasterxml.jackson.databind.node.BigIntegerNode(nanos.toBigInteger()));
        }
        return null;
    }

    /** An integer given as a JSON number or as a decimal string (OTLP/JSON encodes 64-bit integers as strings). */
    public static BigInteger integer(JsonNode value) {
        if (value == null || value.isNull()) {
            return null;
        }
        if (value.isIntegralNumber()) {
            return value.bigIntegerValue();
        }
        if (value.isNumber()) {
            return value.decimalValue().toBigInteger();
        }
        if (value.isTextual()) {
            try {
                return new BigInteger(value.asText().trim());
            } catch (NumberFormatException e) {
                return null;
            }
        }
        return null;
    }
}
