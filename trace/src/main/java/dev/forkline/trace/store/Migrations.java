package dev.forkline.trace.store;

import javax.sql.DataSource;
import org.flywaydb.core.Flyway;
import org.flywaydb.core.api.FlywayException;
import org.flywaydb.core.api.output.MigrateResult;

/**
 * Brings the schema up to date (Flyway, run on every open): the SQL migrations in {@code db/migration}, and the Java
 * ones listed here (those that convert data: {@link EventChunksMigration}, {@link BlobPacksMigration}).
 */
final class Migrations {

    static final String LOCATION = "classpath:db/migration";

    private Migrations() {
    }

    /** @return the schema version after migrating */
    static String migrate(DataSource dataSource) throws StoreException {
        Flyway flyway = Flyway.configure(Migrations.class.getClassLoader())
                .dataSource(dataSource)
                .locations(LOCATION)
                .javaMigrations(new EventChunksMigration(), new BlobPacksMigration())
                .table(Schema.HISTORY_TABLE)
                .cleanDisabled(true)
                .validateMigrationNaming(true)
                .load();
        try {
            MigrateResult result = flyway.migrate();
            return result.targetSchemaVersion != null ? result.targetSchemaVersion
                    : flyway.info().current() == null ? "none" : flyway.info().current().getVersion().getVersion();
        } catch (FlywayException e) {
            throw new StoreException("cannot migrate the trace database: " + e.getMessage(), e);
        }
    }
}
