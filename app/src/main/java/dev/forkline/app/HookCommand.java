package dev.forkline.app;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.live.LiveServer;
import dev.forkline.live.claude.HookSettings;
import dev.forkline.live.claude.ServeEndpoint;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "hook", mixinStandardHelpOptions = true,
        description = "Connect an agent harness to forkline serve.",
        subcommands = {HookCommand.Install.class, HookCommand.Uninstall.class})
final class HookCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return ExitCodes.BAD_INPUT;
    }

    /** Which settings file: a project's, or the user's. */
    static final class Scope {
        @Option(names = "--project", paramLabel = "DIR", description = "The project's .claude/settings.json (default: the current directory's).")
        Path project;
        @Option(names = "--user", description = "~/.claude/settings.json (every project).")
        boolean user;

        Path settingsFile() {
            if (user) {
                return Path.of(System.getProperty("user.home"), ".claude", "settings.json");
            }
            Path dir = project != null ? project : Path.of("");
            return dir.toAbsolutePath().normalize().resolve(".claude").resolve("settings.json");
        }
    }

    static void checkHarness(String harness) {
        if (!"claude-code".equals(harness)) {
            throw new UserInputException("unknown harness '" + harness + "': forkline hooks into claude-code (OpenTelemetry agents "
                    + "need no hook: point OTEL_EXPORTER_OTLP_ENDPOINT at forkline serve)");
        }
    }

    @Command(name = "install", mixinStandardHelpOptions = true,
            description = "Add Forkline's hooks to Claude Code's settings, keeping every hook already there. Each hook posts its "
                    + "input to forkline serve from a short bash script (no JVM, no curl per call).")
    static final class Install implements Callable<Integer> {
        @Parameters(paramLabel = "HARNESS", description = "claude-code")
        String harness;
        @ArgGroup(exclusive = true)
        Scope scope = new Scope();
        @Option(names = "--endpoint", paramLabel = "URL", description = "Where forkline serve listens (default: http://127.0.0.1:"
                + LiveServer.DEFAULT_PORT + ").")
        String endpoint = "http://127.0.0.1:" + LiveServer.DEFAULT_PORT;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            checkHarness(harness);
            try {
                ServeEndpoint.parse(endpoint);
            } catch (IllegalArgumentException e) {
                throw new UserInputException("--endpoint: " + e.getMessage());
            }
            Path file = scope.settingsFile();
            ObjectNode settings = HookSettings.install(HookSettings.read(file), endpoint);
            HookSettings.write(file, settings);
            spec.commandLine().getOut().printf("%s: Forkline's hooks installed for %d events (posting to %s); start forkline serve%n",
                    file, HookSettings.EVENTS.size(), endpoint);
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }

    @Command(name = "uninstall", mixinStandardHelpOptions = true,
            description = "Remove exactly Forkline's hooks from Claude Code's settings; everything else stays.")
    static final class Uninstall implements Callable<Integer> {
        @Parameters(paramLabel = "HARNESS", arity = "0..1", description = "claude-code (the default)")
        String harness = "claude-code";
        @ArgGroup(exclusive = true)
        Scope scope = new Scope();
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            checkHarness(harness);
            Path file = scope.settingsFile();
            ObjectNode before = HookSettings.read(file);
            ObjectNode after = HookSettings.uninstall(before);
            if (after.equals(before)) {
                spec.commandLine().getOut().printf("%s: no Forkline hooks to remove%n", file);
            } else {
                HookSettings.write(file, after);
                spec.commandLine().getOut().printf("%s: Forkline's hooks removed%n", file);
            }
            spec.commandLine().getOut().flush();
            return ExitCodes.OK;
        }
    }
}
