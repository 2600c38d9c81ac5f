package dev.forkline.trace.store;

import java.util.Locale;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A team store: a PostgreSQL database named {@code postgresql://USER@HOST[:PORT]/DB}. The address never carries a
 * password or connection settings; the password comes from {@value #PASSWORD_VARIABLE}, else {@code PGPASSWORD}, else
 * the PostgreSQL driver reads {@code ~/.pgpass} (or the file {@code PGPASSFILE} names), as {@code psql} does.
 *
 * @param user     the PostgreSQL role Forkline logs in as
 * @param host     a host name, an IPv4 address, or an IPv6 address without brackets
 * @param port     5432 unless given
 * @param database the database name
 */
public record TeamDatabase(String user, String host, int port, String database) {

    public static final String SCHEME = "postgresql://";
    public static final int DEFAULT_PORT = 5432;
    /** The environment variable that holds the password (read before {@code PGPASSWORD}). */
    public static final String PASSWORD_VARIABLE = "FORKLINE_DB_PASSWORD";

    private static final Pattern ADDRESS = Pattern.compile(
            "postgresql://(?<user>[^@/:?#]+)@(?:\\[(?<ipv6>[0-9A-Fa-f:.]+)]|(?<host>[A-Za-z0-9.-]+))(?::(?<port>[0-9]{1,5}))?/(?<db>[^/?#]+)");
    private static final Pattern NAME = Pattern.compile("[A-Za-z_][A-Za-z0-9_.$-]{0,62}");

    public TeamDatabase {
        if (user == null || !NAME.matcher(user).matches()) {
            throw new IllegalArgumentException("the team store's user must be a PostgreSQL role name (letters, digits, _ . $ -), not '" + user + "'");
        }
        if (database == null || !NAME.matcher(database).matches()) {
            throw new IllegalArgumentException("the team store's database must be a plain name (letters, digits, _ . $ -), not '" + database + "'");
        }
        if (host == null || host.isBlank()) {
            throw new IllegalArgumentException("the team store's address names no host");
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("the team store's port must be 1 to 65535, not " + port);
        }
    }

    /** Whether {@code text} is meant as a team store's address rather than an H2 file. */
    public static boolean isAddress(String text) {
        return text != null && text.toLowerCase(Locale.ROOT).startsWith(SCHEME);
    }

    /**
     * Reads {@code postgresql://USER@HOST[:PORT]/DB}.
     *
     * @throws IllegalArgumentException naming what is wrong, e.g. a password in the address
     */
    public static TeamDatabase parse(String text) {
        if (!isAddress(text)) {
            throw new IllegalArgumentException("a team store's address starts with " + SCHEME + ": '" + text + "'");
        }
        String rest = text.substring(SCHEME.length());
        int at = rest.indexOf('@');
        if (at > 0 && rest.substring(0, at).contains(":")) {
            throw new IllegalArgumentException("the team store's address must not hold a password (it would show in process lists"
                    + " and shell history): give it in " + PASSWORD_VARIABLE + ", PGPASSWORD or ~/.pgpass");
        }
        if (rest.contains("?") || rest.contains("#")) {
            throw new IllegalArgumentException("the team store's address takes no settings ('?...'): postgresql://USER@HOST[:PORT]/DB");
        }
        Matcher matcher = ADDRESS.matcher(SCHEME + rest);
        if (!matcher.matches()) {
            throw new IllegalArgumentException("not a team store's address: '" + text + "' (expected postgresql://USER@HOST[:PORT]/DB)");
        }
        String host = matcher.group("ipv6") != null ? matcher.group("ipv6") : matcher.group("host");
        int port = matcher.group("port") == null ? DEFAULT_PORT : Integer.parseInt(matcher.group("port"));
        return new TeamDatabase(matcher.group("user"), host, port, matcher.group("db"));
    }

    /** The JDBC URL (no user, password or settings in it: they are passed as properties). */
    public String jdbcUrl() {
        return "jdbc:postgresql://" + hostForUrl() + ":" + port + "/" + database;
    }

    /** {@code postgresql://USER@HOST:PORT/DB}, as Forkline spells it. */
    @Override
    public String toString() {
        return SCHEME + user + "@" + hostForUrl() + ":" + port + "/" + database;
    }

    /** The password to log in with, from the environment; null lets the driver read {@code ~/.pgpass}. */
    public static String password(Function<String, String> environment) {
        for (String variable : new String[] {PASSWORD_VARIABLE, "PGPASSWORD"}) {
            String value = environment.apply(variable);
            if (value != null && !value.isEmpty()) {
                return value;
            }
        }
        return null;
    }

    private String hostForUrl() {
        return host.contains(":") ? "[" + host + "]" : host;
    }
}
