package dev.forkline.trace.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ThrowawayPostgresTest {

    @Test
    void startsAnswersOnLoopbackAndLeavesNothingBehind() throws Exception {
        Assumptions.assumeTrue(ThrowawayPostgres.find().isPresent(), ThrowawayPostgres.unavailableReason());
        Path directory;
        try (ThrowawayPostgres postgres = ThrowawayPostgres.start()) {
            assertThat(postgres.psql("postgres", "SELECT 40 + 2").trim()).isEqualTo("42");
            assertThat(postgres.psql("postgres", "SHOW listen_addresses").trim()).isEqualTo("127.0.0.1");
            assertThat(postgres.psql("postgres", "SHOW fsync").trim()).isEqualTo("off");
            directory = postgres.dataDirectoryForTest();
        }
        assertThat(directory).doesNotExist();
    }

    @Test
    void benchmarkSettingsKeepFsyncOnAndUseTheGivenDirectory(@TempDir Path work) throws Exception {
        Assumptions.assumeTrue(ThrowawayPostgres.find().isPresent(), ThrowawayPostgres.unavailableReason());
        Path directory = work.resolve("postgres");
        Files.createDirectories(directory.resolve("left-over"));
        try (ThrowawayPostgres postgres = ThrowawayPostgres.start(ThrowawayPostgres.Settings.forBenchmark(directory))) {
            assertThat(postgres.dataDirectoryForTest()).isEqualTo(directory);
            assertThat(directory.resolve("left-over")).doesNotExist();
            assertThat(postgres.psql("postgres", "SHOW fsync").trim()).isEqualTo("on");
            assertThat(postgres.psql("postgres", "SHOW max_wal_size").trim()).isEqualTo("4GB");
            postgres.createDatabase("bench");
            assertThat(postgres.psql("bench", "SELECT current_database()").trim()).isEqualTo("bench");
        }
        assertThat(directory).doesNotExist();
    }
}
