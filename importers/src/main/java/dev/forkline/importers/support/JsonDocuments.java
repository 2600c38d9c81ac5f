package dev.forkline.importers.support;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.TraceFormatException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;

/** Whole JSON documents (a trajectory, a trace export, an archive entry) read in one go; bad JSON names file and line. */
public final class JsonDocuments {

    private static final String DUPLICATE = "Duplicate field '";

    private JsonDocuments() {
    }

    public static JsonNode read(Path path) throws IOException, TraceFormatException {
        try (InputStream in = Files.newInputStream(path)) {
            return read(in, path.toString());
        }
    }

    /** Reads one document from {@code in}; {@code where} names it in the exception (a file, or {@code archive!/entry}). */
    public static JsonNode read(InputStream in, String where) throws IOException, TraceFormatException {
        try {
            return Json.MAPPER.readTree(in);
        } catch (JsonProcessingException e) {
            throw malformed(where, e);
        }
    }

    /** The {@link TraceFormatException} for JSON that does not parse, at the line Jackson stopped on. */
    public static TraceFormatException malformed(String where, JsonProcessingException e) {
        return new TraceFormatException(where, lineOf(e), "malformed JSON: " + problem(e));
    }

    /**
     * Jackson's words for what is wrong, a member named twice said as the parser says it ("Duplicate field 'x'")
     * also where a tree found it ({@link Json#VALUES_CHECKED_BY_TREE}), without the setting's name that follows.
     */
    public static String problem(JsonProcessingException e) {
        String original = e.getOriginalMessage();
        if (original != null && original.startsWith(DUPLICATE)) {
            int end = original.indexOf('\'', DUPLICATE.length());
            return end < 0 ? original : original.substring(0, end + 1);
        }
        return original;
    }

    /** The line Jackson stopped on, or 0 when it does not say. */
    public static long lineOf(JsonProcessingException e) {
        return e.getLocation() == null ? 0 : Math.max(0, e.getLocation().getLineNr());
    }
}
