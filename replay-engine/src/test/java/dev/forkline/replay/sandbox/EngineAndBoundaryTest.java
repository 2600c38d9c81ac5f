package dev.forkline.replay.sandbox;

import dev.forkline.replay.docker.DockerEngine;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Checks that need no engine. */
class EngineAndBoundaryTest {

    @Test
    void aMissingEngineSaysWhereItLookedAndHowToStartOne() throws Exception {
        try (DockerEngine nowhere = DockerEngine.at("unix:///nonexistent/forkline-test/docker.sock")) {
            assertThat(nowhere.isAvailable()).isFalse();
            assertThatThrownBy(nowhere::ping)
                    .isInstanceOf(EngineUnavailableException.class)
                    .hasMessageContaining("unix:///nonexistent/forkline-test/docker.sock")
                    .hasMessageContaining("sudo dockerd")
                    .hasMessageContaining("Docker Desktop");
        }
    }

    @Test
    void theStrictBoundaryRoundTripsThroughJson() {
        IsolationBoundary strict = IsolationBoundary.strict();
        assertThat(strict.network()).isEqualTo("none");
        assertThat(strict.uid()).isNotZero();
        assertThat(strict.capDrop()).containsExactly("ALL");
        assertThat(IsolationBoundary.fromJson(strict.toJson())).isEqualTo(strict);
        IsolationBoundary custom = strict.withImage("python:3.12-slim").withLimits(1L << 30, 2_000_000_000L, 512);
        assertThat(IsolationBoundary.fromJson(custom.toJson())).isEqualTo(custom);
    }

    @Test
    void theManifestListingSurvivesAnyFileName() {
        // '|' stands for NUL here (a Java "\0" followed by digits would read as an octal escape)
        String listing = ("F|./a b\nc|644:3|" + "a".repeat(64) + "|"
                + "L|./link|777|a b\nc|"
                + "F|./locked|0:10|-|").replace('|', '\u0000');
        WorkspaceManifest manifest = ManifestListing.parse(listing.getBytes(StandardCharsets.UTF_8), null).manifest();
        assertThat(manifest.entries().keySet()).containsExactly("a b\nc", "link", "locked");
        assertThat(manifest.get("a b\nc").sha256()).isEqualTo("sha256:" + "a".repeat(64));
        assertThat(manifest.get("a b\nc").modeString()).isEqualTo("0644");
        assertThat(manifest.get("link").linkTarget()).isEqualTo("a b\nc");
        assertThat(manifest.get("locked").sha256()).isNull();
        assertThatThrownBy(() -> ManifestListing.parse("F|./x|".replace('|', '\u0000').getBytes(StandardCharsets.UTF_8), null).manifest())
                .hasMessageContaining("cut short");
    }

    @Test
    void workspacePathsCannotClimbOut() {
        for (String bad : List.of("../etc/passwd", "/etc/passwd", "a/../../b", "a//b", "")) {
            assertThatThrownBy(() -> WorkspacePaths.normalize(bad)).isInstanceOf(IllegalArgumentException.class);
        }
        assertThat(WorkspacePaths.normalize("./src/main.py")).isEqualTo("src/main.py");
    }
}
