package dev.forkline.app;

import dev.forkline.importers.Importers;
import dev.forkline.importers.convert.TraceConversion;
import dev.forkline.trace.Finding;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.verify.Problem;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code forkline convert FILE... --out DIR}: each trace, of any supported format, written as a Forkline bundle whose
 * manifest names the source file and its SHA-256, and verified after writing: how an incident recorded by another tool
 * is shared as a tamper-evident bundle.
 */
@Command(name = "convert", mixinStandardHelpOptions = true,
        description = "Write each trace (any supported format) as a Forkline bundle directory in DIR, named after the file "
                + "(<name>.forkline); its manifest names the source file and its SHA-256, and each bundle is verified after "
                + "writing. Exit 0 when every file converted and verified, 1 when a written bundle does not verify, 2 when a "
                + "file cannot be read or its bundle already exists.")
final class ConvertCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILE", arity = "1..*", description = "Agent trace files or folders (or Forkline bundles).")
    List<Path> files;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Where the bundles are written (created if absent).")
    Path out;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        var stdout = spec.commandLine().getOut();
        var err = spec.commandLine().getErr();
        TraceConversion conversion = new TraceConversion(Importers.builtIn());
        int unreadable = 0;
        int unverified = 0;
        for (Path file : files) {
            try {
                TraceConversion.Converted converted = conversion.convert(file, out);
                long warnings = converted.findings().stream().filter(f -> f.severity() != Finding.Severity.INFO).count();
                stdout.printf("%s\t%s\t%d events\t%d findings (%d warnings)\t%s%n", converted.bundle(), converted.manifest().sourceFormat(),
                        converted.events(), converted.findings().size(), warnings, converted.manifest().source().sha256());
                if (!converted.verification().ok()) {
                    unverified++;
                    Problem first = converted.verification().first().orElseThrow();
                    err.println("forkline: " + converted.bundle() + " does not verify: " + first.describe(converted.bundle().toString()));
                }
            } catch (TraceFormatException | IOException e) {
                unreadable++;
                err.println("forkline: " + (e instanceof IOException ? file + ": " + describe(e) : e.getMessage()));
            }
        }
        stdout.flush();
        err.flush();
        return unreadable > 0 ? ExitCodes.BAD_INPUT : unverified > 0 ? ExitCodes.CHECK_FAILED : ExitCodes.OK;
    }

    private static String describe(Exception e) {
        return e instanceof java.nio.file.FileAlreadyExistsException exists && exists.getReason() != null
                ? exists.getFile() + " " + exists.getReason() : e.getMessage();
    }
}
