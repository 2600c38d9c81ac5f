package dev.forkline.app;

import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import picocli.CommandLine;

/**
 * The work Forkline's start-up cache is recorded from. The {@code forkline} script runs this once after a build, in
 * a JVM started with {@code -XX:AOTCacheOutput} (JDK 25's ahead-of-time cache); later starts map the classes this
 * loaded already parsed and linked, and the methods it ran already profiled: a short command starts a quarter to a
 * third faster, the window more (docs/architecture.md, "Start-up"). It runs the commonest commands on the bundled
 * sample traces and renders the workbench off screen (which loads most of the window's classes), all in a scratch
 * directory: nothing else is read from the user's store or written. Each command's output goes to standard output
 * (the script keeps it in {@code app/target/startup-cache.log}); a command that fails does not stop the others.
 */
public final class StartupTraining {

    private static final String SAMPLE = "forkline-sample-wrong-tool-call";

    private StartupTraining() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 2) {
            System.err.println("usage: StartupTraining SAMPLE-TRACES-DIR SCRATCH-DIR");
            System.exit(ExitCodes.BAD_INPUT);
        }
        Path samples = Path.of(args[0]).toAbsolutePath();
        Path scratch = Files.createDirectories(Path.of(args[1]).toAbsolutePath());
        System.setProperty("forkline.owners", scratch.resolve("owners").toString());
        PrintWriter log = new PrintWriter(new OutputStreamWriter(System.out, StandardCharsets.UTF_8), true);
        int failed = run(commands(samples, scratch), log);
        // the off-screen window leaves JavaFX's threads running
        System.exit(failed == 0 ? ExitCodes.OK : ExitCodes.CHECK_FAILED);
    }

    static List<List<String>> commands(Path samples, Path scratch) throws IOException {
        String db = "--db=" + scratch.resolve("store/forkline");
        List<String> bundles = bundlesIn(samples);
        if (bundles.isEmpty()) {
            throw new IOException("no sample bundles in " + samples);
        }
        String sample = samples.resolve("wrong-tool-call").toString();
        String contract = samples.resolve("recovery-contract.yaml").toString();
        List<List<String>> commands = new ArrayList<>();
        commands.add(List.of("--help"));
        commands.add(concat(List.of("import", db), bundles));
        commands.add(List.of("list", db));
        commands.add(List.of("list", db, "--json"));
        commands.add(List.of("inspect", sample));
        commands.add(List.of("verify", sample));
        commands.add(List.of("verify", db, "--all"));
        commands.add(List.of("list", db, "--search", "rm", "--update-index"));
        commands.add(List.of("search", db, SAMPLE, "rm"));
        commands.add(List.of("queue", db, "--json"));
        commands.add(concat(List.of("gate", "--contract", contract), bundles));
        commands.add(List.of("report", sample, "--contract", contract, "--out", scratch.resolve("report.html").toString()));
        commands.add(List.of("export", db, SAMPLE, "--out", scratch.resolve("export").toString()));
        commands.add(List.of("screenshot", db, "--trace-id", SAMPLE, "--out", scratch.resolve("window.png").toString()));
        return commands;
    }

    /** How many commands failed (an exit code other than 0 or 1: 1 is a check's finding, which the samples have). */
    static int run(List<List<String>> commands, PrintWriter log) {
        int failed = 0;
        for (List<String> command : commands) {
            log.println("$ forkline " + String.join(" ", command));
            CommandLine commandLine = ForklineCommand.commandLine().setOut(log).setErr(log);
            int code;
            try {
                code = commandLine.execute(command.toArray(String[]::new));
            } catch (RuntimeException e) {
                e.printStackTrace(log);
                code = ExitCodes.BAD_INPUT;
            }
            log.println("exit " + code);
            if (code != ExitCodes.OK && code != ExitCodes.CHECK_FAILED) {
                failed++;
            }
        }
        log.println(failed + " of " + commands.size() + " commands failed");
        return failed;
    }

    private static List<String> bundlesIn(Path samples) throws IOException {
        try (Stream<Path> entries = Files.list(samples)) {
            return entries.filter(entry -> Files.isRegularFile(entry.resolve("manifest.json")))
                    .map(Path::toString)
                    .sorted()
                    .toList();
        }
    }

    private static List<String> concat(List<String> first, List<String> second) {
        List<String> all = new ArrayList<>(first);
        all.addAll(second);
        return all;
    }
}
