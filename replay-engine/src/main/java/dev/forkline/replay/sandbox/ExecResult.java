package dev.forkline.replay.sandbox;

import java.nio.charset.StandardCharsets;

/**
 * What one command run in a sandbox did. Output beyond the capture limit is dropped and flagged.
 *
 * @param exitCode        the process's exit code (137 when it was killed); -1 when the engine reported none
 * @param stdout          captured standard output, at most {@link Sandbox#OUTPUT_LIMIT} bytes
 * @param stderr          captured standard error, at most {@link Sandbox#OUTPUT_LIMIT} bytes
 * @param stdoutTruncated more standard output was produced than was kept
 * @param stderrTruncated more standard error was produced than was kept
 * @param durationMs      wall time from start to end of the call
 * @param timedOut        the hard timeout fired and the command's processes were killed
 * @param oomKilled       the call was killed (137) while the kernel's out-of-memory killer acted in the sandbox: it hit
 *                        the sandbox's memory limit
 */
public record ExecResult(int exitCode, byte[] stdout, byte[] stderr, boolean stdoutTruncated, boolean stderrTruncated,
                         long durationMs, boolean timedOut, boolean oomKilled) {

    public String stdoutText() {
        return new String(stdout, StandardCharsets.UTF_8);
    }

    public String stderrText() {
        return new String(stderr, StandardCharsets.UTF_8);
    }

    public boolean succeeded() {
        return exitCode == 0 && !timedOut;
    }

    @Override
    public String toString() {
        return "ExecResult[exit=" + exitCode + ", timedOut=" + timedOut + (oomKilled ? ", oomKilled" : "") + ", " + durationMs + " ms, stdout=" + stdout.length
                + "B, stderr=" + stderr.length + "B]";
    }
}
