package dev.forkline.trace.state;

/**
 * The net change of one path since the last checkpoint.
 *
 * @param path        workspace-relative path
 * @param op          {@code create}, {@code modify}, {@code delete} or {@code mode}
 * @param lastEventId the last state.mutation that touched the path
 */
public record WorkspaceChange(String path, String op, String lastEventId) {
}
