package dev.forkline.replay.engine;

import dev.forkline.replay.workspace.FileHistory;
import dev.forkline.replay.workspace.StartingTree;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * What the reviewer supplies to rebuild the environment of a session Forkline did not record itself (an imported
 * Claude Code, SWE-agent, Codex or OpenHands session): the tree it started from, the agent's tool bundles, commands
 * that prepare the container and extra environment variables.
 *
 * @param tree           the starting tree for a checkpoint whose files the trace does not hold ({@code start}); null when none
 * @param toolsDirectory where SWE-agent's tool bundles are (the folder holding {@code tools/} or the bundles); null when none
 * @param commands       shell commands run in the workspace root before the first step, in order
 * @param env            variables added to every re-executed call
 * @param fileHistory    Claude Code's file-history folder of the session ({@code --file-history}), whose backups are
 *                       compared with the workspace at each snapshot and supply the files it lacks; null when none
 */
public record SessionSetup(StartingTree tree, Path toolsDirectory, List<String> commands, Map<String, String> env,
                           FileHistory fileHistory) {

    public static final SessionSetup NONE = new SessionSetup(null, null, List.of(), Map.of());

    public SessionSetup(StartingTree tree, Path toolsDirectory, List<String> commands, Map<String, String> env) {
        this(tree, toolsDirectory, commands, env, null);
    }

    public SessionSetup {
        commands = commands == null ? List.of() : List.copyOf(commands);
        env = env == null ? Map.of() : Map.copyOf(env);
    }
}
