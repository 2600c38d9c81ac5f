package dev.forkline.replay.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Hashes;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;

/** The starting trees of the real sessions in shared/replay (archives made by git archive with a prefix). */
class RealTreesTest {

    @Test
    void marshmallowLosesItsTestbedPrefixAndNamesItsCommit() throws IOException {
        Path archive = SharedReplay.require("repos/marshmallow-code__marshmallow@bfd2593d.tar.gz");

        StartingTree tree = WorkspaceSource.parse(archive.toString()).load();

        // 99 entries: 11 directories (testbed/ among them) and 88 files
        assertThat(tree.files()).hasSize(88);
        assertThat(tree.byPath()).containsKeys("setup.py", ".github/FUNDING.yml", "src/marshmallow/fields.py");
        assertThat(tree.byPath().keySet()).noneMatch(p -> p.startsWith("testbed/"));
        assertThat(Hashes.sha256(tree.byPath().get("setup.py").content()))
                .isEqualTo("sha256:a0f315a9f77f47d88ac7e78e0272865e742d727ce723794bef050b702032ca28");
        assertThat(tree.commit()).isEqualTo("bfd2593d4b416122e30cdefe0c72d322ef471611");
        assertThat(tree.description()).endsWith("(top-level directory testbed/ stripped)");
        assertThat(tree.warnings()).isEmpty();
        assertThat(tree.hasGitDirectory()).isFalse();
    }

    @Test
    void theEntireioTreesLoseTheirCliPrefixAndKeepExecutableBits() throws IOException {
        Path e4e7 = SharedReplay.require("repos/entireio__cli@e4e7a027.tar.gz");
        Path febabe = SharedReplay.require("repos/entireio__cli@febabe6a.tar.gz");

        StartingTree tree = WorkspaceSource.parse(e4e7.toString()).load();
        assertThat(tree.files()).hasSize(229);
        assertThat(tree.commit()).isEqualTo("e4e7a027aa4d7a6a461c22bae11ed75f2c3ca463");
        assertThat(tree.byPath()).containsKeys(".allowed-licenses", "cmd/entire/cli/session/phase_test.go");
        assertThat(Hashes.sha256(tree.byPath().get("cmd/entire/cli/session/phase_test.go").content()))
                .isEqualTo("sha256:e84111baea6c41ba1cda79ed40d65f0953b6f8a4093ccc382af3f2fce683cf74");
        assertThat(tree.byPath().get("scripts/migrate-sessions.sh").mode()).isEqualTo(0775);
        assertThat(tree.byPath().get(".allowed-licenses").mode()).isEqualTo(0664);

        assertThat(WorkspaceSource.parse(febabe.toString()).load().files()).hasSize(230);

        // replaying a trace pinned at the archive's commit raises nothing; at another commit it says so
        assertThat(WorkspaceSource.forTrace(e4e7.toString(), "e4e7a027").load().warnings()).isEmpty();
        assertThat(WorkspaceSource.forTrace(febabe.toString(), "e4e7a027").load().warnings()).singleElement().asString()
                .contains("recorded at commit e4e7a027, but the archive").contains("holds commit febabe6a01c3");
    }
}
