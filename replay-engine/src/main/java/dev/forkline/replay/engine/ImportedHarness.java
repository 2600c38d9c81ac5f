package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.RecordedExec;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.trace.Event;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The harness of an imported session whose shell calls are plain commands (Claude Code's Bash, Codex's shell and
 * exec_command, OpenHands' CmdRunAction, mini-swe-agent): each runs as its recorded command in the recorded working
 * directory, with the reviewer's variables; the reviewer's set-up commands run first. The recording lists only the
 * workspace changes the agent's edit tools made, so other changes are recorded in the replay but not compared.
 */
class ImportedHarness implements SessionHarness {

    static final java.time.Duration SETUP_TIMEOUT = java.time.Duration.ofMinutes(10);

    protected final ImportedSession session;
    protected final SessionSetup setup;

    ImportedHarness(ImportedSession session, SessionSetup setup) {
        this.session = session;
        this.setup = setup;
    }

    /** The harness for {@code session}'s format. */
    static SessionHarness of(ImportedSession session, SessionSetup setup) {
        if (session.isSweAgent()) {
            return new SweAgentHarness(session, setup);
        }
        if (session.isClaudeCode()) {
            return new ClaudeCodeHarness(session, setup);
        }
        return new ImportedHarness(session, setup);
    }

    @Override
    public List<String> prepare(Sandbox sandbox) throws IOException {
        return runSetupCommands(sandbox, callEnvironment());
    }

    /** The reviewer's set-up commands, in the workspace root; a failed one is reported and the replay goes on. */
    protected List<String> runSetupCommands(Sandbox sandbox, Map<String, String> env) {
        List<String> notes = new ArrayList<>();
        for (String command : setup.commands()) {
            ExecResult result = sandbox.exec(List.of(shell(), "-c", command), null, env, SETUP_TIMEOUT);
            notes.add("set-up command `" + command + "`: " + (result.succeeded() ? "ok"
                    : "FAILED (exit " + result.exitCode() + (result.timedOut() ? ", timed out" : "") + "): "
                      + lastLine(result.stderrText().isBlank() ? result.stdoutText() : result.stderrText())));
        }
        return notes;
    }

    /** bash where the trace's commands were bash commands; the images without it answer "not found" for them anyway. */
    protected String shell() {
        return "bash";
    }

    @Override
    public Optional<RecordedExec> exec(Event call) {
        return RecordedExec.of(call).map(e -> new RecordedExec(e.argv(), e.cwd(), withCallEnvironment(e.env()), e.timeout()));
    }

    /** Variables every call gets: the reviewer's {@code --env}. */
    protected Map<String, String> callEnvironment() {
        return setup.env();
    }

    private Map<String, String> withCallEnvironment(Map<String, String> recorded) {
        Map<String, String> env = new HashMap<>(callEnvironment());
        env.putAll(recorded);
        return env;
    }

    @Override
    public boolean recordsEveryChange() {
        return false;
    }

    static String lastLine(String text) {
        return text.lines().filter(l -> !l.isBlank()).reduce((a, b) -> b).orElse("").strip();
    }
}
