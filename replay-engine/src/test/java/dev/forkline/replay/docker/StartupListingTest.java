package dev.forkline.replay.docker;

import dev.forkline.replay.sandbox.*;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;

class StartupListingTest {

    private static final String HEX = "ab".repeat(32);
    private static final String NUL = "\0";
    private static final String RECORDS = String.join(NUL, "F", "./a.txt", "644:3", HEX, "L", "./link", "777", "a.txt") + NUL;

    private static byte[] bytes(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void theListingEndsAtTheEndRecordWhateverTheChunks() {
        byte[] output = bytes(RECORDS + String.join(NUL, "E", "0", "-", "-") + NUL);
        for (int chunk = 1; chunk <= output.length; chunk++) {
            StartupListing.RecordScanner scanner = new StartupListing.RecordScanner(1 << 20);
            boolean ended = false;
            for (int from = 0; from < output.length && !ended; from += chunk) {
                ended = scanner.accept(Arrays.copyOfRange(output, from, Math.min(output.length, from + chunk)));
            }
            assertThat(ended).as("chunks of %d", chunk).isTrue();
            assertThat(scanner.ended()).isTrue();
            assertThat(scanner.status()).isEqualTo("0");
            assertThat(scanner.records()).isEqualTo(bytes(RECORDS));
        }
    }

    @Test
    void aFileNamedLikeTheEndRecordIsNotTakenForIt() {
        StartupListing.RecordScanner scanner = new StartupListing.RecordScanner(1 << 20);
        assertThat(scanner.accept(bytes(String.join(NUL, "F", "E", "644:0", HEX, "F", "E") + NUL))).isFalse();
        assertThat(scanner.ended()).isFalse();
        assertThat(scanner.accept(bytes(String.join(NUL, "0:0", HEX, "E", "3", "-", "-") + NUL))).isTrue();
        assertThat(scanner.status()).isEqualTo("3");
        WorkspaceManifest parsed = ManifestListing.parse(scanner.records(), null).manifest();
        assertThat(parsed.entries().keySet()).containsExactly("E");
        assertThat(ManifestListing.parse(bytes(String.join(NUL, "F", "E", "644:0", HEX) + NUL), null).manifest().get("E").mode()).isEqualTo(0644);
    }

    @Test
    void anOutputBeyondTheLimitEndsTheListingWithoutAnEndRecord() {
        StartupListing.RecordScanner scanner = new StartupListing.RecordScanner(16);
        assertThat(scanner.accept(bytes(RECORDS))).isTrue();
        assertThat(scanner.ended()).isFalse();
    }

    @Test
    void theInitListsTheWorkspaceInASubshellAndThenSleeps() {
        var init = StartupListing.initCommand("/workspace");
        assertThat(init.subList(0, 2)).containsExactly("sh", "-c");
        assertThat(init.subList(3, 5)).containsExactly("sh", "/workspace");
        assertThat(init.get(2)).startsWith("(\n").contains(ManifestListing.SCRIPT)
                .endsWith("exec sleep " + ConfinedContainers.IDLE_INIT_SECONDS + "\n");
    }
}
