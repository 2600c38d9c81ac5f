package dev.forkline.replay.workspace;

import dev.forkline.trace.payload.StateMutationData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * Applies one recorded {@code state.mutation} to the current content of its file, checking first that the file is
 * what the session changed. The payload shapes read (see docs/trace-format.md and the importers):
 * <ul>
 *   <li>{@code op}: {@code create}, {@code modify}, {@code delete} or {@code mode} (a mode-only change);</li>
 *   <li>{@code before}/{@code after}: {@code sha256:} blob names of the whole file (of the target text for a link),
 *       null or absent when not recorded; {@code beforeKnown:false}/{@code afterKnown:false} may say so;</li>
 *   <li>{@code edits}: {@code [{oldString, newString, replaceAll?}]} applied in order, {@code replaceAll} also for all;</li>
 *   <li>{@code patch} (text) or {@code diffBlob}/{@code patchBlob} (blob name): hunks for this file, Codex
 *       {@code apply_patch} update hunks or a unified diff (see {@link PatchHunks});</li>
 *   <li>{@code mode} (octal text like {@code "0644"}, or a number) and {@code symlink} (the link target).</li>
 * </ul>
 * Precondition: when {@code before} is recorded the file's hash must equal it (and the file must be absent for a
 * {@code create} whose before is known to be nothing); otherwise, when edits or a patch are recorded, they must fit the
 * file (each old string found once, or at least once with replaceAll). The content after is the {@code after} blob
 * when the bundle holds it (a disagreement with the edits is reported in {@link MutationOutcome.Applied#note()}), else
 * what the edits or patch give. Pure: it reads blobs and changes nothing.
 */
public final class MutationApplier {

    private MutationApplier() {
    }

    /**
     * @param path    the mutation's file, workspace-relative (resolved by the caller from {@code data.path})
     * @param data    the {@code state.mutation} event's data
     * @param current the file at {@code path} now, or null when there is none
     * @param blobs   where the {@code before}/{@code after}/patch blobs are
     * @throws IOException when reading a blob fails
     */
    public static MutationOutcome apply(String path, JsonNode data, WorkspaceFile current, BlobSource blobs) throws IOException {
        return apply(path, data, current, null, blobs);
    }

    /**
     * Like {@link #apply(String, JsonNode, WorkspaceFile, BlobSource)} for a file whose hash is already known (e.g.
     * {@link MutationOutcome.Applied#hash()} of the mutation that wrote it), so that the precondition does not hash it
     * again.
     *
     * @param currentHash the {@code sha256:} name of {@code current} ({@link #hashOf}), or null to compute it
     * @throws IOException when reading a blob fails
     */
    public static MutationOutcome apply(String path, JsonNode data, WorkspaceFile current, String currentHash, BlobSource blobs)
            throws IOException {
        String op = data.path(StateMutationData.OP).asText("modify");
        String before = hash(data, StateMutationData.BEFORE);
        String after = hash(data, StateMutationData.AFTER);
        String symlink = data.hasNonNull(StateMutationData.SYMLINK) ? data.get(StateMutationData.SYMLINK).asText() : null;
        int mode = mode(data, current);
        List<TextEdits.Edit> edits = TextEdits.of(data);
        byte[] recordedAfter = after == null || symlink != null ? null : blobs.read(after).orElse(null);
        MutationOutcome.Applied recorded = recorded(path, op, symlink, recordedAfter, mode);

        String failure = precondition(path, op, before, data.path(StateMutationData.BEFORE_KNOWN).asBoolean(true), current, currentHash);
        Computed computed = Computed.NONE;
        boolean changesContent = symlink == null && (op.equals("create") || op.equals("modify"));
        if (changesContent && (!edits.isEmpty() || hasPatch(data))) {
            computed = compute(path, data, edits, current, blobs);
        }
        if (failure == null && before == null && computed.failure() != null) {
            failure = computed.failure();
        }
        if (failure != null) {
            return new MutationOutcome.PreconditionFailed(failure, recorded);
        }
        if (recorded != null) {
            boolean fromAfterBlob = recorded.file() != null && !recorded.file().isSymlink();
            return new MutationOutcome.Applied(recorded.file(), disagreement(path, after, recordedAfter, computed),
                    fromAfterBlob ? after : null);
        }
        if (computed.content() != null) {
            String note = after == null ? null : path + ": the content after (" + shortHash(after)
                    + ") is not in the bundle; computed from the recorded " + (edits.isEmpty() ? StateMutationData.PATCH : "edits");
            return new MutationOutcome.Applied(WorkspaceFile.regular(path, computed.content(), mode), note);
        }
        if (computed.failure() != null) {
            return new MutationOutcome.PreconditionFailed(computed.failure(), null);
        }
        if (op.equals("mode") && current != null) {
            return new MutationOutcome.Applied(current.isSymlink() ? current : WorkspaceFile.regular(path, current.content(), mode), null);
        }
        return new MutationOutcome.Unknown(after != null
                ? path + ": the content after the change (" + shortHash(after) + ") is not in the bundle, and the trace records no edits or patch to compute it"
                : path + ": the trace records neither the content after the change nor edits or a patch to compute it");
    }

    /** The {@code sha256:<hex>} name of a file's recorded state: of its content, or of its target for a link. */
    public static String hashOf(WorkspaceFile file) {
        return Hashes.sha256(file.isSymlink() ? file.linkTarget().getBytes(StandardCharsets.UTF_8) : file.content());
    }

    /** The state the trace records after the mutation, or null when it records none. */
    private static MutationOutcome.Applied recorded(String path, String op, String symlink, byte[] after, int mode) {
        if (op.equals("delete")) {
            return new MutationOutcome.Applied(null, null);
        }
        if (symlink != null) {
            return new MutationOutcome.Applied(WorkspaceFile.symlink(path, symlink), null);
        }
        return after == null ? null : new MutationOutcome.Applied(WorkspaceFile.regular(path, after, mode), null);
    }

    private static String precondition(String path, String op, String before, boolean beforeKnown, WorkspaceFile current,
                                       String currentHash) {
        if (before != null) {
            if (current == null) {
                return path + ": the file does not exist, but the " + what(op) + " was made on " + shortHash(before);
            }
            String found = currentHash != null ? currentHash : hashOf(current);
            if (!found.equals(before)) {
                return path + ": the file differs from what the " + what(op) + " was made on (recorded before "
                        + shortHash(before) + ", found " + shortHash(found) + ")";
            }
            return null;
        }
        if (op.equals("create") && beforeKnown && current != null) {
            return path + ": the file exists (" + shortHash(hashOf(current)) + "), but the session created it";
        }
        if (current == null && (op.equals("delete") || op.equals("mode"))) {
            return path + ": the file does not exist, but the session " + (op.equals("delete") ? "deleted it" : "changed its mode");
        }
        return null;
    }

    private static String what(String op) {
        return switch (op) {
            case "delete" -> "deletion";
            case "mode" -> "mode change";
            default -> "edit";
        };
    }

    /** What the edits or patch give applied to the current file: content, or why they do not fit. */
    private record Computed(byte[] content, String failure) {
        static final Computed NONE = new Computed(null, null);
    }

    private static Computed compute(String path, JsonNode data, List<TextEdits.Edit> edits, WorkspaceFile current,
                                    BlobSource blobs) throws IOException {
        if (current != null && current.isSymlink()) {
            return new Computed(null, path + " is a symbolic link (to " + current.linkTarget() + "); the recorded edits apply to a file");
        }
        String text = null;
        if (current != null) {
            Optional<String> decoded = utf8(current.content());
            if (decoded.isEmpty()) {
                return new Computed(null, path + " is not UTF-8 text, so the recorded edits cannot be applied to it");
            }
            text = decoded.get();
        }
        if (!edits.isEmpty()) {
            TextEdits.Result result = TextEdits.apply(path, text, edits);
            return result.failure() != null ? new Computed(null, result.failure())
                    : new Computed(result.text().getBytes(StandardCharsets.UTF_8), null);
        }
        String patch = patchText(data, blobs);
        if (patch == null) {
            return new Computed(null, path + ": the patch blob " + data.path(StateMutationData.DIFF_BLOB).asText(data.path(StateMutationData.PATCH_BLOB).asText())
                    + " is not in the bundle");
        }
        PatchHunks.Result result = PatchHunks.apply(path, text, patch);
        return result.failure() != null ? new Computed(null, result.failure())
                : new Computed(result.text().getBytes(StandardCharsets.UTF_8), null);
    }

    private static String disagreement(String path, String after, byte[] recordedAfter, Computed computed) {
        if (recordedAfter == null) {
            return null;
        }
        if (computed.failure() != null) {
            return computed.failure() + "; the recorded content after (" + shortHash(after) + ") is used";
        }
        if (computed.content() != null && !Arrays.equals(computed.content(), recordedAfter)) {
            return path + ": the recorded content after (" + shortHash(after) + ") differs from applying the recorded edits ("
                    + shortHash(Hashes.sha256(computed.content())) + "); the recorded content is used";
        }
        return null;
    }

    private static boolean hasPatch(JsonNode data) {
        return data.hasNonNull(StateMutationData.PATCH) || data.hasNonNull(StateMutationData.DIFF_BLOB) || data.hasNonNull(StateMutationData.PATCH_BLOB);
    }

    private static String patchText(JsonNode data, BlobSource blobs) throws IOException {
        if (data.hasNonNull(StateMutationData.PATCH)) {
            return data.get(StateMutationData.PATCH).asText();
        }
        String blob = data.hasNonNull(StateMutationData.DIFF_BLOB) ? data.get(StateMutationData.DIFF_BLOB).asText() : data.path(StateMutationData.PATCH_BLOB).asText(null);
        return blob == null ? null : blobs.read(blob).map(b -> new String(b, StandardCharsets.UTF_8)).orElse(null);
    }

    private static String hash(JsonNode data, String field) {
        JsonNode value = data.get(field);
        return value != null && value.isTextual() && !value.asText().isBlank() ? value.asText() : null;
    }

    private static int mode(JsonNode data, WorkspaceFile current) {
        JsonNode mode = data.get(StateMutationData.MODE);
        if (mode != null && mode.isNumber()) {
            return mode.asInt() & 07777;
        }
        if (mode != null && mode.isTextual()) {
            try {
                return Integer.parseInt(mode.asText(), 8) & 07777;
            } catch (NumberFormatException ignored) {
                // fall through to the file's own mode
            }
        }
        return current != null && !current.isSymlink() ? current.mode() : 0644;
    }

    /**
     * The content as UTF-8 text, or empty when it is not. The lenient decode replaces exactly the malformed input with
     * U+FFFD, so only a result holding U+FFFD (a bad byte, or a real U+FFFD in the file) needs the reporting decoder.
     */
    private static Optional<String> utf8(byte[] content) {
        String lenient = new String(content, StandardCharsets.UTF_8);
        if (lenient.indexOf('\uFFFD') < 0) {
            return Optional.of(lenient);
        }
        try {
            return Optional.of(StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(content)).toString());
        } catch (CharacterCodingException notText) {
            return Optional.empty();
        }
    }

    /** {@code sha256:} and the first 12 hex digits, for messages. */
    static String shortHash(String hash) {
        int keep = Hashes.PREFIX.length() + 12;
        return hash.length() > keep ? hash.substring(0, keep) + "…" : hash;
    }
}
