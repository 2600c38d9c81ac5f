package dev.forkline.views.viewmodel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the reviewer answered in the dialog for replaying an imported session (the twin of {@code forkline replay
 * --workspace SRC --tools DIR --image IMAGE --setup CMD --env K=V --strict-environment}), remembered per trace.
 *
 * @param source            whether the tree is a folder or archive ({@link #path}), or a git repository at a commit
 * @param path              a directory or a .tar/.tar.gz/.tgz archive (for {@link TreeSource#FOLDER_OR_ARCHIVE})
 * @param repository        a local git repository (for {@link TreeSource#GIT_COMMIT})
 * @param commit            the commit to read it at; blank: the commit the trace names
 * @param tools             SWE-agent's tool bundles folder, or blank
 * @param image             the image to run in, or blank to let the engine choose
 * @param setupCommands     shell commands run in the workspace before the first step
 * @param env               variables added to every re-executed call, in the order given
 * @param strictEnvironment environment divergences fail the replay too
 * @param fileHistory       Claude Code's file-history folder of the session ({@code --file-history DIR}), or blank
 */
public record SessionSetupAnswers(TreeSource source, String path, String repository, String commit, String tools, String image,
                                  List<String> setupCommands, Map<String, String> env, boolean strictEnvironment,
                                  String fileHistory) {

    /** Where the starting tree comes from. */
    public enum TreeSource { FOLDER_OR_ARCHIVE, GIT_COMMIT }

    public SessionSetupAnswers {
        source = source == null ? TreeSource.FOLDER_OR_ARCHIVE : source;
        path = blankToEmpty(path);
        repository = blankToEmpty(repository);
        commit = blankToEmpty(commit);
        tools = blankToEmpty(tools);
        image = blankToEmpty(image);
        fileHistory = blankToEmpty(fileHistory);
        setupCommands = setupCommands == null ? List.of() : List.copyOf(setupCommands);
        env = env == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(env));
    }

    /** The {@code --workspace} spec: the path, or REPOSITORY@COMMIT (the repository alone reads the trace's commit). */
    public String workspaceSpec() {
        if (source == TreeSource.FOLDER_OR_ARCHIVE) {
            return path;
        }
        return commit.isEmpty() ? repository : repository + "@" + commit;
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("source", source.name());
        json.put("path", path);
        json.put("repository", repository);
        json.put("commit", commit);
        json.put("tools", tools);
        json.put("image", image);
        setupCommands.forEach(json.putArray("setup")::add);
        ObjectNode variables = json.putObject("env");
        env.forEach(variables::put);
        json.put("strictEnvironment", strictEnvironment);
        json.put("fileHistory", fileHistory);
        return json;
    }

    /** Reads what {@link #toJson()} wrote; unknown or missing fields are left empty. */
    public static SessionSetupAnswers fromJson(JsonNode json) {
        TreeSource source = TreeSource.FOLDER_OR_ARCHIVE;
        try {
            source = TreeSource.valueOf(json.path("source").asText(TreeSource.FOLDER_OR_ARCHIVE.name()));
        } catch (IllegalArgumentException unknown) {
            // an answer written by another version: keep the default
        }
        List<String> setup = new ArrayList<>();
        json.path("setup").forEach(c -> setup.add(c.asText()));
        Map<String, String> env = new LinkedHashMap<>();
        json.path("env").properties().forEach(e -> env.put(e.getKey(), e.getValue().asText()));
        return new SessionSetupAnswers(source, json.path("path").asText(""), json.path("repository").asText(""),
                json.path("commit").asText(""), json.path("tools").asText(""), json.path("image").asText(""), setup, env,
                json.path("strictEnvironment").asBoolean(false), json.path("fileHistory").asText(""));
    }

    private static String blankToEmpty(String value) {
        return value == null ? "" : value.strip();
    }
}
