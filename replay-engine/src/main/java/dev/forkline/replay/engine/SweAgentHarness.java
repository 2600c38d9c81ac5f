package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.sandbox.ExecResult;
import dev.forkline.replay.sandbox.RecordedExec;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.Event;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.ToolCallData;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

/**
 * SWE-agent's harness, rebuilt: its tool bundles (named by the trajectory, supplied with {@code --tools}) are copied to
 * {@code /root/tools/<bundle>}, each {@code install.sh} is sourced in one bash session with the bundles' {@code bin/}
 * on PATH, and the variables that session ends with are given to every action; {@code post_startup_commands} and the
 * reviewer's set-up commands run next. Each action then runs as SWE-agent ran it, {@code bash -c} of the raw action
 * (a multi-line tool call fed its text as a here-document, as SWE-agent guards it) in the directory it ran in.
 * Like SWE-agent 1.x's session, the actions run on a pseudo-terminal; SWE-agent records an action's terminal output,
 * stdout and stderr together and (1.x) stripped of surrounding white space, and no exit status, and replaces the output
 * of {@code submit} with the submission between its markers.
 */
final class SweAgentHarness extends ImportedHarness {

    static final String TOOLS_ROOT = "/root/tools";
    private static final String ENV_MARKER = "--forkline-session-environment--";
    private static final String SUBMISSION_START = "<<SUBMISSION||";
    private static final String SUBMISSION_END = "||SUBMISSION>>";
    private static final ObjectMapper YAML = new ObjectMapper(new YAMLFactory());

    private final JsonNode sweAgent;
    private final Map<String, Path> bundles = new LinkedHashMap<>();
    private final Map<String, String> endNames = new LinkedHashMap<>();
    private final Map<String, String> sessionEnvironment = new LinkedHashMap<>();
    /** The commands the bundles define (their bin/ programs). */
    private final java.util.Set<String> toolCommands = new java.util.TreeSet<>();

    SweAgentHarness(ImportedSession session, SessionSetup setup) {
        super(session, setup);
        this.sweAgent = session.environment().path(SessionStartData.ENVIRONMENT_SWE_AGENT);
    }

    private String repoRoot() {
        String root = sweAgent.path(SessionStartData.SWE_AGENT_REPO_ROOT).asText(null);
        return root != null ? root : session.root();
    }

    @Override
    public void check() {
        List<String> named = new ArrayList<>();
        sweAgent.path(SessionStartData.SWE_AGENT_TOOL_BUNDLES).forEach(b -> named.add(b.asText()));
        if (named.isEmpty()) {
            return;
        }
        Path dir = setup.toolsDirectory();
        if (dir == null) {
            throw new ReplayInputException("the trajectory runs SWE-agent's tool bundles " + named
                    + ": give the folder that holds them with --tools DIR (SWE-agent's own tools/ folder)");
        }
        if (!Files.isDirectory(dir)) {
            throw new ReplayInputException("--tools " + dir + " is not a directory");
        }
        for (String bundle : named) {
            Path found = locate(dir, bundle);
            if (found == null) {
                throw new ReplayInputException("--tools " + dir + " has no bundle '" + bundle + "' named by the trajectory"
                        + " (looked for " + dir.resolve(bundle) + " and " + dir.resolve(lastSegment(bundle)) + ")");
            }
            bundles.put(lastSegment(bundle), found);
            readEndNames(found);
            try (Stream<Path> bin = Files.list(found.resolve("bin"))) {
                bin.map(p -> p.getFileName().toString()).filter(n -> !n.startsWith("_")).forEach(toolCommands::add);
            } catch (IOException e) {
                // a bundle without bin/ defines no commands
            }
        }
    }

    private static Path locate(Path dir, String bundle) {
        for (Path candidate : List.of(dir.resolve(bundle), dir.resolve(lastSegment(bundle)), dir.resolve("tools").resolve(lastSegment(bundle)))) {
            if (Files.isDirectory(candidate.resolve("bin"), LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(candidate.resolve("config.yaml"))) {
                return candidate;
            }
        }
        return null;
    }

    private static String lastSegment(String path) {
        String p = path.endsWith("/") ? path.substring(0, path.length() - 1) : path;
        return p.substring(p.lastIndexOf('/') + 1);
    }

    /** The tools whose multi-line input ends with a terminator line ({@code end_name}), e.g. edit ... end_of_edit. */
    private void readEndNames(Path bundle) {
        Path config = bundle.resolve("config.yaml");
        if (!Files.isRegularFile(config)) {
            return;
        }
        try {
            JsonNode tools = YAML.readTree(config.toFile()).path("tools");
            tools.properties().forEach(tool -> {
                String end = tool.getValue().path("end_name").asText(null);
                if (end != null) {
                    endNames.put(tool.getKey(), end);
                }
            });
        } catch (IOException e) {
            throw new ReplayInputException("--tools: " + config + " is not readable YAML: " + e.getMessage(), e);
        }
    }

    @Override
    public List<String> prepare(Sandbox sandbox) throws IOException {
        List<String> notes = new ArrayList<>();
        String root = repoRoot();
        if (!sandbox.manifest().entries().containsKey(".git/HEAD")) {
            ExecResult init = sandbox.exec(List.of("bash", "-c", "git init -q && git add -A && git -c user.name=Forkline"
                    + " -c user.email=replay@forkline.invalid commit -q --no-verify -m 'the supplied starting tree'"), root, Map.of(), SETUP_TIMEOUT);
            notes.add(init.succeeded()
                    ? "the supplied tree has no .git: committed it as the base commit, so that git diff (submit) sees the session's changes"
                      + " (blob ids, hence diffs, equal those of the recorded repository)"
                    : "the supplied tree has no .git and committing it failed (exit " + init.exitCode() + "): " + lastLine(init.stderrText()));
        }
        List<WorkspaceFile> files = new ArrayList<>();
        for (Map.Entry<String, Path> bundle : bundles.entrySet()) {
            files.addAll(bundleFiles(bundle.getKey(), bundle.getValue()));
        }
        if (!files.isEmpty()) {
            ExecResult mkdir = sandbox.exec(List.of("mkdir", "-p", TOOLS_ROOT), "/", Map.of(), SETUP_TIMEOUT);
            if (!mkdir.succeeded()) {
                throw new IOException("could not create " + TOOLS_ROOT + " in the sandbox: " + lastLine(mkdir.stderrText()));
            }
            sandbox.putFilesOutsideWorkspace(TOOLS_ROOT, files);
            notes.add("installed SWE-agent tool bundles " + bundles.keySet() + " from " + setup.toolsDirectory() + " into " + TOOLS_ROOT);
        }
        ExecResult session = sandbox.exec(List.of("bash", "-c", sessionScript(root)), root, Map.of(), SETUP_TIMEOUT);
        String output = session.stdoutText();
        int marker = output.lastIndexOf(ENV_MARKER);
        if (marker < 0) {
            String why = lastLine(session.stderrText().isBlank() ? output : session.stderrText());
            if (session.exitCode() == 126 || session.exitCode() == 127) {
                throw new dev.forkline.replay.sandbox.ImageUnavailableException("the image " + sandbox.boundary().image()
                        + " cannot run SWE-agent's session (" + why + "): its tools need bash and python3, e.g. --image "
                        + dev.forkline.replay.sandbox.SandboxImages.DEBIAN + " (packaging/sandbox-image/build makes it)", null);
            }
            throw new IOException("starting SWE-agent's session in the sandbox failed (exit " + session.exitCode() + "): " + why);
        }
        parseEnvironment(output.substring(marker + ENV_MARKER.length() + 1));
        String installLog = (output.substring(0, marker) + session.stderrText()).strip();
        notes.add("sourced the bundles' install.sh in one bash session" + (installLog.isEmpty() ? ""
                : "; it printed: " + abbreviate(installLog)));
        List<String> startup = new ArrayList<>();
        sweAgent.path(SessionStartData.SWE_AGENT_POST_STARTUP_COMMANDS).forEach(c -> startup.add(c.asText()));
        for (String command : startup) {
            ExecResult result = sandbox.exec(List.of("bash", "-c", command), root, callEnvironment(), SETUP_TIMEOUT);
            notes.add("post-startup command `" + command + "`: exit " + result.exitCode());
        }
        notes.addAll(runSetupCommands(sandbox, callEnvironment()));
        return notes;
    }

    private String sessionScript(String root) {
        StringBuilder script = new StringBuilder();
        script.append("export ROOT=").append(quote(root)).append('\n');
        sweAgent.path(SessionStartData.SWE_AGENT_ENV_VARIABLES).properties().forEach(v ->
                script.append("export ").append(v.getKey()).append('=').append(quote(v.getValue().asText())).append('\n'));
        StringBuilder path = new StringBuilder();
        for (String bundle : bundles.keySet()) {
            path.append(TOOLS_ROOT).append('/').append(bundle).append("/bin:");
        }
        script.append("export PATH=").append(quote(path.toString())).append("\"$PATH\"\n");
        for (String bundle : bundles.keySet()) {
            String dir = TOOLS_ROOT + "/" + bundle;
            script.append("if [ -f ").append(quote(dir + "/install.sh")).append(" ]; then cd ").append(quote(dir))
                    .append(" && source ./install.sh; fi\n");
        }
        script.append("cd ").append(quote(root)).append('\n');
        script.append("printf '\\n%s\\n' '").append(ENV_MARKER).append("'\nenv -0\n");
        return script.toString();
    }

    private void parseEnvironment(String nulSeparated) {
        for (String entry : nulSeparated.split("\0")) {
            int eq = entry.indexOf('=');
            if (eq <= 0) {
                continue;
            }
            String name = entry.substring(0, eq);
            if (!List.of("PWD", "OLDPWD", "SHLVL", "_").contains(name)) {
                sessionEnvironment.put(name, entry.substring(eq + 1));
            }
        }
    }

    private static List<WorkspaceFile> bundleFiles(String name, Path dir) throws IOException {
        List<WorkspaceFile> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path file : walk.filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS)).sorted().toList()) {
                String relative = dir.relativize(file).toString().replace('\\', '/');
                // the copies SWE-agent's bundles come in often lose their executable bits; SWE-agent makes bin/ executable
                boolean executable = relative.startsWith("bin/") || relative.endsWith(".sh") || Files.isExecutable(file);
                files.add(WorkspaceFile.regular(name + "/" + relative, Files.readAllBytes(file), executable ? 0755 : 0644));
            }
        }
        return files;
    }

    @Override
    protected Map<String, String> callEnvironment() {
        Map<String, String> env = new LinkedHashMap<>(sessionEnvironment);
        env.putAll(setup.env());
        return env;
    }

    @Override
    public Optional<RecordedExec> exec(Event call) {
        String action = call.data().path(ToolCallData.SWE_AGENT).path(ToolCallData.SWE_AGENT_ACTION).asText(null);
        if (action == null) {
            return super.exec(call);
        }
        String cwd = call.data().path(ToolCallData.SWE_AGENT).path(ToolCallData.SWE_AGENT_CWD).asText(repoRoot());
        return Optional.of(new RecordedExec(List.of("bash", "-c", guarded(action)), cwd, callEnvironment(), RecordedExec.DEFAULT_TIMEOUT));
    }

    /**
     * A tool call whose text ends with its terminator line ({@code edit 1:1 \n ... \n end_of_edit}) gets that text as a
     * here-document, as SWE-agent sends it to its shell; anything else runs as written.
     */
    String guarded(String action) {
        String text = action.endsWith("\n") ? action.substring(0, action.length() - 1) : action;
        int firstBreak = text.indexOf('\n');
        if (firstBreak < 0) {
            return action;
        }
        String firstLine = text.substring(0, firstBreak);
        String command = firstLine.strip().split("\\s+", 2)[0];
        String end = endNames.get(command);
        if (end == null || !text.endsWith("\n" + end)) {
            return action;
        }
        return firstLine + " << '" + end + "'" + text.substring(firstBreak) + "\n";
    }

    /**
     * SWE-agent 1.x runs its session on a pseudo-terminal (through SWE-ReX); 0.x ran plain pipes, so its recordings
     * show programs' output for a pipe (ls one name per line).
     */
    @Override
    public boolean runsInTerminal() {
        return !recordedByVersion0();
    }

    /**
     * A trajectory recorded by SWE-agent 0.x (its environment is named {@code swe_main}; 1.x names it {@code main}),
     * whose tools printed differently (other headers, messages and windows) from the 1.x bundles a replay is given.
     */
    boolean recordedByVersion0() {
        return "swe_main".equals(session.imported().path("environmentName").asText(null));
    }

    @Override
    public Optional<String> knownEnvironmentDifference(Event call) {
        if (!recordedByVersion0()) {
            return Optional.empty();
        }
        String action = call.data().path(ToolCallData.SWE_AGENT).path(ToolCallData.SWE_AGENT_ACTION).asText("").strip();
        String command = action.isEmpty() ? "" : action.split("\\s+", 2)[0];
        if (!toolCommands.contains(command)) {
            return Optional.empty();
        }
        return Optional.of("the trajectory was recorded by SWE-agent 0.x, whose `" + command + "` printed differently from the"
                + " supplied tool bundles (" + String.join(", ", bundles.keySet()) + ")");
    }

    @Override
    public ExecResult asRecorded(Event call, ExecResult raw) {
        String terminal = raw.stdoutText() + raw.stderrText();
        int start = terminal.indexOf(SUBMISSION_START);
        int end = terminal.indexOf(SUBMISSION_END, Math.max(start, 0));
        if (start >= 0 && end > start) {
            terminal = terminal.substring(start + SUBMISSION_START.length(), end);
        } else if (!recordedByVersion0()) {
            // SWE-agent 1.x's shell session (SWE-ReX) hands the agent an action's output stripped of surrounding white space
            terminal = terminal.strip();
        }
        return new ExecResult(raw.exitCode(), terminal.getBytes(StandardCharsets.UTF_8), new byte[0],
                raw.stdoutTruncated(), raw.stderrTruncated(), raw.durationMs(), raw.timedOut(), raw.oomKilled());
    }

    @Override
    public boolean recordsExitStatus() {
        return false;
    }

    private static String quote(String value) {
        return "'" + value.replace("'", "'\\''") + "'";
    }

    private static String abbreviate(String text) {
        String oneLine = text.replace('\n', ' ').replaceAll("\\s+", " ");
        return oneLine.length() > 300 ? oneLine.substring(0, 300) + "..." : oneLine;
    }

    /** SWE-agent's container ran everything as root in a writable root filesystem, with its tools under /root. */
    static dev.forkline.replay.sandbox.IsolationBoundary boundary(dev.forkline.replay.sandbox.IsolationBoundary recorded) {
        return new dev.forkline.replay.sandbox.IsolationBoundary(recorded.image(), recorded.network(), "0:0", false, recorded.capDrop(),
                recorded.noNewPrivileges(), recorded.memoryBytes(), recorded.nanoCpus(), recorded.pidsLimit(), recorded.tmpSizeBytes(),
                recorded.workspace());
    }
}
