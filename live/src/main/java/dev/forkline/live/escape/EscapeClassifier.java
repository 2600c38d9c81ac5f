package dev.forkline.live.escape;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.EffectRules;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.gate.Contract;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Decides whether a tool call (Claude Code's {@code tool_name} and {@code tool_input}) is an escape that a contract's
 * {@code escapes:} rules reserve for the owner. The first matching rule, in the contract's order, wins.
 *
 * <p>What each kind looks at: {@code tool} the tool name; {@code command} each simple command of a {@code Bash} call;
 * {@code network} the web tools and shell commands that reach the network; {@code privileged} shell commands that
 * raise privileges; {@code outsideProject} file tools and shell redirections, {@code tee}, {@code cp}, {@code mv},
 * {@code rm}, {@code touch}, {@code mkdir} whose absolute or home-relative path lies outside the project directory.
 */
public final class EscapeClassifier {

    static final Set<String> SHELL_TOOLS = Set.of("Bash", "BashOutput", "bash", "shell");
    static final Set<String> WEB_TOOLS = Set.of("WebFetch", "WebSearch");
    static final Set<String> FILE_WRITE_TOOLS = Set.of("Write", "Edit", "MultiEdit", "NotebookEdit");
    static final Set<String> NETWORK_PROGRAMS = Set.of("curl", "wget", "ssh", "scp", "sftp", "ftp", "rsync", "nc", "ncat", "netcat",
            "telnet", "http", "https", "gh", "aws", "gcloud", "az", "kubectl", "helm");
    static final Set<String> NETWORK_SUBCOMMANDS = Set.of("git push", "git pull", "git fetch", "git clone", "git ls-remote",
            "pip install", "pip3 install", "npm install", "npm i", "npm publish", "yarn add", "pnpm add", "docker pull",
            "docker push", "apt install", "apt-get install", "apt-get update", "apt update", "cargo install", "go get");
    static final Set<String> PRIVILEGED_PROGRAMS = Set.of("sudo", "su", "doas", "pkexec", "chown", "chgrp", "setcap", "mount",
            "umount", "chroot", "nsenter", "systemctl", "service", "insmod", "modprobe", "iptables", "useradd", "usermod", "passwd");
    static final Set<String> WRITING_PROGRAMS = Set.of("tee", "cp", "mv", "rm", "touch", "mkdir", "rmdir", "ln", "install");
    static final Set<String> HARMLESS_TARGETS = Set.of("/dev/null", "/dev/stdout", "/dev/stderr", "/dev/tty");

    private final List<Contract.EscapeRule> rules;

    public EscapeClassifier(Contract.Escapes escapes) {
        this.rules = escapes.rules();
    }

    public boolean hasRules() {
        return !rules.isEmpty();
    }

    /**
     * @param tool       the tool's name
     * @param input      its arguments
     * @param projectDir the session's project directory (absolute), for {@code outsideProject}
     * @param home       the user's home directory, for {@code ~/...} paths
     */
    public Optional<EscapeMatch> classify(String tool, JsonNode input, Path projectDir, Path home) {
        String command = SHELL_TOOLS.contains(tool) ? input.path("command").asText(null) : null;
        List<ShellCommands.Simple> simple = ShellCommands.split(command);
        for (Contract.EscapeRule rule : rules) {
            String what = switch (rule.kind()) {
                case "tool" -> toolMatch(rule, tool);
                case "command" -> commandMatch(rule.patterns(), simple);
                case "network" -> network(rule, tool, input, simple);
                case "privileged" -> privileged(rule, simple);
                case "outsideProject" -> outside(tool, input, simple, projectDir, home);
                default -> null;
            };
            if (what != null) {
                return Optional.of(new EscapeMatch(rule.id(), rule.kind(), what));
            }
        }
        return Optional.empty();
    }

    private static String toolMatch(Contract.EscapeRule rule, String tool) {
        for (String pattern : rule.patterns()) {
            if (Glob.of(pattern).matches(tool)) {
                return "tool '" + tool + "' matches '" + pattern + "'";
            }
        }
        return null;
    }

    private static String commandMatch(List<String> patterns, List<ShellCommands.Simple> simple) {
        for (ShellCommands.Simple command : simple) {
            for (String pattern : patterns) {
                if (Glob.of(pattern).matches(command.text())) {
                    return "command '" + abbreviate(command.text()) + "' matches '" + pattern + "'";
                }
            }
        }
        return null;
    }

    private static String network(Contract.EscapeRule rule, String tool, JsonNode input, List<ShellCommands.Simple> simple) {
        if (WEB_TOOLS.contains(tool)) {
            String target = input.has("url") ? input.path("url").asText() : input.path("query").asText("");
            return "tool '" + tool + "' reaches the network" + (target.isEmpty() ? "" : " (" + abbreviate(target) + ")");
        }
        for (ShellCommands.Simple command : simple) {
            String program = command.program();
            String two = command.words().size() > 1 ? program + " " + command.words().get(1) : program;
            if (NETWORK_PROGRAMS.contains(program) || NETWORK_SUBCOMMANDS.contains(two)) {
                return "command '" + abbreviate(command.text()) + "' reaches the network";
            }
        }
        return commandMatch(rule.patterns(), simple);
    }

    private static String privileged(Contract.EscapeRule rule, List<ShellCommands.Simple> simple) {
        for (ShellCommands.Simple command : simple) {
            if (PRIVILEGED_PROGRAMS.contains(command.program())
                    || EffectRules.classifyCommand(command.text()) == EffectClass.PRIVILEGED) {
                return "command '" + abbreviate(command.text()) + "' raises privileges";
            }
        }
        return commandMatch(rule.patterns(), simple);
    }

    private static String outside(String tool, JsonNode input, List<ShellCommands.Simple> simple, Path projectDir, Path home) {
        if (FILE_WRITE_TOOLS.contains(tool)) {
            String file = input.has("file_path") ? input.path("file_path").asText() : input.path("notebook_path").asText(null);
            if (file != null && isOutside(file, projectDir, home, true)) {
                return "tool '" + tool + "' writes " + file + ", outside the project " + projectDir;
            }
        }
        for (ShellCommands.Simple command : simple) {
            List<String> words = command.words();
            for (int i = 0; i < words.size(); i++) {
                String word = words.get(i);
                boolean redirect = (word.equals(">") || word.equals(">>") || word.equals(">|") || word.equals("&>")) && i + 1 < words.size();
                if (redirect && isOutside(words.get(i + 1), projectDir, home, false)) {
                    return "command '" + abbreviate(command.text()) + "' writes " + words.get(i + 1) + ", outside the project " + projectDir;
                }
            }
            if (WRITING_PROGRAMS.contains(command.program())) {
                for (String word : words.subList(1, words.size())) {
                    if (!word.startsWith("-") && isOutside(word, projectDir, home, false)) {
                        return "command '" + abbreviate(command.text()) + "' writes " + word + ", outside the project " + projectDir;
                    }
                }
            }
        }
        return null;
    }

    /** Relative shell words are taken as inside (relative to a cwd in the project); a file tool's path is resolved. */
    private static boolean isOutside(String path, Path projectDir, Path home, boolean resolveRelative) {
        if (path.isEmpty() || HARMLESS_TARGETS.contains(path) || path.startsWith(">") || path.startsWith("&")) {
            return false;
        }
        Path target;
        if (path.equals("~") || path.startsWith("~/")) {
            target = home.resolve(path.length() > 2 ? path.substring(2) : "");
        } else if (path.startsWith("/")) {
            target = Path.of(path);
        } else if (resolveRelative || path.startsWith("..")) {
            target = projectDir.resolve(path);
        } else {
            return false;
        }
        return !target.normalize().startsWith(projectDir.normalize());
    }

    private static String abbreviate(String text) {
        return text.length() > 200 ? text.substring(0, 200) + "..." : text;
    }
}
