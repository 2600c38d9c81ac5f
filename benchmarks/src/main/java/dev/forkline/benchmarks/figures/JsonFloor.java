package dev.forkline.benchmarks.figures;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The floor of reading a trace: a plain Jackson streaming parse of trace.jsonl that visits every token and keeps
 * nothing (no trees, no events, no checks).
 */
public final class JsonFloor {

    private static final JsonFactory FACTORY = new JsonFactory();

    private JsonFloor() {
    }

    /** Parses the file; returns the number of top-level values, so the work cannot be skipped. */
    public static long parse(Path jsonLines) throws IOException {
        long values = 0;
        long tokens = 0;
        try (InputStream in = Files.newInputStream(jsonLines); JsonParser parser = FACTORY.createParser(in)) {
            int depth = 0;
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                tokens++;
                if (token.isStructStart()) {
                    depth++;
                } else if (token.isStructEnd() && --depth == 0) {
                    values++;
                }
                if (token == JsonToken.VALUE_STRING) {
                    parser.getTextLength();
                }
            }
        }
        return tokens > 0 ? values : -1;
    }
}
