package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class FullDiskTest {

    /** As H2 2.3 reports a write that found the disk full: its store closed itself, and says only that. */
    private static SQLException asH2ReportsIt(String osWords) {
        IOException os = new IOException(osWords);
        RuntimeException writeFailed = new IllegalStateException("Writing to sun.nio.ch.FileChannelImpl@1b4bdc52 failed;"
                + " length 3932160 at 44994560 [2.3.232/2]", os);
        RuntimeException closed = new IllegalStateException("This store is closed [2.3.232/4]", writeFailed);
        IOException lob = new IOException("org.h2.mvstore.MVStoreException: This store is closed [2.3.232/4]", closed);
        return new SQLException("IO Exception: \"java.io.IOException: org.h2.mvstore.MVStoreException: This store is closed"
                + " [2.3.232/4]\" [90028-232]", "90028", lob);
    }

    @Test
    void aFullDiskIsFoundBelowTheStoreClosedItReportedAndSaidForWhatItIs() {
        StoreException said = StoreWriter.translate("import trace 'codex-rollout:1'", asH2ReportsIt("No space left on device"));

        assertThat(said.getMessage()).isEqualTo("cannot import trace 'codex-rollout:1': " + FullDisk.MESSAGE)
                .contains("disk holding the store is full").doesNotContain("store is closed");
        assertThat(said.getCause()).isInstanceOf(SQLException.class);
    }

    @Test
    void aQuotaAndWindowsFullDiskCountAndSoDoesOneSuppressedAlongTheWay() {
        assertThat(FullDisk.causedBy(asH2ReportsIt("Disk quota exceeded"))).isTrue();
        assertThat(FullDisk.causedBy(asH2ReportsIt("There is not enough space on the disk"))).isTrue();
        SQLException rolledBack = new SQLException("rollback failed");
        rolledBack.addSuppressed(asH2ReportsIt("No space left on device"));
        assertThat(FullDisk.causedBy(new RuntimeException(rolledBack))).isTrue();
    }

    @Test
    void otherDatabaseErrorsAreReportedAsBeforeAndACycleEnds() {
        SQLException other = new SQLException("Table \"EVENT_CHUNKS\" not found", "42S02");
        assertThat(FullDisk.causedBy(other)).isFalse();
        assertThat(StoreWriter.translate("import trace 't'", other).getMessage())
                .isEqualTo("cannot import trace 't': database error: Table \"EVENT_CHUNKS\" not found");

        RuntimeException first = new RuntimeException("first");
        RuntimeException second = new RuntimeException("second", first);
        first.addSuppressed(second);
        assertThat(FullDisk.causedBy(first)).isFalse();
    }
}
