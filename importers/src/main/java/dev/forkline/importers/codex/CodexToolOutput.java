package dev.forkline.importers.codex;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.Json;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A tool output as Codex records it: either a JSON string {@code {"output": ..., "metadata": {"exit_code",
 * "duration_seconds"}}} (older shell tool, apply_patch) or plain text, where exec_command writes
 * "Process exited with code N" and "Wall time: S seconds".
 */
record CodexToolOutput(String text, Integer exitCode, Long durationMs, boolean rejected) {

    private static final Pattern EXITED = Pattern.compile("(?:Process exited with code|Exit code:?)\\s+(-?\\d+)");
    private static final Pattern WALL_TIME = Pattern.compile("Wall time:\\s*([0-9.]+)\\s*seconds");
    /** A placeholder a sanitiser put where the output was ({@code [REDACTED_OUTPUT len=171 sha=0daf409a]}). */
    private static final Pattern REDACTED = Pattern.compile("\\[REDACTED(?:_[A-Z]+)*(?: [^\\]\\n]{0,200})?\\]");

    static CodexToolOutput of(JsonNode output) {
        String text;
        if (output == null || output.isNull()) {
            text = "";
        } else if (output.isTextual()) {
            text = output.asText();
        } else {
            text = output.toString();
        }
        Integer exitCode = null;
        Long durationMs = null;
        String body = text;
        if (text.startsWith("{")) {
            try {
                JsonNode json = Json.MAPPER.readTree(text);
                if (json != null && json.has("output")) {
                    body = json.get("output").isTextual() ? json.get("output").asText() : json.get("output").toString();
                    JsonNode code = JsonFields.at(json, "metadata", "exit_code");
                    exitCode = code != null && code.canConvertToInt() ? code.asInt() : null;
                    JsonNode seconds = JsonFields.at(json, "metadata", "duration_seconds");
                    durationMs = seconds != null && seconds.isNumber() ? Math.round(seconds.asDouble() * 1000) : null;
                }
            } catch (JsonProcessingException plainText) {
                // not the JSON wrapper: keep as text
            }
        }
        if (exitCode == null) {
            exitCode = exitCodeIn(body);
        }
        if (durationMs == null) {
            Matcher wall = WALL_TIME.matcher(body);
            if (wall.find()) {
                durationMs = Math.round(Double.parseDouble(wall.group(1)) * 1000);
            }
        }
        boolean rejected = body.contains("rejected by user") || body.contains("rejected by the user");
        return new CodexToolOutput(body, exitCode, durationMs, rejected);
    }

    /**
     * The code of the first "Process exited with code N" or "Exit code[:] N" in {@code body}, as {@code EXITED.matcher(body).find()}
     * reads it, or null. The expression is tried only where one of its two words starts: found by its alternation at
     * every character, it was a twentieth of a Codex import's reading thread.
     */
    static Integer exitCodeIn(String body) {
        Matcher exited = EXITED.matcher(body);
        // each word's next place is searched for again only once the try at it failed
        int process = body.indexOf("Process exited with code");
        int exit = body.indexOf("Exit code");
        while (process >= 0 || exit >= 0) {
            int start = process < 0 ? exit : exit < 0 ? process : Math.min(process, exit);
            if (exited.region(start, body.length()).lookingAt()) {
                return Integer.valueOf(exited.group(1));
            }
            if (process == start) {
                process = body.indexOf("Process exited with code", start + 1);
            }
            if (exit == start) {
                exit = body.indexOf("Exit code", start + 1);
            }
        }
        return null;
    }

    /** Whether the whole output is a redaction placeholder: nothing is known of what the call did. */
    boolean redacted() {
        return REDACTED.matcher(text.strip()).matches() && exitCode == null;
    }

    boolean isError() {
        return rejected || (exitCode != null && exitCode != 0);
    }
}
