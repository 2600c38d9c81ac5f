package dev.forkline.trace.secrets;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.testing.SharedSamples;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * A shape searched only around its literals ({@link SecretPatterns#find(String)}) finds exactly what its expression run
 * over the whole text finds ({@code find(text, false)}): on random texts dense in credential words, separators and
 * values, on long texts where they are sparse, and on every line of the real traces beside the repository.
 */
class SecretPatternsTest {

    private static final List<String> PIECES = List.of("pass", "PASSWORD", "Passwd", "pwd", "token", "Token", "SECRET", "secret",
            "api_key", "API-KEY", "apikey", "access_key", "auth-token", "client_secret", "passphrase", "key", "monkey", "passed",
            "KeyError", "--password ", "-token=", "--api-key=", "=", ":", " ", "  ", "\t", "\n", "\"", "'", ",", "&", ";", ")", "]",
            "_", "-", "abc", "XYZ_", "my", "db", "value123", "s3cr3t-V4lue!", "hunter2hunter2", "0123456789", "x", "Authorization",
            "://", "@", "é", "sk-", "settings.SECRET", "get_token()", "${TOKEN}", "<password>", "changeme");
    private static final String LETTERS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_";

    @Test
    void randomTextsDenseInCredentialWordsGiveTheSameSpans() {
        Random random = new Random(20261204);
        int withSecrets = 0;
        for (int n = 0; n < 30_000; n++) {
            StringBuilder text = new StringBuilder();
            int pieces = random.nextInt(60);
            for (int k = 0; k < pieces; k++) {
                if (random.nextInt(10) == 0) {
                    for (int letters = random.nextInt(50); letters > 0; letters--) {
                        text.append(LETTERS.charAt(random.nextInt(LETTERS.length())));
                    }
                } else {
                    text.append(PIECES.get(random.nextInt(PIECES.size())));
                }
            }
            if (!assertSameSpans(text.toString()).isEmpty()) {
                withSecrets++;
            }
        }
        assertThat(withSecrets).as("texts with a secret found").isGreaterThan(3_000);
    }

    @Test
    void longTextsWithFewCredentialWordsGiveTheSameSpans() {
        Random random = new Random(7);
        for (int n = 0; n < 200; n++) {
            StringBuilder text = new StringBuilder();
            while (text.length() < 20_000) {
                if (random.nextInt(400) == 0) {
                    text.append(PIECES.get(random.nextInt(PIECES.size()))).append(random.nextBoolean() ? "=" : ": ").append("Zq9-").append(n);
                }
                text.append(LETTERS.charAt(random.nextInt(LETTERS.length()))).append(random.nextInt(7) == 0 ? " " : "");
            }
            assertSameSpans(text.toString());
        }
        // the longest matches: as many letters as allowed around the credential word, spaces, a quote and a value longer
        // than a match takes, at the end of the text and before more text
        String value = "A1b2".repeat(140);
        String letters = "abcdefghij".repeat(4);
        for (String name : List.of("password", "client_secret", "api-key")) {
            assertThat(assertSameSpans(name + letters + "  =  '" + value)).hasSize(1);
            assertThat(assertSameSpans(letters + name + letters + "  :  \"" + value + "\" and more")).hasSize(1);
            assertThat(assertSameSpans("export " + letters + name.toUpperCase() + "=" + value)).hasSize(1);
            assertThat(assertSameSpans("--" + name + "=" + value + " --" + name + " " + value)).hasSize(2);
        }
    }

    @Test
    void everyLineOfTheRealTracesGivesTheSameSpans() throws IOException {
        List<Path> folders = Stream.of(SharedSamples.sharedFolder("samples"), SharedSamples.sharedFolder("replay")).filter(f -> f != null).toList();
        assumeTrue(!folders.isEmpty(), "shared/samples and shared/replay not found beside the repository: real-trace test skipped");
        int lines = 0;
        for (Path folder : folders) {
            try (Stream<Path> files = Files.walk(folder)) {
                for (Path file : files.filter(Files::isRegularFile).filter(f -> f.toString().matches(".*\\.(jsonl|json|traj|txt|md|log)$")).toList()) {
                    for (String line : new String(Files.readAllBytes(file), StandardCharsets.UTF_8).split("\n")) {
                        assertSameSpans(line);
                        lines++;
                    }
                }
            }
        }
        assertThat(lines).isGreaterThan(1_000);
    }

    private static List<SecretSpan> assertSameSpans(String text) {
        List<SecretSpan> found = SecretPatterns.find(text);
        List<SecretSpan> wholeText = SecretPatterns.find(text, false);
        if (!found.equals(wholeText)) {
            throw new AssertionError("around the literals " + found + ", over the whole text " + wholeText + " in: " + text);
        }
        return found;
    }
}
