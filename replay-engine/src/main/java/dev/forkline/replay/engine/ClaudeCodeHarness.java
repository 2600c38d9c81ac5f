package dev.forkline.replay.engine;

import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.replay.tools.ClaudeCodeReadTools;
import dev.forkline.trace.Event;

import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Claude Code's harness: Bash calls are commands; Read, Grep, Glob and LS are answered by Claude Code itself, so the
 * replay answers them the same way from the workspace's files ({@link ClaudeCodeReadTools}).
 */
final class ClaudeCodeHarness extends ImportedHarness {

    private static final Set<String> READ_TOOLS = Set.of("Read", "Grep", "Glob", "LS");

    ClaudeCodeHarness(ImportedSession session, SessionSetup setup) {
        super(session, setup);
    }

    @Override
    public boolean answersItself(Event call) {
        return READ_TOOLS.contains(call.text(ToolCallData.TOOL)) && session.root() != null;
    }

    @Override
    public Optional<String> answerItself(Event call, Map<String, byte[]> files) {
        return ClaudeCodeReadTools.run(call.text(ToolCallData.TOOL), call.data().path(ToolCallData.ARGUMENTS), session.root(), cwdOf(call), files);
    }

    /** The directory the session was in at the call: its recorded cwd when under the root, else the root. */
    private String cwdOf(Event call) {
        String cwd = call.data().path(ToolCallData.EXEC_CWD).asText(session.environment().path(SessionStartData.ENVIRONMENT_CWD).asText(session.root()));
        return cwd.startsWith("/") ? cwd : session.root();
    }

    @Override
    public String comparable(Event call, String output) {
        return ClaudeCodeReadTools.comparable(call.text(ToolCallData.TOOL), output);
    }
}
