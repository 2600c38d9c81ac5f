package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** Compares a re-executed call's exit code, stdout and stderr (normalised) with its recorded tool.result. */
final class ToolResultComparison {

    private ToolResultComparison() {
    }

    /** The differences, and the names of the normalisation rules that changed either side of a compared output. */
    record Compared(List<FieldDiff> diffs, List<String> normalizations) {
    }

    /**
     * @param exitStatusRecorded whether the recording holds exit statuses at all; when not, a failing exit is not
     *                           compared with a result that does not say it failed
     */
    static Compared compare(Event recorded, ExecResult actual, Normalizer normalizer, BlobSource blobs, boolean exitStatusRecorded)
            throws IOException {
        List<FieldDiff> diffs = new ArrayList<>();
        java.util.Set<String> applied = new java.util.LinkedHashSet<>();
        JsonNode exit = recorded.data().get("exitCode");
        if (exit != null && exit.isNumber() && exit.asInt() != actual.exitCode()) {
            diffs.add(FieldDiff.of("exitCode", exit.asInt(), actual.exitCode()));
        } else if (exitStatusRecorded && (exit == null || !exit.isNumber()) && actual.exitCode() != 0
                && !recorded.data().path("isError").asBoolean(false)) {
            diffs.add(FieldDiff.of("isError", false, true));
        }
        compareText(diffs, applied, "stdout", recordedText(recorded, "stdout", blobs), actual.stdoutText(), normalizer);
        compareText(diffs, applied, "stderr", recordedText(recorded, "stderr", blobs), actual.stderrText(), normalizer);
        return new Compared(diffs, List.copyOf(applied));
    }

    /** Compares one output text; the rules that changed either side are added to {@code applied}. */
    static void compareText(List<FieldDiff> diffs, java.util.Set<String> applied, String field, String recorded, String actual,
                            Normalizer normalizer) {
        if (recorded == null) {
            return; // not recorded: nothing to compare with
        }
        applied.addAll(normalizer.changing(recorded));
        applied.addAll(normalizer.changing(actual));
        String expected = normalizer.apply(recorded);
        String got = normalizer.apply(actual);
        if (!expected.equals(got)) {
            diffs.add(FieldDiff.text(field, recorded, actual, TextDiff.excerpt(expected, got)));
        }
    }

    /**
     * The blob named by data.{field}Blob decoded as UTF-8 (the whole output, where an importer keeps only a preview
     * inline), else data.{field} as text; null when neither is recorded.
     */
    static String recordedText(Event result, String field, BlobSource blobs) throws IOException {
        JsonNode blob = result.data().get(field + "Blob");
        if (blob != null && blob.isTextual()) {
            byte[] bytes = CheckpointFiles.blob(blobs, blob.asText(), result.id() + " " + field + "Blob");
            return new String(bytes, StandardCharsets.UTF_8);
        }
        JsonNode inline = result.data().get(field);
        if (inline != null && inline.isTextual()) {
            return inline.asText();
        }
        return null;
    }
}
