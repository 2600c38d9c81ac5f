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
 * Brings the schema up to date (Flyway, run on an open that finds the schema history short of {@link #VERSIONS}): the SQL migrations in {@code db/migration/common} and in
 * the database's own folder ({@code db/migration/h2}, {@code db/migration/postgresql}: only scripts that really differ
 * between the two, today V1, whose BLOB columns PostgreSQL spells BYTEA, and PostgreSQL's V6_1, which has its large byte
 * columns compressed with lz4), and the Java ones listed here (those that convert data or must survive being cut off part way: {@link EventChunksMigration},
 * {@link BlobPacksMigration}, {@link IntegrityVerdictsMigration}, {@link QueueEventsMigration}, {@link RunsImportedMigration}).
 */
final class Migrations {

    static final String COMMON_LOCATION = "classpath:db/migration/common";

    /** Where the migrations of {@code dialect}'s database are: the common ones and its own. */
    static String[] locations(Dialect dialect) {
        return new String[] {COMMON_LOCATION, "classpath:db/migration/" + dialect.name().toLowerCase(java.util.Locale.ROOT)};
    }
    /**
     * Every migration version this Forkline has, oldest first. An open whose schema history records exactly these,
     * each successful, skips Flyway (its classpath scan and history reads were most of the time an open took);
     * anything else (an older schema, a failed or a newer migration) goes through Flyway as before. A test checks the
     * list against the migrations Flyway finds, so a new migration cannot be skipped by forgetting it here.
     */
    static final List<String> VERSIONS = List.of("1", "2", "3", "4", "5", "6", "7", "8", "9", "10");
    /** PostgreSQL's: also V6_1, its own (lz4 for the large byte columns). */
    private static final List<String> POSTGRESQL_VERSIONS = List.of("1", "2", "3", "4", "5", "6", "6.1", "7", "8", "9", "10");

    /** {@link #VERSIONS} of {@code dialect}'s database, which has its own migrations besides the common ones. */
    static List<String> versions(Dialect dialect) {
        return dialect == Dialect.POSTGRESQL ? POSTGRESQL_VERSIONS : VERSIONS;
    }

    private static final List<RerunnableMigration> JAVA_MIGRATIONS = List.of(new EventChunksMigration(), new BlobPacksMigration(),
            new IntegrityVerdictsMigration(), new QueueEventsMigration(), new RunsImportedMigration());

    private Migrations() {
    }

    /** The schema version after opening, and whether a migration ran to get there. */
    record Outcome(String version, boolean migrated) {
    }

    /**
     * @param where the database, for messages
     * @throws StoreUnavailableException when a newer Forkline migrated the database further than this one knows (nothing is changed)
     */
    static Outcome migrate(DataSource dataSource, Dialect dialect, String where) throws StoreException {
        List<String> versions = versions(dialect);
        if (SchemaHistory.recordsExactly(dataSource, versions)) {
            return new Outcome(versions.getLast(), false);
        }
        return new Outcome(migrateWithFlyway(dataSource, dialect, where), true);
    }

    private static String migrateWithFlyway(DataSource dataSource, Dialect dialect, String where) throws StoreException {
        Flyway flyway = Flyway.configure(Migrations.class.getClassLoader())
                .dataSource(dataSource)
                .locations(locations(dialect))
                .failOnMissingLocations(false)
                .javaMigrations(JAVA_MIGRATIONS.toArray(JavaMigration[]::new))
                .table(Schema.HISTORY_TABLE)
                .cleanDisabled(true)
                .validateMigrationNaming(true)
                .load();
        try {
            refuseNewerSchema(flyway, where);
            forgetFailuresOfRerunnableMigrations(flyway);
            MigrateResult result = flyway.migrate();
            return result.targetSchemaVersion != null ? result.targetSchemaVersion
                    : flyway.info().current() == null ? "none" : flyway.info().current().getVersion().getVersion();
        } catch (FlywayException e) {
            throw new StoreException("cannot migrate the trace database: " + e.getMessage(), e);
        }
    }

    /**
     * Flyway would ignore migrations it does not know (a newer Forkline's) and go on: this Forkline would then write
     * to a schema it does not understand. Refused instead, before anything is written.
     */
    private static void refuseNewerSchema(Flyway flyway, String where) throws StoreUnavailableException {
        List<String> future = Arrays.stream(flyway.info().all())
                .filter(info -> info.getState() == MigrationState.FUTURE_SUCCESS || info.getState() == MigrationState.FUTURE_FAILED)
                .map(info -> info.getVersion().getVersion()).toList();
        if (!future.isEmpty()) {
            throw new StoreUnavailableException("the database " + where + " has schema version " + future.getLast()
                    + ", newer than this Forkline knows (" + latestKnown(flyway) + "): a newer Forkline migrated it."
                    + " Upgrade Forkline to open it; nothing was changed");
        }
    }

    private static String latestKnown(Flyway flyway) {
        return Arrays.stream(flyway.info().all()).filter(info -> info.getState() != MigrationState.FUTURE_SUCCESS
                        && info.getState() != MigrationState.FUTURE_FAILED && info.getVersion() != null)
                .map(MigrationInfo::getVersion).max(MigrationVersion::compareTo).map(MigrationVersion::getVersion).orElse("none");
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
