package dev.forkline.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonFactoryBuilder;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.io.IOContext;
import com.fasterxml.jackson.core.util.JsonParserDelegate;
import java.io.DataInput;
import java.io.IOException;
import java.io.InputStream;
import java.io.Reader;
import java.math.BigDecimal;
import java.math.BigInteger;

/**
 * A JSON factory whose parsers report numbers Forkline cannot represent as a {@link JsonParseException} with a
 * location, like any other malformed input: exponents beyond BigDecimal's range ({@code 1e9999999999}, which Jackson
 * reports as a bare {@link NumberFormatException} that callers catching JSON errors let escape) and magnitudes beyond
 * a double ({@code 1e400}, a 400-digit integer), which canonical JSON (RFC 8785, IEEE 754 doubles) cannot write, so
 * hashing the event would fail later with an IllegalArgumentException.
 */
final class NumberSafeJsonFactory extends JsonFactory {

    private static final long serialVersionUID = 1L;

    NumberSafeJsonFactory(JsonFactoryBuilder builder) {
        super(builder);
    }

    @Override
    public JsonFactory copy() {
        throw new UnsupportedOperationException("the shared hardened factory is not copied");
    }

    @Override
    protected JsonParser _createParser(InputStream in, IOContext context) throws IOException {
        return new NumberSafeParser(super._createParser(in, context));
    }

    @Override
    protected JsonParser _createParser(Reader reader, IOContext context) throws IOException {
        return new NumberSafeParser(super._createParser(reader, context));
    }

    @Override
    protected JsonParser _createParser(char[] data, int offset, int length, IOContext context, boolean recyclable) throws IOException {
        return new NumberSafeParser(super._createParser(data, offset, length, context, recyclable));
    }

    @Override
    protected JsonParser _createParser(byte[] data, int offset, int length, IOContext context) throws IOException {
        return new NumberSafeParser(super._createParser(data, offset, length, context));
    }

    @Override
    protected JsonParser _createParser(DataInput input, IOContext context) throws IOException {
        return new NumberSafeParser(super._createParser(input, context));
    }

    private static final class NumberSafeParser extends JsonParserDelegate {

        NumberSafeParser(JsonParser parser) {
            super(parser);
        }

        @FunctionalInterface
        private interface NumberRead<T> {
            T read() throws IOException;
        }

        private <T> T guarded(NumberRead<T> read) throws IOException {
            T value;
            try {
                value = read.read();
            } catch (NumberFormatException e) {
                throw new JsonParseException(this, "unrepresentable number: " + e.getMessage(), e);
            }
            if (value instanceof Number number && !fitsADouble(number)) {
                throw new JsonParseException(this, "unrepresentable number: beyond the range of a double");
            }
            return value;
        }

        private static boolean fitsADouble(Number number) {
            return switch (number) {
                case BigDecimal decimal -> decimal.precision() - decimal.scale() <= 310 && Double.isFinite(decimal.doubleValue());
                case BigInteger integer -> integer.bitLength() <= 1024 && Double.isFinite(integer.doubleValue());
                case Double d -> Double.isFinite(d);
                case Float f -> Float.isFinite(f);
                default -> true;
            };
        }

        @Override
        public Number getNumberValue() throws IOException {
            return guarded(delegate::getNumberValue);
        }

        @Override
        public Number getNumberValueExact() throws IOException {
            return guarded(delegate::getNumberValueExact);
        }

        @Override
        public Object getNumberValueDeferred() throws IOException {
            return guarded(delegate::getNumberValueDeferred);
        }

        @Override
        public BigDecimal getDecimalValue() throws IOException {
            return guarded(delegate::getDecimalValue);
        }

        @Override
        public BigInteger getBigIntegerValue() throws IOException {
            return guarded(delegate::getBigIntegerValue);
        }

        @Override
        public double getDoubleValue() throws IOException {
            return guarded(delegate::getDoubleValue);
        }

        @Override
        public float getFloatValue() throws IOException {
            return guarded(delegate::getFloatValue);
        }

        @Override
        public long getLongValue() throws IOException {
            return guarded(delegate::getLongValue);
        }

        @Override
        public int getIntValue() throws IOException {
            return guarded(delegate::getIntValue);
        }

        @Override
        public double getValueAsDouble() throws IOException {
            return guarded(delegate::getValueAsDouble);
        }
    }
}
