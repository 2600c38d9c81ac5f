package dev.forkline.app;

import picocli.CommandLine;

/** Entry point of the {@code forkline} command and the desktop window. */
public final class Main {

    /**
     * JavaFX warns on every start that it runs from the class path; Forkline ships it that way on purpose (see
     * packaging/README.md). Held in a field: java.util.logging keeps loggers only weakly.
     */
    private static final java.util.logging.Logger JAVAFX_PLATFORM_LOG = java.util.logging.Logger.getLogger("javafx");

    private Main() {
    }

    public static void main(String[] args) {
        JAVAFX_PLATFORM_LOG.setLevel(java.util.logging.Level.SEVERE);
        System.exit(run(args));
    }

    public static int run(String... args) {
        CommandLine commandLine = ForklineCommand.commandLine(args);
        try {
            return commandLine.execute(args);
        } catch (OutOfMemoryError e) { // an Error passes picocli's handler; the work that ran out is unreachable by now
            return ErrorReporting.outOfMemory(commandLine.getErr(), e);
        }
    }
}
