package dev.forkline.replay.sandbox;

import com.fasterxml.jackson.databind.node.TextNode;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.ToolResultData;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The payloads the sandbox's work is written as, the same for the scenario recorder and the replay: a command's
 * {@code tool.result} and one changed path's {@code state.mutation}.
 */
public final class SandboxPayloads {

    private SandboxPayloads() {
    }

    /**
     * The result of a command run for call {@code callId}: exit code, outputs (inline or as blobs), whether they were
     * cut, {@code isError} when it failed, and an error saying why when it was killed.
     *
     * @param timeoutError what the error says when the call was killed at its timeout
     * @param oomError     what it says when the out-of-memory killer stopped it (asked only then)
     */
    public static ToolResultData result(String callId, ExecResult result, String timeoutError, Supplier<String> oomError,
                                        Function<byte[], String> blobs) {
        CallOutput.Stored stdout = CallOutput.store(result.stdout(), blobs);
        CallOutput.Stored stderr = CallOutput.store(result.stderr(), blobs);
        String error = result.timedOut() ? timeoutError : result.oomKilled() ? oomError.get() : null;
        boolean truncated = result.stdoutTruncated() || result.stderrTruncated();
        return new ToolResultData(callId, (long) result.exitCode(), stdout.text(), stderr.text(), stdout.blob(), stderr.blob(),
                error == null ? null : TextNode.valueOf(error), !result.succeeded(),
                (double) result.durationMs(), null, truncated ? Boolean.TRUE : null, null);
    }

    /** The payload's op for a kind of change between two listings. */
    public static MutationOp op(WorkspaceManifest.ChangeKind kind) {
        return switch (kind) {
            case CREATE -> MutationOp.CREATE;
            case MODIFY -> MutationOp.MODIFY;
            case DELETE -> MutationOp.DELETE;
            case MODE -> MutationOp.MODE;
        };
    }

    /** A path's change between two listings; {@code before} or {@code after} is null where the path is absent. */
    public static StateMutationData mutation(String path, MutationOp op, ManifestEntry before, ManifestEntry after) {
        return new StateMutationData(path, op,
                before == null ? null : before.sha256(), true, after == null ? null : after.sha256(), true,
                after == null ? null : after.modeString(), after != null && after.isSymlink() ? after.linkTarget() : null,
                null, null);
    }
}
