package dev.forkline.trace.secrets;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The one-pass character sets against looking for each character in the text. */
class AsciiPresenceTest {

    private static final String ALPHABET = "aAzZkK-:= /@_\u0000\u007f\u00e9\u4e2d09?`{[";

    @Test
    void answersAsLookingForEachCharacterDoes() {
        SplittableRandom random = new SplittableRandom(7);
        for (int round = 0; round < 100_000; round++) {
            String text = randomText(random, 12);
            String literal = randomText(random, 4);
            AsciiPresence present = AsciiPresence.of(text);
            assertThat(present.holdsAll(AsciiPresence.of(literal), false)).as("%s holds all of %s", text, literal)
                    .isEqualTo(literal.chars().filter(c -> c < 128).allMatch(c -> text.indexOf(c) >= 0));
            assertThat(present.holdsAll(AsciiPresence.of(literal.toLowerCase(java.util.Locale.ROOT)), true))
                    .as("%s holds all of %s in some case", text, literal)
                    .isEqualTo(literal.chars().filter(c -> c < 128).allMatch(c -> inSomeCase(text, c)));
            assertThat(present.holdsAny(AsciiPresence.of(literal))).as("%s holds one of %s", text, literal)
                    .isEqualTo(literal.chars().anyMatch(c -> c < 128 && text.indexOf(c) >= 0));
        }
    }

    private static boolean inSomeCase(String text, int c) {
        return text.indexOf(c) >= 0 || text.indexOf(Character.toUpperCase(c)) >= 0 || text.indexOf(Character.toLowerCase(c)) >= 0;
    }

    private static String randomText(SplittableRandom random, int maxLength) {
        StringBuilder text = new StringBuilder();
        for (int i = random.nextInt(maxLength + 1); i > 0; i--) {
            text.append(ALPHABET.charAt(random.nextInt(ALPHABET.length())));
        }
        return text.toString();
    }
}
