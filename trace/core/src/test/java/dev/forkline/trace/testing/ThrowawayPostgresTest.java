package dev.forkline.trace.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

class ThrowawayPostgresTest {

    @Test
    void startsAnswersOnLoopbackAndLeavesNothingBehind() throws Exception {
        Assumptions.assumeTrue(ThrowawayPostgres.find().isPresent(), ThrowawayPostgres.unavailableReason());
        java.nio.file.Path directory;
        try (ThrowawayPostgres postgres = ThrowawayPostgres.start()) {
            assertThat(postgres.psql("postgres", "SELECT 40 + 2").trim()).isEqualTo("42");
            assertThat(postgres.psql("postgres", "SHOW listen_addresses").trim()).isEqualTo("127.0.0.1");
            directory = postgres.dataDirectoryForTest();
        }
        assertThat(directory).doesNotExist();
    }
}
