package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.ImportSession;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.NewEvent;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class WorkspaceRootTest {

    @Test
    void pathsUnderTheRootLoseItAndRelativeOnesAreReadFromTheirDirectory() {
        WorkspaceRoot root = new WorkspaceRoot("/repo/");
        assertThat(root.root()).isEqualTo("/repo");
        assertThat(root.relative("/repo/src/a.py")).isEqualTo("src/a.py");
        assertThat(root.relative("/repo/./src/../lib/b.py")).isEqualTo("lib/b.py");
        assertThat(root.relative("./c.txt")).isEqualTo("c.txt");
        assertThat(root.relative("c.txt", "/repo/docs")).isEqualTo("docs/c.txt");
        assertThat(root.relative("../x/d.txt", "/repo/docs")).isEqualTo("x/d.txt");
        assertThat(new WorkspaceRoot("/").relative("/etc/hosts")).isEqualTo("etc/hosts");
        assertThat(new WorkspaceRoot("C:\\work\\app").relative("C:\\work\\app\\src\\main.rs")).isEqualTo("src/main.rs");
    }

    @Test
    void pathsOutsideTheRootAreKeptAsRecordedAndReportedOnce() throws Exception {
        ImportSession session = new ImportSession("test", "t");
        WorkspaceRoot root = new WorkspaceRoot("/repo");
        assertThat(root.relative("/repository/a")).isEqualTo("/repository/a");
        assertThat(root.relative("/repo")).isEqualTo("/repo");
        assertThat(root.relative("../../etc/passwd")).isEqualTo("../../etc/passwd");
        assertThat(root.relative("../other/a", "/repo")).isEqualTo("../other/a");
        root.report(session);
        assertThat(findingsOf(session)).singleElement().satisfies(f -> {
            assertThat(f.code()).isEqualTo("path-outside-workspace");
            assertThat(f.message()).startsWith("4 edited path(s) lie outside the workspace root /repo (/repository/a, /repo, ../../etc/passwd, ...)");
        });

        ImportSession clean = new ImportSession("test", "t");
        new WorkspaceRoot("/repo").report(clean);
        assertThat(findingsOf(clean)).isEmpty();
    }

    /** An import's findings are read from the finished trace, which needs one event. */
    private static List<Finding> findingsOf(ImportSession session) throws Exception {
        session.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(Instant.EPOCH), 0);
        return session.finish("t", "t").findings();
    }
}
