package dev.forkline.views;

import dev.forkline.views.shell.FxTaskExecutor;
import javafx.application.Application;
import javafx.stage.Stage;

import java.util.Objects;

/**
 * The desktop workbench. {@code forkline open} calls {@link #launch(LaunchOptions)}, which blocks until the window is
 * closed.
 */
public final class WorkbenchApp extends Application {

    /**
     * The window's background threads: an import holds one for as long as it reads and stores, and what it has read so
     * far is prepared for showing on another, next to the live poll and the library's reads.
     */
    public static final int BACKGROUND_THREADS = 3;

    private static volatile LaunchOptions pending;
    private FxTaskExecutor executor;
    private LaunchOptions options;
    private Workbench workbench;

    /** Starts JavaFX, shows the workbench, and returns when the user closes it. Call once per JVM, not on the FX thread. */
    public static void launch(LaunchOptions options) {
        pending = Objects.requireNonNull(options, "options");
        Application.launch(WorkbenchApp.class);
    }

    @Override
    public void start(Stage stage) {
        options = pending != null ? pending : LaunchOptions.inMemory();
        executor = new FxTaskExecutor(BACKGROUND_THREADS);
        dev.forkline.views.shell.HelpMenu.useHostServices(getHostServices());
        workbench = show(stage, options, executor);
        StartupLog.afterFirstListing(workbench.model().library(), stage.getScene());
        workbench.model().checkDocker(dev.forkline.views.data.DockerProbe.engine());
        if (!options.openFiles().isEmpty()) {
            workbench.model().importFiles(options.openFiles());
        } else if (options.openTraceId() != null) {
            workbench.model().openStored(options.openTraceId());
        }
    }

    /** Builds the workbench into a stage and shows it (also used by tests). */
    public static Workbench show(Stage stage, LaunchOptions options, dev.forkline.views.concurrent.TaskExecutor executor) {
        Workbench workbench = Workbench.create(options, executor, 1600, 1000);
        stage.setTitle("Forkline");
        stage.setScene(workbench.scene());
        stage.setMinWidth(900);
        stage.setMinHeight(600);
        stage.show();
        return workbench;
    }

    @Override
    public void stop() {
        if (workbench != null) {
            workbench.model().cancelImport(); // the executor no longer interrupts it: reading stops at its next block
        }
        if (executor != null) {
            executor.close();
        }
        if (options != null && options.services().replay() != null) {
            options.services().replay().close(); // removes the sandbox kept prepared for "Replay from here"
        }
    }
}
