package dev.forkline.replay.engine;

import org.junit.jupiter.api.Test;

import java.util.SortedMap;
import java.util.TreeMap;

import static org.assertj.core.api.Assertions.assertThat;

class StartingWorkspaceTest {

    private static final String HASH_A = "sha256:" + "a".repeat(64);
    private static final String HASH_B = "sha256:" + "b".repeat(64);

    private static SortedMap<String, CheckpointFiles.Expected> listing(Object... pathAndExpected) {
        SortedMap<String, CheckpointFiles.Expected> files = new TreeMap<>();
        for (int i = 0; i < pathAndExpected.length; i += 2) {
            files.put((String) pathAndExpected[i], (CheckpointFiles.Expected) pathAndExpected[i + 1]);
        }
        return files;
    }

    @Test
    void theSameRecordedFilesGiveTheSameDigest() {
        String one = StartingWorkspace.digestOf(listing("a.txt", new CheckpointFiles.Expected(HASH_A, 0644, null),
                "bin/run", new CheckpointFiles.Expected(HASH_B, 0755, null)));
        String two = StartingWorkspace.digestOf(listing("bin/run", new CheckpointFiles.Expected(HASH_B, 0755, null),
                "a.txt", new CheckpointFiles.Expected(HASH_A, 0644, null)));
        assertThat(one).isEqualTo(two).startsWith("sha256:").hasSize(71);
    }

    @Test
    void contentModePathOrLinkTargetChangeTheDigest() {
        String base = StartingWorkspace.digestOf(listing("a.txt", new CheckpointFiles.Expected(HASH_A, 0644, null)));
        assertThat(StartingWorkspace.digestOf(listing("a.txt", new CheckpointFiles.Expected(HASH_B, 0644, null)))).isNotEqualTo(base);
        assertThat(StartingWorkspace.digestOf(listing("a.txt", new CheckpointFiles.Expected(HASH_A, 0755, null)))).isNotEqualTo(base);
        assertThat(StartingWorkspace.digestOf(listing("b.txt", new CheckpointFiles.Expected(HASH_A, 0644, null)))).isNotEqualTo(base);
        assertThat(StartingWorkspace.digestOf(listing("a.txt", new CheckpointFiles.Expected(HASH_A, 0644, "x"))))
                .isNotEqualTo(StartingWorkspace.digestOf(listing("a.txt", new CheckpointFiles.Expected(HASH_A, 0644, "y"))));
        assertThat(StartingWorkspace.digestOf(listing())).isNotEqualTo(base);
    }

    @Test
    void charactersCannotMoveBetweenFields() {
        // "a1" + "644" and "a" + "1644" read the same without separators
        String one = StartingWorkspace.digestOf(listing("a1", new CheckpointFiles.Expected(HASH_A, 0644, null)));
        String other = StartingWorkspace.digestOf(listing("a", new CheckpointFiles.Expected(HASH_A, 01644, null)));
        assertThat(one).isNotEqualTo(other);
    }
}
