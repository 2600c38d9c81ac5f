package dev.forkline.trace.store;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Refuses database files that hold anything Forkline's migrations do not create. Triggers and Java aliases run code,
 * linked tables reach other databases, unknown tables, views, defaults and generated columns can call built-in
 * functions that read and write files. A database file may come from anywhere (a shared home, a restored backup), so
 * it is checked twice:
 * <ol>
 *   <li>{@link #beforeOpen} reads the stored schema statements without opening the database, because opening runs
 *       them (a trigger's {@code init} is called during the open);</li>
 *   <li>{@link #afterOpen} inspects INFORMATION_SCHEMA, which is H2's own account of what the schema holds.</li>
 * </ol>
 */
final class UntrustedDatabaseCheck {

    private static final Pattern CREATE_TABLE = Pattern.compile("CREATE CACHED TABLE \"PUBLIC\"\\.\"([^\"]+)\"\\(");
    private static final Pattern SETTING = Pattern.compile("SET ([A-Z_]+) .*", Pattern.DOTALL);
    /** Settings H2 records in a database it created itself. */
    private static final Set<String> KNOWN_SETTINGS = Set.of("CREATE_BUILD");
    private static final int QUOTE_LENGTH = 160;

    private UntrustedDatabaseCheck() {
    }

    /**
     * A file another process holds open (the window, serve) cannot be read here, and need not be: this process reaches
     * it through that one's server ({@code AUTO_SERVER}), where whatever the file holds would run, never here;
     * {@link #afterOpen} still inspects the schema through the connection.
     */
    static void beforeOpen(Path dataFile) throws StoreException {
        List<StoredDefinitions.Definition> definitions;
        try {
            definitions = StoredDefinitions.read(dataFile);
        } catch (StoredDefinitions.InUse inUse) {
            return;
        }
        List<String> found = new ArrayList<>();
        for (StoredDefinitions.Definition definition : definitions) {
            String problem = judge(definition);
            if (problem != null) {
                found.add(problem + " (" + quote(definition.sql()) + ")");
            }
        }
        refuseIfAny(dataFile.toString(), found);
    }

    private static String judge(StoredDefinitions.Definition definition) {
        String sql = definition.sql();
        return switch (definition.objectType()) {
            case StoredDefinitions.TABLE_OR_VIEW -> judgeTable(sql);
            case StoredDefinitions.INDEX, StoredDefinitions.CONSTRAINT, StoredDefinitions.USER, StoredDefinitions.ROLE,
                 StoredDefinitions.RIGHT, StoredDefinitions.COMMENT -> null;
            case StoredDefinitions.SETTING -> {
                Matcher setting = SETTING.matcher(sql);
                yield setting.matches() && KNOWN_SETTINGS.contains(setting.group(1)) ? null : "an unexpected setting";
            }
            case StoredDefinitions.TRIGGER -> "a trigger";
            case StoredDefinitions.FUNCTION_ALIAS -> "a user-defined function (CREATE ALIAS)";
            case StoredDefinitions.AGGREGATE -> "a user-defined aggregate";
            case StoredDefinitions.SCHEMA -> "an unknown schema";
            case StoredDefinitions.SEQUENCE -> "an unknown sequence";
            case StoredDefinitions.CONSTANT -> "an unknown constant";
            case StoredDefinitions.DOMAIN -> "an unknown domain";
            case StoredDefinitions.SYNONYM -> "an unknown synonym";
            default -> "an unknown kind of object (type " + definition.objectType() + ")";
        };
    }

    private static String judgeTable(String sql) {
        String upper = sql.toUpperCase(Locale.ROOT);
        if (upper.contains("LINKED TABLE")) {
            return "a linked table";
        }
        if (upper.contains(" VIEW ")) {
            return "a view";
        }
        Matcher table = CREATE_TABLE.matcher(sql);
        if (!table.lookingAt()) {
            return "a table Forkline does not create";
        }
        return Schema.isKnownTable(table.group(1)) ? null : "an unknown table '" + table.group(1) + "'";
    }

    static void afterOpen(Connection connection, String where) throws SQLException, StoreException {
        List<String> found = new ArrayList<>();
        collect(connection, found, "a trigger ",
                "SELECT trigger_schema || '.' || trigger_name || ' on ' || event_object_table FROM information_schema.triggers");
        collect(connection, found, "a user-defined routine ",
                "SELECT routine_schema || '.' || routine_name || ' (' || COALESCE(external_name, routine_definition, '') || ')'"
                        + " FROM information_schema.routines WHERE routine_schema <> 'INFORMATION_SCHEMA'");
        collect(connection, found, "an unknown schema ",
                "SELECT schema_name FROM information_schema.schemata WHERE schema_name NOT IN ('PUBLIC', 'INFORMATION_SCHEMA')");
        collect(connection, found, "a domain ", "SELECT domain_schema || '.' || domain_name FROM information_schema.domains");
        collect(connection, found, "a constant ", "SELECT constant_schema || '.' || constant_name FROM information_schema.constants");
        collect(connection, found, "a synonym ", "SELECT synonym_schema || '.' || synonym_name FROM information_schema.synonyms");
        collect(connection, found, "a sequence ", "SELECT sequence_schema || '.' || sequence_name FROM information_schema.sequences");
        collect(connection, found, "a check constraint ",
                "SELECT constraint_schema || '.' || constraint_name || ' (' || check_clause || ')' FROM information_schema.check_constraints");
        checkTables(connection, found);
        checkColumns(connection, found);
        refuseIfAny(where, found);
    }

    /**
     * After the migrations ran: a table that a migration converts and drops must be gone. Finding one means the file
     * claims a schema version it does not have.
     */
    static void afterMigration(Connection connection, String where) throws SQLException, StoreException {
        List<String> found = new ArrayList<>();
        try (PreparedStatement query = connection.prepareStatement("SELECT table_name FROM information_schema.tables"
                + " WHERE table_schema = ?")) {
            query.setString(1, Dialect.of(connection).schema());
            try (ResultSet rows = query.executeQuery()) {
                while (rows.next()) {
                    if (Schema.MIGRATED_AWAY.containsKey(rows.getString(1).toUpperCase(Locale.ROOT))) {
                        found.add(rows.getString(1));
                    }
                }
            }
        }
        if (!found.isEmpty()) {
            throw new UntrustedDatabaseException("refusing to open the database " + where + ": its schema history says it"
                    + " is migrated, but it still holds " + String.join(", ", found) + ", which the migrations convert and drop."
                    + " Move the file away (Forkline then creates a fresh database) or open another one.");
        }
    }

    private static void checkTables(Connection connection, List<String> found) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT table_schema, table_name, table_type, storage_type"
                + " FROM information_schema.tables WHERE table_schema <> 'INFORMATION_SCHEMA'");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                String name = rows.getString(1) + "." + rows.getString(2);
                if ("TABLE LINK".equals(rows.getString(4))) {
                    found.add("a linked table " + name);
                } else if (!"BASE TABLE".equals(rows.getString(3))) {
                    found.add("a " + rows.getString(3).toLowerCase(Locale.ROOT) + " " + name);
                } else if (!"PUBLIC".equals(rows.getString(1)) || !Schema.isKnownTable(rows.getString(2))) {
                    found.add("an unknown table " + name);
                } else if (!"CACHED".equals(rows.getString(4))) {
                    found.add("table " + name + " of unexpected storage type " + rows.getString(4));
                }
            }
        }
    }

    private static void checkColumns(Connection connection, List<String> found) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement("SELECT table_name, column_name, column_default, is_generated,"
                + " generation_expression, column_on_update FROM information_schema.columns WHERE table_schema = 'PUBLIC'");
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                String table = rows.getString(1);
                String column = rows.getString(2);
                var known = Schema.columnsOf(table);
                if (known == null) {
                    continue;
                }
                String name = table + "." + column;
                if (!known.contains(column)) {
                    found.add("an unknown column " + name);
                }
                String defaultExpression = rows.getString(3);
                if (defaultExpression != null && !defaultExpression.equals(Schema.ALLOWED_DEFAULTS.get(name))) {
                    found.add("a default on " + name + " (" + quote(defaultExpression) + ")");
                }
                if (!"NEVER".equals(rows.getString(4))) {
                    found.add("a generated column " + name + " (" + quote(String.valueOf(rows.getString(5))) + ")");
                }
                if (rows.getString(6) != null) {
                    found.add("an ON UPDATE expression on " + name + " (" + quote(rows.getString(6)) + ")");
                }
            }
        }
    }

    private static void collect(Connection connection, List<String> found, String what, String sql) throws SQLException {
        try (PreparedStatement query = connection.prepareStatement(sql);
             ResultSet rows = query.executeQuery()) {
            while (rows.next()) {
                found.add(what + quote(rows.getString(1)));
            }
        }
    }

    private static void refuseIfAny(String where, List<String> found) throws UntrustedDatabaseException {
        if (!found.isEmpty()) {
            throw new UntrustedDatabaseException("refusing to open the database " + where
                    + ": it holds objects Forkline never creates, which could run code or reach other databases: "
                    + String.join("; ", found)
                    + ". Move the file away (Forkline then creates a fresh database) or open another one.");
        }
    }

    private static String quote(String text) {
        String oneLine = text.replaceAll("\\s+", " ").strip();
        return oneLine.length() <= QUOTE_LENGTH ? oneLine : oneLine.substring(0, QUOTE_LENGTH) + "...";
    }
}
