package dev.forkline.app;

/** Who runs the command, as recorded with deletions and holds: the operating system's user name. */
final class Operator {

    private Operator() {
    }

    static String name() {
        String user = System.getProperty("user.name");
        return user == null || user.isBlank() ? "unknown" : user;
    }
}
