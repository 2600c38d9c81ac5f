package dev.forkline.app;

import picocli.CommandLine;

/** Entry point of the {@code forkline} command and the desktop window. */
public final class Main {

    private Main() {
    }

    public static void main(String[] args) {
        System.exit(run(args));
    }

    public static int run(String... args) {
        return ForklineCommand.commandLine().execute(args);
    }
}
