package dev.forkline.importers.codex;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** The exit code read where one of its words starts equals the expression's first match anywhere. */
class CodexToolOutputTest {

    private static final Pattern EXITED = Pattern.compile("(?:Process exited with code|Exit code:?)\\s+(-?\\d+)");

    @Test
    void readsTheExitCodeTheExpressionFindsFirst() {
        List<String> texts = List.of("", "Process exited with code 0\nWall time: 0.1 seconds", "Exit code: 2", "Exit code 1\nboom",
                "Exit code:\n\t -3 and Process exited with code 4", "Exit codes 5", "Exit code x then Exit code 6",
                "Process exited with codeExit code 7", "Process exited with code  \n 8Exit code 9", "Exit code:: 1",
                "Process exited with code -", "exit code 1", "Exit Exit code 12", "Process exited with Exit code 13");
        for (String text : texts) {
            assertThat(CodexToolOutput.exitCodeIn(text)).as(text).isEqualTo(expected(text));
        }
    }

    @Test
    void agreesWithTheExpressionOnRandomTexts() {
        Random random = new Random(42);
        String[] pieces = {"Process exited with code", "Process", "Exit code", "Exit", " code", ":", " ", "\n", "\t", "-", "0", "17",
                "x", "Wall time: 1 seconds", "Exit code:", "exited with code "};
        for (int round = 0; round < 50_000; round++) {
            StringBuilder text = new StringBuilder();
            for (int i = random.nextInt(12); i > 0; i--) {
                text.append(pieces[random.nextInt(pieces.length)]);
            }
            assertThat(CodexToolOutput.exitCodeIn(text.toString())).as(text.toString()).isEqualTo(expected(text.toString()));
        }
    }

    private static Integer expected(String text) {
        Matcher matcher = EXITED.matcher(text);
        return matcher.find() ? Integer.valueOf(matcher.group(1)) : null;
    }
}
