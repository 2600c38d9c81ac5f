package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link JsonFields#preview} gives what collapsing every run of white space and trimming the whole text gives, then cut;
 * its two-part form gives the same for the two parts joined.
 */
class JsonFieldsPreviewTest {

    @Test
    void agreesWithCollapsingAndTrimmingTheWholeText() {
        Random random = new Random(20);
        char[] alphabet = {'a', 'b', ' ', ' ', '\t', '\n', '\r', '\u000B', '\f', '\u0001', '\u001F', '\u00A0', 'é', '\uD83D', '\uDE00', '…'};
        for (int round = 0; round < 100_000; round++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(30);
            for (int i = 0; i < length; i++) {
                text.append(alphabet[random.nextInt(alphabet.length)]);
            }
            int max = 1 + random.nextInt(12);
            assertAgrees(text.toString(), max, random.nextInt(length + 1));
        }
        assertThat(JsonFields.preview(null, 5)).isNull();
    }

    /** Texts of visible characters and single spaces, which need no collapsing, now and then with one white space run. */
    @Test
    void textsThatAreTheirOwnPreviewAgreeToo() {
        Random random = new Random(21);
        for (int round = 0; round < 50_000; round++) {
            StringBuilder text = new StringBuilder();
            int length = random.nextInt(60);
            for (int i = 0; i < length; i++) {
                int pick = random.nextInt(40);
                text.append(pick < 30 ? (char) ('a' + pick % 26) : pick < 37 ? ' ' : pick < 38 ? '\n' : pick < 39 ? 'é' : '\u0001');
            }
            int max = 1 + random.nextInt(40);
            assertAgrees(text.toString(), max, random.nextInt(length + 1));
        }
    }

    /** Both forms of the preview (the second with the text split at {@code split}) against collapsing and trimming it. */
    private static void assertAgrees(String text, int max, int split) {
        String oneLine = text.replaceAll("\\s+", " ").trim();
        String expected = oneLine.length() <= max ? oneLine : oneLine.substring(0, max - 1) + "…";
        assertThat(JsonFields.preview(text, max)).as("%s / %d", text, max).isEqualTo(expected);
        assertThat(JsonFields.preview(text.substring(0, split), text.substring(split), max))
                .as("%s split at %d / %d", text, split, max).isEqualTo(expected);
    }
}
