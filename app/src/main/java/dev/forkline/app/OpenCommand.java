package dev.forkline.app;

import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.WorkbenchApp;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Parameters;

@Command(name = "open", mixinStandardHelpOptions = true,
        description = "Open the workbench window. FILES (traces, or folders of traces such as sample-traces/) are imported first. "
                + "On the first start of an installed copy, the bundled sample traces are imported.")
final class OpenCommand implements Callable<Integer> {

    @Parameters(paramLabel = "FILES", arity = "0..*", description = "Traces or folders of traces to import and show.")
    List<Path> files = List.of();

    @Mixin
    DatabaseOption database = new DatabaseOption();

    @Override
    public Integer call() throws Exception {
        requireDisplay();
        try (TraceStore store = database.open()) {
            LaunchOptions options = LaunchOptions.forStore(store)
                    .withOpenFiles(filesToImport(files, store))
                    .withTrustedKeys(TrustedKeyOptions.withStore(KeyRing.open().trustedKeys(), store));
            WorkbenchApp.launch(options);
        }
        return ExitCodes.OK;
    }

    /** What the window imports as it opens: the files given, or into an empty store the bundled samples. */
    static List<Path> filesToImport(List<Path> files, TraceStore store) throws StoreException {
        return files.isEmpty() && store.changeMark().traces() == 0 ? bundledSamples() : files;
    }

    /** An installed copy names its bundled samples with {@code -Dforkline.samples}; a source checkout has them at the root. */
    private static List<Path> bundledSamples() {
        String configured = System.getProperty("forkline.samples");
        String home = System.getProperty("forkline.home");
        Path samples = configured != null ? Path.of(configured) : home != null ? Path.of(home, "sample-traces") : null;
        return samples != null && Files.isDirectory(samples) ? List.of(samples) : List.of();
    }

    private static void requireDisplay() {
        boolean linux = System.getProperty("os.name", "").toLowerCase(java.util.Locale.ROOT).contains("linux");
        if (linux && System.getenv("DISPLAY") == null && System.getenv("WAYLAND_DISPLAY") == null
                && !"Monocle".equals(System.getProperty("glass.platform"))) {
            throw new EnvironmentMissingException("no display to open a window on (DISPLAY is not set): run Forkline in a desktop "
                    + "session, under Xvfb, or use 'forkline screenshot' for a picture without a display");
        }
    }
}
