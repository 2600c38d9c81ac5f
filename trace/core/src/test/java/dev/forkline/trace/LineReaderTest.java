package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class LineReaderTest {

    private static LineReader reader(byte[] bytes, int max) {
        return new LineReader(new ByteArrayInputStream(bytes), "t.jsonl", max);
    }

    private static byte[] utf8(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void readsLinesWithAndWithoutFinalNewlineAndStripsCr() throws Exception {
        LineReader reader = reader(utf8("a\r\nbé\n\nlast"), 100);
        assertThat(reader.next()).isEqualTo("a");
        assertThat(reader.lineNumber()).isEqualTo(1);
        assertThat(reader.next()).isEqualTo("bé");
        assertThat(reader.next()).isEmpty();
        assertThat(reader.next()).isEqualTo("last");
        assertThat(reader.lineNumber()).isEqualTo(4);
        assertThat(reader.next()).isNull();
        assertThat(reader.next()).isNull();
    }

    @Test
    void aFinalNewlineDoesNotMakeAnExtraLine() throws Exception {
        LineReader reader = reader(utf8("a\n"), 100);
        assertThat(reader.next()).isEqualTo("a");
        assertThat(reader.next()).isNull();
        assertThat(reader(new byte[0], 100).next()).isNull();
    }

    @Test
    void reportsInvalidUtf8WithItsLineAndGoesOn() throws Exception {
        var bytes = new ByteArrayOutputStream();
        bytes.write(utf8("ok\n"));
        bytes.write(new byte[] {'b', (byte) 0xC3, 'x', '\n'});
        bytes.write(new byte[] {(byte) 0xED, (byte) 0xA0, (byte) 0x80, '\n'}); // an encoded surrogate is not UTF-8
        bytes.write(utf8("fine\n"));
        LineReader reader = reader(bytes.toByteArray(), 100);
        assertThat(reader.next()).isEqualTo("ok");
        assertThatThrownBy(reader::next).isInstanceOf(TraceFormatException.class).hasMessage("t.jsonl:2: invalid UTF-8");
        assertThatThrownBy(reader::next).isInstanceOf(TraceFormatException.class).hasMessage("t.jsonl:3: invalid UTF-8");
        assertThat(reader.next()).isEqualTo("fine");
        assertThat(reader.lineNumber()).isEqualTo(4);
    }

    @Test
    void reportsATooLongLineAndGoesOn() throws Exception {
        byte[] bytes = utf8("short\n" + "x".repeat(100_000) + "\nafter");
        LineReader reader = reader(bytes, 1000);
        assertThat(reader.next()).isEqualTo("short");
        assertThatThrownBy(reader::next).isInstanceOf(TraceFormatException.class)
                .satisfies(e -> assertThat(((TraceFormatException) e).line()).isEqualTo(2))
                .hasMessageContaining("longer than 1000 bytes");
        assertThat(reader.next()).isEqualTo("after");
        assertThat(reader.lineNumber()).isEqualTo(3);
    }

    @Test
    void aLineOfExactlyTheLimitIsFine() throws Exception {
        LineReader reader = reader(utf8("x".repeat(1000) + "\n"), 1000);
        assertThat(reader.next()).hasSize(1000);
    }

    @Test
    void handlesLinesSplitAcrossReadsOfAnyShape() throws Exception {
        String text = "α".repeat(50_000) + "\n" + "b\r\n" + "😀".repeat(30_000);
        InputStream trickle = new InputStream() {
            private final byte[] bytes = utf8(text);
            private int at;

            @Override
            public int read() {
                return at < bytes.length ? bytes[at++] & 0xff : -1;
            }

            @Override
            public int read(byte[] b, int off, int len) {
                if (at >= bytes.length) {
                    return -1;
                }
                int n = Math.min(len, 7);
                n = Math.min(n, bytes.length - at);
                System.arraycopy(bytes, at, b, off, n);
                at += n;
                return n;
            }
        };
        try (LineReader reader = new LineReader(trickle, "t")) {
            assertThat(reader.next()).isEqualTo("α".repeat(50_000));
            assertThat(reader.next()).isEqualTo("b");
            assertThat(reader.next()).isEqualTo("😀".repeat(30_000));
            assertThat(reader.next()).isNull();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
