package dev.forkline.replay.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Tells a divergence caused by the replay's environment from one caused by behaviour: the replay lacks a command, an
 * interpreter or a dependency, has no network, lacks a file the recorded session saw (e.g. files its author had not
 * committed), or runs another operating system than the recording for a command whose output depends on it. Each rule
 * reads the replay's output and the command; the first that applies names what is missing.
 */
final class EnvironmentDiagnosis {

    private static final Pattern COMMAND_NOT_FOUND = Pattern.compile(
            "(?m)(?:^|: )(?:line \\d+: )?([A-Za-z0-9_.+-]+): (?:command )?not found$");
    private static final Pattern NO_MODULE = Pattern.compile("No module named '?([A-Za-z0-9_.]+)'?|Cannot find module '([^']+)'"
            + "|cannot find package \"([^\"]+)\"");
    private static final Pattern NO_NETWORK = Pattern.compile("(?i)could not resolve host|temporary failure in name resolution"
            + "|network is unreachable|name or service not known|dial tcp|getaddrinfo|failed to establish a new connection"
            + "|could not connect to server|connection refused");
    private static final Pattern NOT_A_REPOSITORY = Pattern.compile("(?i)not a git repository");
    private static final Pattern MISSING_PATH = Pattern.compile("(?i)no such file or directory|cannot access|does not exist|not found");
    private static final Set<String> PLATFORM_FORMATTED = Set.of("ls", "stat", "ps", "df", "du", "date", "uname", "sw_vers",
            "launchctl", "top", "ifconfig", "netstat", "lsof", "sysctl", "open", "brew", "mdfind", "pbcopy", "pbpaste", "defaults");

    private EnvironmentDiagnosis() {
    }

    /**
     * @param command      the shell command (or argv joined) that was re-executed
     * @param replayOutput what the replay printed, stdout and stderr
     * @param recordedOk   the recording shows the call succeeding
     * @param image        the image the replay ran in
     * @param platform     the foreign OS the session ran on, or null (see {@link ImportedSession#foreignPlatform()})
     * @param absentPath   true for a workspace-relative path the replay's tree lacks and no replayed step created or
     *                     deleted (so the recorded session's tree had something the supplied one has not)
     * @param root         the absolute directory the session worked in, to read the command's paths against; may be null
     * @return the cause, when the environment explains the divergence
     */
    static Optional<String> of(String command, String replayOutput, boolean recordedOk, String image, String platform,
                               Predicate<String> absentPath, String root) {
        Matcher notFound = COMMAND_NOT_FOUND.matcher(replayOutput);
        while (notFound.find()) {
            String program = notFound.group(1);
            if (command.contains(program)) {
                return Optional.of("`" + program + "`: command not found in " + image);
            }
        }
        Matcher module = NO_MODULE.matcher(replayOutput);
        if (module.find()) {
            String name = module.group(1) != null ? module.group(1) : module.group(2) != null ? module.group(2) : module.group(3);
            return Optional.of("missing dependency `" + name + "` in " + image);
        }
        if (NO_NETWORK.matcher(replayOutput).find()) {
            return Optional.of("no network in the sandbox: " + firstLineMatching(replayOutput, NO_NETWORK));
        }
        if (NOT_A_REPOSITORY.matcher(replayOutput).find()) {
            return Optional.of("the supplied tree is not a git repository (give REPO@COMMIT to keep its .git)");
        }
        if (recordedOk && MISSING_PATH.matcher(replayOutput).find()) {
            for (String path : pathsIn(command, root)) {
                if (absentPath.test(path)) {
                    return Optional.of("the supplied tree lacks " + path + ", which the recorded session saw (files outside the"
                            + " commit, e.g. not committed by the author)");
                }
            }
        }
        if (platform != null) {
            String program = firstProgram(command);
            if (program != null && PLATFORM_FORMATTED.contains(program)) {
                return Optional.of("the session ran on " + platform + ", where `" + program + "` prints differently than on the"
                        + " replay's Linux");
            }
        }
        return Optional.empty();
    }

    /** Workspace-relative paths named by the command: absolute ones under the root, and relative ones. */
    static List<String> pathsIn(String command, String root) {
        List<String> paths = new ArrayList<>();
        for (String token : command.split("[\\s'\"=;|&<>()]+")) {
            String path = token;
            if (root != null && (path.equals(root) || path.startsWith(root + "/"))) {
                path = path.substring(root.length());
                path = path.startsWith("/") ? path.substring(1) : path;
            } else if (path.startsWith("/") || path.startsWith("-") || !path.contains("/") && !path.contains(".")) {
                continue;
            }
            while (path.endsWith("/")) {
                path = path.substring(0, path.length() - 1);
            }
            if (!path.isEmpty() && !path.contains("..") && !path.contains("*")) {
                paths.add(path);
            }
        }
        return paths;
    }

    private static String firstProgram(String command) {
        for (String token : command.strip().split("\\s+")) {
            if (token.contains("=") || token.equals("sudo") || token.equals("env")) {
                continue;
            }
            String name = token.substring(token.lastIndexOf('/') + 1).toLowerCase(Locale.ROOT);
            return name.isEmpty() ? null : name;
        }
        return null;
    }

    private static String firstLineMatching(String text, Pattern pattern) {
        return text.lines().filter(l -> pattern.matcher(l).find()).findFirst().orElse("").strip();
    }
}
