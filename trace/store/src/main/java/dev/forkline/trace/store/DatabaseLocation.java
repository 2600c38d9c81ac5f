package dev.forkline.trace.store;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.function.Function;

/**
 * Where the H2 database lives, checked so that the JDBC URL built from it cannot carry settings: the path must be
 * absolute and normalised and free of the characters H2's URL syntax gives meaning to ({@code ; = ~} and controls).
 *
 * @param base the database name without H2's {@code .mv.db} suffix
 */
record DatabaseLocation(Path base) {

    static final String H2_SUFFIX = ".mv.db";
    private static final String FORBIDDEN = ";=~`\"'\\";

    public DatabaseLocation {
        String text = base.toString();
        if (!base.isAbsolute()) {
            throw new IllegalArgumentException("the database path must be absolute: '" + text + "'");
        }
        if (!base.normalize().equals(base)) {
            throw new IllegalArgumentException("the database path must be normalised (no '.' or '..' parts): '" + text + "'");
        }
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (Character.isISOControl(c) || FORBIDDEN.indexOf(c) >= 0 && !(c == '\\' && isWindows())) {
                throw new IllegalArgumentException("the database path must not contain '" + printable(c)
                        + "' (it has a meaning in a JDBC URL): '" + text + "'");
            }
        }
        if (base.getFileName() == null) {
            throw new IllegalArgumentException("the database path names no file: '" + text + "'");
        }
    }

    /** Accepts the database name with or without H2's {@code .mv.db} suffix. */
    static DatabaseLocation of(Path dbFile) {
        String name = dbFile.getFileName() == null ? "" : dbFile.getFileName().toString();
        if (name.endsWith(H2_SUFFIX) && name.length() > H2_SUFFIX.length()) {
            dbFile = dbFile.resolveSibling(name.substring(0, name.length() - H2_SUFFIX.length()));
        }
        return new DatabaseLocation(dbFile);
    }

    /** {@code $XDG_DATA_HOME/forkline/forkline}, else {@code ~/.local/share/forkline/forkline}. */
    static DatabaseLocation defaultLocation(Function<String, String> environment, Path home) {
        String xdg = environment.apply("XDG_DATA_HOME");
        // The XDG spec says relative values are invalid and must be ignored.
        Path dataHome = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute()
                ? Path.of(xdg) : home.resolve(".local").resolve("share");
        return new DatabaseLocation(dataHome.resolve("forkline").resolve("forkline").toAbsolutePath().normalize());
    }

    static DatabaseLocation defaultLocation() {
        Map<String, String> env = System.getenv();
        return defaultLocation(env::get, Path.of(System.getProperty("user.home")));
    }

    /** The file H2 actually writes. */
    Path dataFile() {
        return base.resolveSibling(base.getFileName() + H2_SUFFIX);
    }

    boolean exists() {
        return Files.exists(dataFile());
    }

    void createParent() throws IOException {
        Path parent = base.getParent();
        if (parent != null) {
            Files.createDirectories(parent);
        }
    }

    /**
     * The URL every Forkline process opens the store with. {@code AUTO_SERVER=TRUE}: the first process to open the file
     * opens it embedded and serves it to the others over a loopback TCP port (written, with a random key, to the
     * {@code .lock.db} file beside it); when that process ends, the next connection attempt of another one takes over.
     * So the window, {@code forkline serve} and other commands share one database (see docs/live.md).
     */
    String jdbcUrl() {
        return "jdbc:h2:file:" + base + ";AUTO_SERVER=TRUE";
    }

    private static boolean isWindows() {
        return java.io.File.separatorChar == '\\';
    }

    private static String printable(char c) {
        return Character.isISOControl(c) ? String.format("\\u%04x", (int) c) : String.valueOf(c);
    }
}
