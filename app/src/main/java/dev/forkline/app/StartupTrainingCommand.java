package dev.forkline.app;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.stream.Stream;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * The work Forkline's start-up cache is recorded from (hidden from the help: it is for the {@code forkline} script,
 * not for users). The script runs it once after a build in a JVM recording JDK 25's ahead-of-time cache; later starts
 * map the classes it loaded already parsed and linked, and the methods it ran already profiled: a short command starts
 * a quarter to a third faster, the window more (docs/architecture.md, "Start-up"). It runs the commonest commands on
 * the bundled sample traces and renders the workbench off screen (which loads most of the window's classes), all in a
 * scratch directory: nothing else is read from the user's store or written. Each command's output goes to this
 * command's output; a command that fails does not stop the others, and makes this one exit with 1.
 */
@Command(name = "startup-training", hidden = true, description = "Run the work the start-up cache is recorded from.")
final class StartupTrainingCommand implements Callable<Integer> {

    private static final String SAMPLE = "forkline-sample-wrong-tool-call";

    @Parameters(index = "0", paramLabel = "SAMPLE-TRACES-DIR")
    Path samples;

    @Parameters(index = "1", paramLabel = "SCRATCH-DIR")
    Path scratch;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path scratchDir = Files.createDirectories(scratch.toAbsolutePath());
        System.setProperty("forkline.owners", scratchDir.resolve("owners").toString());
        int failed = run(commands(samples.toAbsolutePath(), scratchDir), spec.commandLine().getOut());
        return failed == 0 ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
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
            String[] args = command.toArray(String[]::new);
            CommandLine commandLine = ForklineCommand.commandLine(args).setOut(log).setErr(log);
            int code;
            try {
                code = commandLine.execute(args);
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
