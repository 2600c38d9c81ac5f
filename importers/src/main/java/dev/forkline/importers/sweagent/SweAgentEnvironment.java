package dev.forkline.importers.sweagent;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.importers.support.StartingTree;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.SessionStartData;
import java.io.IOException;

/**
 * What a replay of SWE-agent actions needs to know about the environment they ran in: the repository root (the
 * first step's {@code state.working_dir}, else SWE-agent's {@code /<repo_name>}), the tool bundles installed before
 * the first action, their environment variables, the commands run after start-up and the submit command (all from
 * {@code replay_config}, which v0 trajectories lack), and the tree the session started from.
 */
final class SweAgentEnvironment {

    private final JsonNode replay;
    private final String repoRoot;

    private SweAgentEnvironment(JsonNode replay, String repoRoot) {
        this.replay = replay;
        this.repoRoot = repoRoot;
    }

    /** @param replay the run's replay_config (parsed), or null */
    static SweAgentEnvironment of(JsonNode replay, JsonNode steps) {
        String root = steps != null && steps.isArray() && !steps.isEmpty() ? workingDir(steps.get(0)) : null;
        if (root == null && JsonFields.scalarAt(replay, "env", "repo", "repo_name") != null) {
            root = "/" + JsonFields.scalarAt(replay, "env", "repo", "repo_name");
        }
        return new SweAgentEnvironment(replay, root);
    }

    /** The working directory a step's state records after it ran; its state is an object in 1.x, a JSON string before. */
    static String workingDir(JsonNode step) {
        JsonNode state = step.get("state");
        if (state != null && state.isTextual()) {
            try {
                state = Json.MAPPER.readTree(state.asText());
            } catch (IOException e) {
                return null;
            }
        }
        String dir = JsonFields.scalar(state, "working_dir");
        return dir == null || dir.isBlank() ? null : dir;
    }

    /** The repository root, or null when neither the first step nor replay_config names one. */
    String repoRoot() {
        return repoRoot;
    }

    /** {@code environment.sweAgent}: repoRoot, toolBundles, envVariables, postStartupCommands, submitCommand (what is recorded). */
    ObjectNode toJson() {
        ObjectNode json = Json.object();
        if (repoRoot != null) {
            json.put(SessionStartData.SWE_AGENT_REPO_ROOT, repoRoot);
        }
        JsonNode tools = JsonFields.at(replay, "agent", "tools");
        JsonNode bundles = JsonFields.at(tools, "bundles");
        if (bundles != null && bundles.isArray()) {
            ArrayNode paths = json.putArray(SessionStartData.SWE_AGENT_TOOL_BUNDLES);
            for (JsonNode bundle : bundles) {
                String path = bundle.isTextual() ? bundle.asText() : JsonFields.scalar(bundle, "path");
                if (path != null) {
                    paths.add(path);
                }
            }
        }
        JsonNode variables = JsonFields.at(tools, "env_variables");
        if (variables != null && variables.isObject()) {
            json.set(SessionStartData.SWE_AGENT_ENV_VARIABLES, variables.deepCopy());
        }
        JsonNode postStartup = JsonFields.at(replay, "env", "post_startup_commands");
        if (postStartup != null && postStartup.isArray()) {
            json.set(SessionStartData.SWE_AGENT_POST_STARTUP_COMMANDS, postStartup.deepCopy());
        }
        String submit = JsonFields.scalar(tools, "submit_command");
        if (submit != null) {
            json.put(SessionStartData.SWE_AGENT_SUBMIT_COMMAND, submit);
        }
        return json;
    }

    /** The repository and base commit of {@code env.repo}, and the recorded working directory. */
    StartingTree startingTree(String format, JsonNode steps) {
        JsonNode repo = JsonFields.at(replay, "env", "repo");
        String firstDir = steps != null && steps.isArray() && !steps.isEmpty() ? workingDir(steps.get(0)) : null;
        return new StartingTree(format).repository(JsonFields.firstScalar(repo, "repo_name", "github_url", "path"))
                .commit(JsonFields.scalar(repo, "base_commit")).cwd(firstDir);
    }
}
