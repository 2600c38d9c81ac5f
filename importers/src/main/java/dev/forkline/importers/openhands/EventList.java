package dev.forkline.importers.openhands;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonDocuments;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Streams the elements of a top-level JSON array one at a time (constant memory in the file's size), each with the
 * line it starts on. Syntax errors end the read with a {@link TraceFormatException} naming file and line.
 */
final class EventList {

    /** Receives one element of the array. */
    interface Handler {
        void record(JsonNode record, long line) throws TraceFormatException;
    }

    private EventList() {
    }

    static void each(Path path, Handler handler) throws IOException, TraceFormatException {
        String file = path.toString();
        try (InputStream in = Files.newInputStream(path); JsonParser parser = Json.factory().createParser(in)) {
            if (parser.nextToken() != JsonToken.START_ARRAY) {
                throw new TraceFormatException(file, parser.currentTokenLocation().getLineNr(), "expected a JSON list of events");
            }
            JsonToken token;
            while ((token = parser.nextToken()) != JsonToken.END_ARRAY) {
                if (token == null) {
                    throw new TraceFormatException(file, parser.currentLocation().getLineNr(), "the event list is not closed");
                }
                long line = parser.currentTokenLocation().getLineNr();
                JsonNode record = Json.VALUES.readTree(parser);
                handler.record(record, line);
            }
            if (parser.nextToken() != null) {
                throw new TraceFormatException(file, parser.currentTokenLocation().getLineNr(), "content after the event list");
            }
        } catch (JsonProcessingException e) {
            throw JsonDocuments.malformed(file, e);
        }
    }
}
