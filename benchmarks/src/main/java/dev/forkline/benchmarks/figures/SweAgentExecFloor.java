package dev.forkline.benchmarks.figures;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.forkline.replay.sandbox.IsolationBoundary;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.commons.compress.archivers.tar.TarArchiveEntry;
import org.apache.commons.compress.archivers.tar.TarArchiveInputStream;
import org.apache.commons.compress.archivers.tar.TarArchiveOutputStream;
import org.apache.commons.compress.compressors.gzip.GzipCompressorInputStream;

/**
 * The floor of {@code replay.real.step}: a SWE-agent trajectory's actions run with the {@code docker} command line and
 * nothing of Forkline's. The trajectory is read with Jackson; a container is prepared as SWE-agent prepares its own and
 * as the replay prepares its sandbox (the tree at the repository root, committed; the tool bundles in
 * {@code /root/tools}; their {@code install.sh} sourced in one bash session whose variables every action gets; the
 * set-up command), untimed; then each action is one {@code docker exec -t} of {@code bash -c <action>} in the
 * directory it ran in, with the same variables, on a terminal, timed.
 */
final class SweAgentExecFloor {

    private static final String TOOLS_ROOT = "/root/tools";
    private static final String ENV_MARKER = "--bench-session-environment--";
    private static final List<String> SHELL_OWN = List.of("PWD", "OLDPWD", "SHLVL", "_");

    /** One action as SWE-agent sent it to its shell, the directory it ran in and what the trajectory recorded. */
    record Action(String text, String cwd, String recorded) {
    }

    /** What ran and what it printed (terminal output), with the wall time of its {@code docker exec}. */
    record ActionRun(Action action, double millis, String output) {
        /** The output as SWE-agent records it: stripped, {@code \r\n} as {@code \n}. */
        String recordedForm() {
            return output.replace("\r\n", "\n").strip();
        }
    }

    private final Path treeTar;
    private final Path tools;
    private final String setupCommand;
    private final IsolationBoundary boundary;
    private final String root;
    private final List<Action> actions;
    private final List<String> bundles;
    private final Map<String, String> variables;
    private final Map<String, String> endings;

    private SweAgentExecFloor(Path treeTar, Path tools, String setupCommand, String image, String root, List<Action> actions,
                              List<String> bundles, Map<String, String> variables, Map<String, String> endings) {
        this.treeTar = treeTar;
        this.tools = tools;
        this.setupCommand = setupCommand;
        this.root = root;
        this.actions = actions;
        this.bundles = bundles;
        this.variables = variables;
        this.endings = endings;
        IsolationBoundary strict = IsolationBoundary.strict();
        // as SWE-agent's container (and the replay): root, a writable root filesystem, the repository as the workspace
        this.boundary = new IsolationBoundary(image, strict.network(), "0:0", false, strict.capDrop(), strict.noNewPrivileges(),
                strict.memoryBytes(), strict.nanoCpus(), strict.pidsLimit(), strict.tmpSizeBytes(), root);
    }

    /**
     * Reads the trajectory and lays out its tree as a plain tar (top-level folder stripped) under {@code work}.
     *
     * @throws IllegalArgumentException when the trajectory lacks what SWE-agent 1.x writes (replay_config, trajectory)
     */
    static SweAgentExecFloor of(SharedReplay material, String setupCommand, String image, Path work) throws IOException {
        JsonNode trajectory = new ObjectMapper().readTree(material.trajectory().toFile());
        JsonNode config = trajectory.path("replay_config");
        if (config.isTextual()) {
            config = new ObjectMapper().readTree(config.asText());
        }
        String repo = config.path("env").path("repo").path("repo_name").asText(null);
        if (repo == null || !trajectory.path("trajectory").isArray()) {
            throw new IllegalArgumentException(material.trajectory() + " has no replay_config.env.repo.repo_name or no trajectory");
        }
        String root = "/" + repo;
        List<Action> actions = new ArrayList<>();
        String cwd = root;
        for (JsonNode step : trajectory.get("trajectory")) {
            actions.add(new Action(step.path("action").asText(), cwd, step.path("observation").asText()));
            // SWE-agent's shell persists: the next action runs where this one left it
            cwd = step.path("state").path("working_dir").asText(cwd);
        }
        JsonNode tools = config.path("agent").path("tools");
        List<String> bundles = new ArrayList<>();
        tools.path("bundles").forEach(b -> {
            String path = b.path("path").asText();
            bundles.add(path.substring(path.lastIndexOf('/') + 1));
        });
        Map<String, String> variables = new LinkedHashMap<>();
        tools.path("env_variables").properties().forEach(v -> variables.put(v.getKey(), v.getValue().asText()));
        Map<String, String> endings = new LinkedHashMap<>();
        tools.path("multi_line_command_endings").properties().forEach(e -> endings.put(e.getKey(), e.getValue().asText()));
        Path tar = work.resolve("real-replay-tree.tar");
        stripTopFolder(material.tree(), tar);
        return new SweAgentExecFloor(tar, material.tools(), setupCommand, image, root, List.copyOf(actions), List.copyOf(bundles),
                variables, endings);
    }

    int actionCount() {
        return actions.size();
    }

    /** A container prepared for the first action, untimed; the caller removes it ({@link DockerCli#remove}). */
    String prepare() throws IOException, InterruptedException {
        String container = DockerCli.startIdle(boundary);
        try {
            DockerCli.copyTar(treeTar, container, root);
            exec(container, Map.of(), root, "git init -q && git add -A && git -c user.name=bench -c user.email=bench@forkline.invalid"
                    + " commit -q --no-verify -m 'the starting tree'");
            exec(container, Map.of(), "/", "mkdir -p " + TOOLS_ROOT);
            for (String bundle : bundles) {
                DockerCli.run(List.of("docker", "cp", tools.resolve(bundle).toString(), container + ":" + TOOLS_ROOT + "/" + bundle), null);
            }
            // the copies lost their executable bits; SWE-agent makes bin/ executable
            exec(container, Map.of(), "/", "chmod -R a+rX " + TOOLS_ROOT + " && chmod a+x " + TOOLS_ROOT + "/*/bin/* && for f in "
                    + TOOLS_ROOT + "/*/install.sh; do [ -f \"$f\" ] && chmod a+x \"$f\"; done; true");
            return container;
        } catch (IOException | InterruptedException | RuntimeException e) {
            DockerCli.remove(container);
            throw e;
        }
    }

    /** The variables SWE-agent's session ends with once every bundle's install.sh is sourced, then the set-up command. */
    Map<String, String> startSession(String container) throws IOException, InterruptedException {
        StringBuilder script = new StringBuilder("export ROOT=" + quote(root) + "\n");
        variables.forEach((name, value) -> script.append("export ").append(name).append('=').append(quote(value)).append('\n'));
        StringBuilder path = new StringBuilder();
        bundles.forEach(b -> path.append(TOOLS_ROOT).append('/').append(b).append("/bin:"));
        script.append("export PATH=").append(quote(path.toString())).append("\"$PATH\"\n");
        for (String bundle : bundles) {
            String dir = TOOLS_ROOT + "/" + bundle;
            script.append("if [ -f ").append(quote(dir + "/install.sh")).append(" ]; then cd ").append(quote(dir))
                    .append(" && source ./install.sh; fi\n");
        }
        script.append("cd ").append(quote(root)).append("\nprintf '\\n%s\\n' '").append(ENV_MARKER).append("'\nenv -0\n");
        String output = exec(container, Map.of(), root, script.toString());
        int marker = output.lastIndexOf(ENV_MARKER);
        if (marker < 0) {
            throw new IllegalStateException("sourcing the tool bundles' install.sh printed no environment: " + output.strip());
        }
        Map<String, String> env = new LinkedHashMap<>();
        for (String entry : output.substring(marker + ENV_MARKER.length() + 1).split("\0")) {
            int eq = entry.indexOf('=');
            if (eq > 0 && !SHELL_OWN.contains(entry.substring(0, eq))) {
                env.put(entry.substring(0, eq), entry.substring(eq + 1));
            }
        }
        exec(container, env, root, setupCommand);
        return env;
    }

    /** Runs every action in order, each one {@code docker exec -t}, timed. */
    List<ActionRun> runActions(String container, Map<String, String> env) throws Exception {
        List<ActionRun> ran = new ArrayList<>();
        for (Action action : actions) {
            List<String> command = new ArrayList<>(List.of("docker", "exec", "-t", "--user", boundary.user(), "-w", action.cwd()));
            env.forEach((name, value) -> {
                command.add("-e");
                command.add(name + "=" + value);
            });
            command.addAll(List.of(container, "bash", "-c", guarded(action.text())));
            long started = System.nanoTime();
            DockerCli.Ran result = DockerCli.attempt(command, null);
            ran.add(new ActionRun(action, (System.nanoTime() - started) / 1e6, result.output()));
        }
        return ran;
    }

    /** The number of files under the repository root now (the workspace a replay lists after each call). */
    int workspaceFiles(String container) throws IOException, InterruptedException {
        return Integer.parseInt(exec(container, Map.of(), "/", "find " + quote(root) + " \\( -type f -o -type l \\) | wc -l").strip());
    }

    /**
     * SWE-agent's guard of a multi-line tool call ({@code edit 1:1 \n ... \n end_of_edit}): its text goes to the tool as
     * a here-document ended by the tool's terminator line; anything else runs as written.
     */
    String guarded(String action) {
        String text = action.endsWith("\n") ? action.substring(0, action.length() - 1) : action;
        int firstBreak = text.indexOf('\n');
        if (firstBreak < 0) {
            return action;
        }
        String firstLine = text.substring(0, firstBreak);
        String end = endings.get(firstLine.strip().split("\\s+", 2)[0]);
        if (end == null || !text.endsWith("\n" + end)) {
            return action;
        }
        return firstLine + " << '" + end + "'" + text.substring(firstBreak) + "\n";
    }

    private String exec(String container, Map<String, String> env, String cwd, String script) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("docker", "exec", "--user", boundary.user(), "-w", cwd));
        env.forEach((name, value) -> {
            command.add("-e");
            command.add(name + "=" + value);
        });
        command.addAll(List.of(container, "bash", "-c", script));
        return DockerCli.run(command, null);
    }

    private static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    /** The archive's entries as a plain tar, without the one top-level folder every entry is in (as git archive makes). */
    private static void stripTopFolder(Path archive, Path target) throws IOException {
        String prefix = null;
        try (InputStream in = new GzipCompressorInputStream(Files.newInputStream(archive));
             TarArchiveInputStream tar = new TarArchiveInputStream(in)) {
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                String name = entry.getName();
                int slash = name.indexOf('/');
                String top = slash < 0 ? name + "/" : name.substring(0, slash + 1);
                if (entry.isGlobalPaxHeader()) {
                    continue;
                }
                if (prefix == null) {
                    prefix = top;
                } else if (!prefix.equals(top)) {
                    prefix = "";
                    break;
                }
            }
        }
        String strip = prefix == null ? "" : prefix;
        try (InputStream in = new GzipCompressorInputStream(Files.newInputStream(archive));
             TarArchiveInputStream tar = new TarArchiveInputStream(in);
             OutputStream out = Files.newOutputStream(target);
             TarArchiveOutputStream copy = new TarArchiveOutputStream(out)) {
            copy.setLongFileMode(TarArchiveOutputStream.LONGFILE_POSIX);
            for (TarArchiveEntry entry = tar.getNextEntry(); entry != null; entry = tar.getNextEntry()) {
                if (entry.isGlobalPaxHeader() || entry.getName().length() <= strip.length()) {
                    continue;
                }
                TarArchiveEntry stripped = new TarArchiveEntry(entry.getName().substring(strip.length()), entry.getLinkFlag());
                stripped.setMode(entry.getMode());
                stripped.setModTime(entry.getModTime());
                stripped.setLinkName(entry.getLinkName());
                if (entry.isFile()) {
                    stripped.setSize(entry.getSize());
                }
                copy.putArchiveEntry(stripped);
                if (entry.isFile()) {
                    tar.transferTo(copy);
                }
                copy.closeArchiveEntry();
            }
            copy.finish();
        }
    }
}
