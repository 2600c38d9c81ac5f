package dev.forkline.replay.engine;

import dev.forkline.trace.payload.ToolResultData;
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
        ToolResultData result = ToolResultData.from(recorded.data());
        Long exit = result.exitCode();
        if (exit != null && exit.intValue() != actual.exitCode()) {
            diffs.add(FieldDiff.of(ToolResultData.EXIT_CODE, exit.intValue(), actual.exitCode()));
        } else if (exitStatusRecorded && exit == null && actual.exitCode() != 0 && !Boolean.TRUE.equals(result.isError())) {
            diffs.add(FieldDiff.of(ToolResultData.IS_ERROR, false, true));
        }
        compareText(diffs, applied, ToolResultData.STDOUT, recordedStdout(recorded, blobs), actual.stdoutText(), normalizer);
        compareText(diffs, applied, ToolResultData.STDERR, recordedStderr(recorded, blobs), actual.stderrText(), normalizer);
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
     * The blob named by data.stdoutBlob decoded as UTF-8 (the whole output, where an importer keeps only a preview
     * inline), else data.stdout; null when neither is recorded.
     */
    static String recordedStdout(Event result, BlobSource blobs) throws IOException {
        ToolResultData data = ToolResultData.from(result.data());
        return recordedText(result, data.stdoutBlob(), ToolResultData.STDOUT_BLOB, data.stdout(), blobs);
    }

    /** The same for stderr. */
    static String recordedStderr(Event result, BlobSource blobs) throws IOException {
        ToolResultData data = ToolResultData.from(result.data());
        return recordedText(result, data.stderrBlob(), ToolResultData.STDERR_BLOB, data.stderr(), blobs);
    }

    private static String recordedText(Event result, String blob, String blobField, String inline, BlobSource blobs) throws IOException {
        if (blob != null) {
            return new String(CheckpointFiles.blob(blobs, blob, result.id() + " " + blobField), StandardCharsets.UTF_8);
        }
        return inline;
    }
}
