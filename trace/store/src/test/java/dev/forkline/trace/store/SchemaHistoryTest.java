package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Path;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * An open skips Flyway only when the schema history records exactly the migrations this Forkline has ({@link
 * Migrations#versions}), each successful; anything else goes through Flyway, which still refuses a newer schema.
 */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class SchemaHistoryTest {

    private static final String FUTURE_ROW = "INSERT INTO \"flyway_schema_history\" (\"installed_rank\", \"version\","
            + " \"description\", \"type\", \"script\", \"installed_by\", \"execution_time\", \"success\") VALUES (99, '99', 'from the future', 'JDBC', 'V99', 'later', 1, TRUE)";

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    @BeforeEach
    void available() {
        backend.assumeAvailable();
    }

    private List<String> versions() {
        return Migrations.versions(backend.embedded() ? Dialect.H2 : Dialect.POSTGRESQL);
    }

    @Test
    void theVersionListIsEveryMigrationFlywayAppliesToANewStore() throws Exception {
        backend.open(dir, "db").close();

        assertThat(recordedVersions()).containsExactlyElementsOf(versions());
        try (Connection connection = backend.connect(dir, "db")) {
            assertThat(SchemaHistory.recordsExactly(connection, versions())).isTrue();
        }
    }

    @Test
    void aNewDatabaseHasNoHistoryToSkipBy() throws Exception {
        backend.open(dir, "other").close(); // makes the PostgreSQL database; "db" stays empty
        try (Connection connection = backend.connect(dir, "db")) {
            assertThat(SchemaHistory.recordsExactly(connection, versions())).isFalse();
        }
    }

    @Test
    void aFailedOrMissingMigrationIsNotSkipped() throws Exception {
        backend.open(dir, "db").close();
        backend.execute(dir, "db", "UPDATE \"flyway_schema_history\" SET \"success\" = FALSE WHERE \"version\" = '"
                + versions().getLast() + "'");
        try (Connection connection = backend.connect(dir, "db")) {
            assertThat(SchemaHistory.recordsExactly(connection, versions())).isFalse();
        }
        backend.execute(dir, "db", "DELETE FROM \"flyway_schema_history\" WHERE \"version\" = '" + versions().getLast() + "'");
        try (Connection connection = backend.connect(dir, "db")) {
            assertThat(SchemaHistory.recordsExactly(connection, versions())).isFalse();
        }
    }

    @Test
    void aSchemaNewerThanThisForklineKnowsIsStillRefusedAndLeftAsItWas() throws Exception {
        backend.open(dir, "db").close();
        backend.open(dir, "db").close(); // the skipping open
        backend.execute(dir, "db", FUTURE_ROW);
        List<String> before = recordedVersions();

        assertThatThrownBy(() -> backend.open(dir, "db"))
                .isInstanceOf(StoreUnavailableException.class)
                .hasMessageContaining("has schema version 99, newer than this Forkline knows (" + versions().getLast() + ")");
        assertThat(recordedVersions()).isEqualTo(before);
    }

    private List<String> recordedVersions() throws Exception {
        List<String> versions = new ArrayList<>();
        try (Connection connection = backend.connect(dir, "db");
             Statement statement = connection.createStatement();
             ResultSet rows = statement.executeQuery("SELECT \"version\" FROM \"flyway_schema_history\""
                     + " WHERE \"version\" IS NOT NULL ORDER BY \"installed_rank\"")) {
            while (rows.next()) {
                versions.add(rows.getString(1));
            }
        }
        return versions;
    }
}
