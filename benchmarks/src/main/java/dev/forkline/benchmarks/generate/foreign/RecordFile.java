package dev.forkline.benchmarks.generate.foreign;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;

/** A JSON file written record by record with a streaming generator: one record a line, or one long document. */
final class RecordFile implements AutoCloseable {

    private static final JsonFactory FACTORY = new JsonFactory();
    private static final DateTimeFormatter MILLIS = DateTimeFormatter.ofPattern("yyyy-MM-dd'T'HH:mm:ss.SSS'Z'").withZone(ZoneOffset.UTC);

    private final OutputStream out;
    final JsonGenerator json;
    private long records;

    RecordFile(Path file, boolean linePerRecord) throws IOException {
        this.out = new BufferedOutputStream(Files.newOutputStream(file), 1 << 16);
        this.json = FACTORY.createGenerator(out, JsonEncoding.UTF8);
        json.setRootValueSeparator(new SerializedString(linePerRecord ? "\n" : ""));
    }

    /** Counts one record written (a line, a span). */
    void counted() {
        records++;
    }

    long records() {
        return records;
    }

    static String iso(Instant time) {
        return MILLIS.format(time);
    }

    @Override
    public void close() throws IOException {
        json.writeRaw('\n');
        json.close();
        out.close();
    }
}
