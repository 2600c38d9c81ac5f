package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The PostgreSQL roles and grants of a team store ({@code forkline team init}), run by its administrator: the role that
 * owns Forkline's tables (the one that first opened the database, so ran the migrations).
 * <ul>
 *   <li>{@value #REVIEWER}: reads everything, and adds traces and events (imports, replay results, notes): SELECT on
 *       every table, INSERT and UPDATE on the trace tables, DELETE on the rows an import replaces (findings and
 *       integrity problems), INSERT and DELETE on the library's search index (what anyone may read, counted). No decisions, no deletions, no holds, no keys.</li>
 *   <li>{@value #OWNER}: a reviewer who also decides (INSERT on {@code decision_records}) and deletes and holds traces
 *       (DELETE on the trace tables and blob packs, INSERT on {@code trace_deletions}, INSERT and DELETE on
 *       {@code legal_holds}).</li>
 *   <li>the administrator: everything, as the tables' owner; only it adds trusted owner keys
 *       ({@code trusted_owner_keys}) and migrates the schema.</li>
 * </ul>
 * Both group roles are NOLOGIN; people log in as their own roles, made members with {@code --owner}/{@code --reviewer}.
 * Running it again is harmless: roles that exist are kept, grants are given again.
 */
final class TeamRoles {

    static final String REVIEWER = "forkline_reviewer";
    static final String OWNER = "forkline_owner";

    private static final Pattern ROLE = Pattern.compile("[a-z_][a-z0-9_]{0,62}");
    private static final List<String> ALL_TABLES = List.of("traces", "runs", "event_chunks", "blob_packs", "trace_blob_refs",
            "findings", "integrity_problems", "trace_deletions", "legal_holds", "trusted_owner_keys", "decision_records",
            "search_terms", "search_indexed", Schema.HISTORY_TABLE);
    /** The search index is derived from the events anyone may read: whoever indexes a trace writes its terms. */
    private static final List<String> SEARCH_TABLES = List.of("search_terms", "search_indexed");
    private static final List<String> TRACE_TABLES = List.of("traces", "runs", "event_chunks", "blob_packs", "trace_blob_refs",
            "findings", "integrity_problems");

    private TeamRoles() {
    }

    /** Checks a login role's name (lower-case PostgreSQL identifier, as written unquoted). */
    static String checkedRole(String name) {
        if (name == null || !ROLE.matcher(name).matches()) {
            throw new IllegalArgumentException("not a PostgreSQL role name Forkline grants to: '" + name
                    + "' (lower-case letters, digits and _, starting with a letter or _)");
        }
        return name;
    }

    /** @return what was done, one line each */
    static List<String> init(Connection connection, String database, List<String> owners, List<String> reviewers)
            throws SQLException, StoreException {
        owners.forEach(TeamRoles::checkedRole);
        reviewers.forEach(TeamRoles::checkedRole);
        List<String> done = new ArrayList<>();
        try (Statement sql = connection.createStatement()) {
            for (String group : List.of(REVIEWER, OWNER)) {
                if (!exists(connection, group)) {
                    sql.execute("CREATE ROLE " + group + " NOLOGIN");
                    done.add("created role " + group);
                }
            }
            sql.execute("GRANT CONNECT ON DATABASE \"" + database.replace("\"", "\"\"") + "\" TO " + REVIEWER);
            sql.execute("GRANT USAGE ON SCHEMA public TO " + REVIEWER);
            sql.execute("GRANT SELECT ON " + String.join(", ", ALL_TABLES) + " TO " + REVIEWER);
            sql.execute("GRANT INSERT, UPDATE ON " + String.join(", ", TRACE_TABLES) + " TO " + REVIEWER);
            sql.execute("GRANT DELETE ON findings, integrity_problems TO " + REVIEWER);
            sql.execute("GRANT INSERT, DELETE ON " + String.join(", ", SEARCH_TABLES) + " TO " + REVIEWER);
            done.add("granted " + REVIEWER + ": read everything; add traces, replay results and notes");
            sql.execute("GRANT " + REVIEWER + " TO " + OWNER);
            sql.execute("GRANT INSERT ON decision_records TO " + OWNER);
            sql.execute("GRANT DELETE ON " + String.join(", ", TRACE_TABLES) + ", decision_records TO " + OWNER);
            sql.execute("GRANT INSERT ON trace_deletions TO " + OWNER);
            sql.execute("GRANT INSERT, DELETE ON legal_holds TO " + OWNER);
            done.add("granted " + OWNER + ": as " + REVIEWER + ", and decide, delete and hold traces");
            for (String owner : owners) {
                requireLogin(connection, owner);
                sql.execute("GRANT " + OWNER + " TO " + owner);
                done.add(owner + " is an owner (member of " + OWNER + ")");
            }
            for (String reviewer : reviewers) {
                requireLogin(connection, reviewer);
                sql.execute("GRANT " + REVIEWER + " TO " + reviewer);
                done.add(reviewer + " is a reviewer (member of " + REVIEWER + ")");
            }
        }
        return done;
    }

    private static boolean exists(Connection connection, String role) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT 1 FROM pg_roles WHERE rolname = ?")) {
            query.setString(1, role);
            try (ResultSet row = query.executeQuery()) {
                return row.next();
            }
        }
    }

    private static void requireLogin(Connection connection, String role) throws SQLException, StoreException {
        if (!exists(connection, role)) {
            throw new StoreRefusedException("there is no role '" + role + "' in the team store: create it first (CREATE ROLE " + role
                    + " LOGIN PASSWORD '...'), then run forkline team init again; nothing was changed");
        }
    }
}
