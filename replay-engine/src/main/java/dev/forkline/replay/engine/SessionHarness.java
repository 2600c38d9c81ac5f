package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.RecordedExec;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.trace.Event;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * How the harness that recorded a run executed its calls, so that a replay can do the same: Forkline's own recorder,
 * or an imported agent's (SWE-agent's tool bundles in a bash session, Claude Code's built-in read tools ...).
 */
interface SessionHarness {

    /**
     * Checks what the replay needs from the reviewer before any container exists (tools named by the trace ...).
     *
     * @throws IllegalArgumentException naming what is missing
     */
    default void check() {
    }

    /**
     * Prepares a started sandbox before the first step: tools, variables, the reviewer's set-up commands. Returns one
     * sentence per thing done, for the replay run's notes.
     */
    default List<String> prepare(Sandbox sandbox) throws IOException {
        return List.of();
    }

    /** How to re-execute {@code call} in the sandbox, or empty when it is not a command. */
    Optional<RecordedExec> exec(Event call);

    /** Whether the harness ran its commands on a terminal (an interactive shell session), which some programs print differently for. */
    default boolean runsInTerminal() {
        return false;
    }

    /** The output of a re-executed call as this harness would have recorded it (e.g. streams merged). */
    default ExecResult asRecorded(Event call, ExecResult raw) {
        return raw;
    }

    /** Whether the recording holds each call's exit status; when not, only outputs are compared. */
    default boolean recordsExitStatus() {
        return true;
    }

    /**
     * A call the harness answered itself rather than through a command (Claude Code's Read, Grep, Glob), re-run on
     * the replay's workspace files ({@code files}: workspace-relative path to content); empty when {@code call} is not
     * one, or uses an argument that cannot be re-run.
     */
    default Optional<String> answerItself(Event call, Map<String, byte[]> files) {
        return Optional.empty();
    }

    /** Whether {@link #answerItself} handles {@code call}'s tool. */
    default boolean answersItself(Event call) {
        return false;
    }

    /** An output of {@link #answerItself} or its recording in the form they are compared in. */
    default String comparable(Event call, String output) {
        return output;
    }

    /**
     * Why a re-executed call's output differs, when the harness knows the recording was made with other tools than
     * the replay has (e.g. another version of the agent's tool bundles); empty when it cannot tell.
     */
    default Optional<String> knownEnvironmentDifference(Event call) {
        return Optional.empty();
    }

    /** Whether the recording lists every workspace change of a call (Forkline's recorder) or only some (imports). */
    default boolean recordsEveryChange() {
        return true;
    }

    /** Forkline's own recordings: calls run as their recorded {@code data.exec}. */
    SessionHarness RECORDER = RecordedExec::of;
}
