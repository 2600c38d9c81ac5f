package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a passphrase comes from: the file, then the environment, then the terminal; never guessed. */
class PassphrasesTest {

    @TempDir
    Path temp;

    private static Passphrases.Terminal typing(String... answers) {
        Deque<String> queue = new ArrayDeque<>(List.of(answers));
        return prompt -> queue.isEmpty() ? null : queue.removeFirst().toCharArray();
    }

    @Test
    void theFileWinsOverTheEnvironmentWhichWinsOverTheTerminal() throws Exception {
        Path file = temp.resolve("p.txt");
        Files.writeString(file, "from the file\r\nsecond line ignored");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        Map<String, String> env = Map.of(Passphrases.ENVIRONMENT, "from the environment");

        assertThat(new Passphrases(file, env, typing("typed")).toUnlock("dana")).isEqualTo("from the file".toCharArray());
        assertThat(new Passphrases(null, env, typing("typed")).toUnlock("dana")).isEqualTo("from the environment".toCharArray());
        assertThat(new Passphrases(null, Map.of(), typing("typed")).toUnlock("dana")).isEqualTo("typed".toCharArray());
        assertThatThrownBy(() -> new Passphrases(null, Map.of(), null).toUnlock("dana")).hasMessageContaining("no terminal");
    }

    @Test
    void settingUpOnATerminalAsksTwiceAndTheAnswersMustAgree() throws Exception {
        assertThat(new Passphrases(null, Map.of(), typing("a long passphrase", "a long passphrase")).toSetUp("dana"))
                .isEqualTo("a long passphrase".toCharArray());
        assertThatThrownBy(() -> new Passphrases(null, Map.of(), typing("a long passphrase", "a long passphrasf")).toSetUp("dana"))
                .hasMessageContaining("differ");
    }

    @Test
    void aFileOthersCanReadOrAnEmptyFileIsRefused() throws Exception {
        Path file = temp.resolve("p.txt");
        Files.writeString(file, "\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-------"));
        assertThatThrownBy(() -> new Passphrases(file, Map.of(), null).toUnlock("dana")).hasMessageContaining("empty");
        Files.writeString(file, "a long passphrase\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r-----"));
        assertThatThrownBy(() -> new Passphrases(file, Map.of(), null).toUnlock("dana")).hasMessageContaining("chmod 600");
    }
}
