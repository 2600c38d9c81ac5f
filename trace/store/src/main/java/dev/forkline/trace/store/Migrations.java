package dev.forkline.trace.store;

import java.util.Arrays;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.MigrationInfo;
import org.flywaydb.core.api.MigrationState;
import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.JavaMigration;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the schema up to date (Flyway, run on every open): the SQL migrations in {@code db/migration}, and the Java
 * ones listed here (those that convert data or must survive being cut off part way: {@link EventChunksMigration},
 * {@link BlobPacksMigration}, {@link IntegrityVerdictsMigration}).
 */
final class Migrations {

    static final String LOCATION = "classpath:db/migration";
    private static final List<RerunnableMigration> JAVA_MIGRATIONS = List.of(new EventChunksMigration(), new BlobPacksMigration(),
            new IntegrityVerdictsMigration());

    private Migrations() {
    }

    /** @return the schema version after migrating */
    static String migrate(DataSource dataSource) throws StoreException {
        Flyway flyway = Flyway.configure(Migrations.class.getClassLoader())
                .dataSource(dataSource)
                .locations(LOCATION)
                .javaMigrations(JAVA_MIGRATIONS.toArray(JavaMigration[]::new))
                .table(Schema.HISTORY_TABLE)
                .cleanDisabled(true)
                .validateMigrationNaming(true)
                .load();
        try {
            forgetFailuresOfRerunnableMigrations(flyway);
            MigrateResult result = flyway.migrate();
            return result.targetSchemaVersion != null ? result.targetSchemaVersion
                    : flyway.info().current() == null ? "none" : flyway.info().current().getVersion().getVersion();
        } catch (FlywayException e) {
            throw new StoreException("cannot migrate the trace database: " + e.getMessage(), e);
        }
    }

    /**
     * Flyway records a migration that threw (H2 commits DDL at once, so nothing is rolled back) and refuses to migrate
     * again until the record is removed. The Java migrations are written to be run again from wherever they were cut
     * off ({@link RerunnableMigration}), so a failure of theirs (a full disk, a killed process) is forgotten and the
     * migration runs again on this open; any other failed migration is left for Flyway to report.
     */
    private static void forgetFailuresOfRerunnableMigrations(Flyway flyway) {
        Set<MigrationVersion> rerunnable = JAVA_MIGRATIONS.stream().map(RerunnableMigration::getVersion).collect(Collectors.toSet());
        List<MigrationInfo> failed = Arrays.stream(flyway.info().all()).filter(info -> info.getState() == MigrationState.FAILED).toList();
        if (!failed.isEmpty() && failed.stream().allMatch(info -> rerunnable.contains(info.getVersion()))) {
            flyway.repair();
        }
    }
}
