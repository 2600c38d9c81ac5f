package dev.forkline.trace.store;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.flywaydb.core.api.migration.Context;

/**
 * Schema version 4: each trace's integrity verdict is stored with it ({@link VerdictRows}: columns {@code integrity*}
 * of {@code traces}, and the problems behind it in {@code integrity_problems}). Traces stored before are marked
 * {@code unverified}: they were never verified at import, and verifying them here would need the trusted keys and read
 * every event of every trace while the database opens; {@code forkline verify --db PATH TRACE-ID} verifies one and
 * stores its verdict. Same rules as V1's SQL: standard SQL only, no DEFAULT (so a column that may not be null is added
 * nullable, filled, then made NOT NULL), CHECK, generated columns, triggers or routines; {@link Schema} names the new
 * columns and table.
 *
 * <p>H2 commits at every DDL statement, so this migration can be cut off part way and run again: each column and the
 * table is added only when missing, and only rows without a complete verdict are marked.
 */
final class IntegrityVerdictsMigration extends RerunnableMigration {

    static final String VERSION = "4";

    /** Column (as H2 names it) → its definition, in the order they are added. */
    private static final Map<String, String> COLUMNS = new LinkedHashMap<>();

    static {
        COLUMNS.put("INTEGRITY", "integrity VARCHAR(40)");
        COLUMNS.put("INTEGRITY_EVENT", "integrity_event VARCHAR(512)");
        COLUMNS.put("INTEGRITY_LINE", "integrity_line BIGINT");
        COLUMNS.put("INTEGRITY_PROBLEMS", "integrity_problems INTEGER");
        COLUMNS.put("INTEGRITY_CODE", "integrity_code VARCHAR(200)");
        COLUMNS.put("INTEGRITY_DETAIL", "integrity_detail VARCHAR(4000)");
    }

    private static final String CREATE_PROBLEMS = """
            CREATE TABLE integrity_problems (
                trace_id VARCHAR(512)  NOT NULL,
                ordinal  INTEGER       NOT NULL,
                code     VARCHAR(200)  NOT NULL,
                event_id VARCHAR(512)  NOT NULL,
                line     BIGINT        NOT NULL,
                message  VARCHAR(8000) NOT NULL,
                CONSTRAINT integrity_problems_pk PRIMARY KEY (trace_id, ordinal),
                CONSTRAINT integrity_problems_trace_fk FOREIGN KEY (trace_id) REFERENCES traces (trace_id)
            )""";

    IntegrityVerdictsMigration() {
        super(VERSION, "integrity verdicts");
    }

    @Override
    public void migrate(Context context) throws SQLException {
        Connection connection = context.getConnection();
        try (Statement sql = connection.createStatement()) {
            for (Map.Entry<String, String> column : COLUMNS.entrySet()) {
                if (!Tables.haveColumn(connection, "TRACES", column.getKey())) {
                    sql.execute("ALTER TABLE traces ADD COLUMN " + column.getValue());
                }
            }
            sql.executeUpdate("UPDATE traces SET integrity = 'unverified', integrity_event = NULL, integrity_line = 0,"
                    + " integrity_problems = 0, integrity_code = NULL, integrity_detail = NULL"
                    + " WHERE integrity IS NULL OR integrity_line IS NULL OR integrity_problems IS NULL");
            for (String column : new String[] {"integrity", "integrity_line", "integrity_problems"}) {
                sql.execute("ALTER TABLE traces ALTER COLUMN " + column + " SET NOT NULL");
            }
            if (!Tables.exist(connection, "INTEGRITY_PROBLEMS")) {
                sql.execute(CREATE_PROBLEMS);
            }
        }
    }

}
