package dev.forkline.app;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.views.ScreenshotRequest;
import dev.forkline.views.Screenshots;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.data.StoreTraceLibrary;
import java.nio.file.Path;
import java.util.Locale;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "screenshot", mixinStandardHelpOptions = true,
        description = "Render the workbench off screen (no display needed) at 1600x1000 and write a PNG: for docs, reports and review.")
final class ScreenshotCommand implements Callable<Integer> {

    enum View { main, timeline, forks, inspector, state, compare }

    enum Theme { light, dark }

    @Option(names = "--trace", paramLabel = "BUNDLE", description = "A trace file or bundle to show (read, not stored).")
    Path trace;

    @Option(names = "--trace-id", paramLabel = "ID", description = "A stored trace to show (from --db).")
    String traceId;

    @Option(names = "--run", paramLabel = "RUN", description = "The run shown in the timeline (default: the root run).")
    String run;

    @Option(names = "--select", paramLabel = "EVENT", description = "The event under the cursor.")
    String select;

    @Option(names = "--view", defaultValue = "main", description = "What to render: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    View view;

    @Option(names = "--theme", defaultValue = "light", description = "${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    Theme theme;

    @Option(names = "--size", defaultValue = "1600x1000", paramLabel = "WxH", description = "Picture size (default: ${DEFAULT-VALUE}).")
    String size;

    @Option(names = "--out", required = true, paramLabel = "FILE.png")
    Path out;

    @Mixin
    DatabaseOption database;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if ((trace == null) == (traceId == null)) {
            throw new UserInputException("give exactly one of --trace BUNDLE or --trace-id ID");
        }
        String[] dimensions = size.toLowerCase(Locale.ROOT).split("x");
        int width;
        int height;
        try {
            width = Integer.parseInt(dimensions[0]);
            height = Integer.parseInt(dimensions[1]);
        } catch (RuntimeException e) {
            throw new UserInputException("--size must look like 1600x1000, not '" + size + "'");
        }
        Path written;
        if (trace != null) {
            ImportedTrace imported = Importers.builtIn().read(trace);
            try (var bundle = imported.bundle()) {
                written = Screenshots.render(configure(ScreenshotRequest.of(bundle, out), width, height));
            }
        } else {
            try (TraceStore store = database.open()) {
                written = Screenshots.render(configure(ScreenshotRequest.stored(new StoreTraceLibrary(store), traceId, out), width, height));
            }
        }
        spec.commandLine().getOut().println(written);
        return ExitCodes.OK;
    }

    private ScreenshotRequest configure(ScreenshotRequest request, int width, int height) {
        ScreenshotRequest configured = request
                .withView(ScreenshotRequest.View.valueOf(view.name().toUpperCase(Locale.ROOT)))
                .withTheme(theme == Theme.dark ? ThemeChoice.DARK : ThemeChoice.LIGHT)
                .withSize(width, height);
        if (run != null) {
            configured = configured.withRun(run);
        }
        if (select != null) {
            configured = configured.withSelectedEvent(select);
        }
        return configured;
    }
}
