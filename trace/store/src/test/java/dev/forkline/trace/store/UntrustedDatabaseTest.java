package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Database files that hold objects Forkline never creates are refused, before any of them can run. */
class UntrustedDatabaseTest {

    private static final String SIDE_EFFECT = "forkline.test.untrusted.ran";

    @TempDir
    Path dir;

    private Path db;

    /** A hostile addition to an otherwise genuine Forkline database, and the words the refusal must contain. */
    record Tampering(String name, String sql, String expected) {
        @Override
        public String toString() {
            return name;
        }
    }

    static List<Tampering> tamperings() {
        return List.of(
                new Tampering("java source trigger",
                        "CREATE FORCE TRIGGER audit BEFORE INSERT ON traces AS $$org.h2.api.Trigger create() {"
                                + " System.setProperty(\"" + SIDE_EFFECT + "\", \"yes\"); return null; }$$",
                        "a trigger"),
                new Tampering("trigger class", "CREATE FORCE TRIGGER audit2 AFTER INSERT ON event_chunks FOR EACH ROW CALL '"
                        + RecordingTrigger.class.getName() + "'", "a trigger"),
                new Tampering("java alias",
                        "CREATE ALIAS shell AS $$ String shell(String command) throws Exception {"
                                + " return new String(Runtime.getRuntime().exec(command).getInputStream().readAllBytes()); } $$",
                        "CREATE ALIAS"),
                new Tampering("linked table",
                        "CREATE FORCE LINKED TABLE remote('org.h2.Driver', 'jdbc:h2:mem:elsewhere', 'sa', '', 'SOMETABLE')",
                        "a linked table"),
                new Tampering("unknown table", "CREATE TABLE stash (secret VARCHAR(100))", "an unknown table 'STASH'"),
                new Tampering("view", "CREATE VIEW peek AS SELECT title FROM traces", "a view"),
                new Tampering("unknown schema", "CREATE SCHEMA side", "an unknown schema"));
    }

    @BeforeEach
    void createGenuineDatabase() throws StoreException {
        db = dir.resolve("forkline");
        TraceStore.open(db).close();
        System.clearProperty(SIDE_EFFECT);
    }

    @ParameterizedTest
    @MethodSource("tamperings")
    void openRefusesATamperedFileWithoutRunningAnythingInIt(Tampering tampering) throws SQLException {
        execute(tampering.sql());
        System.clearProperty(SIDE_EFFECT);
        RecordingTrigger.initialised = false;

        assertThatThrownBy(() -> TraceStore.open(db))
                .isInstanceOf(UntrustedDatabaseException.class)
                .hasMessageContaining(dir.resolve("forkline.mv.db").toString())
                .hasMessageContaining(tampering.expected());

        assertThat(System.getProperty(SIDE_EFFECT)).as("trigger source ran").isNull();
        assertThat(RecordingTrigger.initialised).as("trigger class was initialised").isFalse();
    }

    @ParameterizedTest
    @MethodSource("tamperings")
    void theInformationSchemaCheckRefusesTheSameFiles(Tampering tampering) throws SQLException {
        execute(tampering.sql());

        try (Connection connection = connect()) {
            assertThatThrownBy(() -> UntrustedDatabaseCheck.afterOpen(connection, "test.mv.db"))
                    .isInstanceOf(UntrustedDatabaseException.class)
                    .hasMessageContaining("test.mv.db");
        }
    }

    @Test
    void columnsAddedToKnownTablesAreRefused() throws SQLException {
        execute("ALTER TABLE traces ADD COLUMN note VARCHAR(100) DEFAULT FILE_READ('/etc/passwd')");

        try (Connection connection = connect()) {
            assertThatThrownBy(() -> UntrustedDatabaseCheck.afterOpen(connection, "test.mv.db"))
                    .isInstanceOf(UntrustedDatabaseException.class)
                    .hasMessageContaining("an unknown column TRACES.NOTE")
                    .hasMessageContaining("a default on TRACES.NOTE");
        }
    }

    @Test
    void checkConstraintsAndGeneratedColumnsAreRefused() throws SQLException {
        execute("ALTER TABLE blob_packs ADD CONSTRAINT sneaky CHECK (LENGTH(FILE_READ('/etc/hostname')) > 0)");
        execute("ALTER TABLE runs ADD COLUMN derived VARCHAR(100) GENERATED ALWAYS AS (UPPER(run_id))");

        try (Connection connection = connect()) {
            assertThatThrownBy(() -> UntrustedDatabaseCheck.afterOpen(connection, "test.mv.db"))
                    .isInstanceOf(UntrustedDatabaseException.class)
                    .hasMessageContaining("a check constraint")
                    .hasMessageContaining("a generated column RUNS.DERIVED");
        }
    }

    @Test
    void aGenuineDatabasePassesBothChecks() throws Exception {
        assertThatCode(() -> UntrustedDatabaseCheck.beforeOpen(dir.resolve("forkline.mv.db"))).doesNotThrowAnyException();
        try (Connection connection = connect()) {
            assertThatCode(() -> UntrustedDatabaseCheck.afterOpen(connection, "test.mv.db")).doesNotThrowAnyException();
        }
        TraceStore.open(db).close();
    }

    @Test
    void aFileThatIsNotAnH2DatabaseIsRefused() throws Exception {
        Path junk = dir.resolve("junk.mv.db");
        Files.writeString(junk, "this is not a database\n".repeat(500));

        assertThatThrownBy(() -> TraceStore.open(junk))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining(junk.toString());
        assertThat(Files.readString(junk)).startsWith("this is not a database");
    }

    @Test
    void h2MayLoadNoUserClasses() {
        assertThat(H2Hardening.inEffect()).isTrue();
    }

    private void execute(String sql) throws SQLException {
        try (Connection connection = connect(); Statement statement = connection.createStatement()) {
            statement.execute(sql);
        }
    }

    private Connection connect() throws SQLException {
        return DriverManager.getConnection("jdbc:h2:file:" + db, TraceStore.USER, "");
    }
}
