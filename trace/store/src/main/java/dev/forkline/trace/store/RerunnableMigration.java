package dev.forkline.trace.store;

import org.flywaydb.core.api.MigrationVersion;
import org.flywaydb.core.api.migration.JavaMigration;

/**
 * A migration in Java that converts data and is written to run again from wherever an earlier run of it stopped (H2
 * commits at every DDL statement, so a run can be cut off part way); {@link Migrations} runs it again after a recorded
 * failure. No checksum: its code, not a script, is what runs.
 */
abstract class RerunnableMigration implements JavaMigration {

    private final String version;
    private final String description;

    RerunnableMigration(String version, String description) {
        this.version = version;
        this.description = description;
    }

    @Override
    public final MigrationVersion getVersion() {
        return MigrationVersion.fromVersion(version);
    }

    @Override
    public final String getDescription() {
        return description;
    }

    @Override
    public final Integer getChecksum() {
        return null;
    }

    @Override
    public final boolean canExecuteInTransaction() {
        return true;
    }
}
