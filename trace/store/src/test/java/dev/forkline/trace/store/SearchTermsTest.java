package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class SearchTermsTest {

    @Test
    void wordsAreRunsOfLettersDigitsAndUnderscoreLowercased() {
        assertThat(SearchTerms.words("Bash: pytest -q tests/test_parser.py::Test_Ünicode")).containsExactly("bash", "pytest",
                "q", "tests", "test_parser", "py", "test_ünicode");
        assertThat(SearchTerms.words("  ::/  ")).isEmpty();
    }

    @Test
    void longWordsAndHexIdsAreNotKept() {
        String hash = "9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08";
        assertThat(SearchTerms.of("commit " + hash + " by deadbeef, run 12345678 of 1234567, uuid 123e4567-e89b-12d3")
        ).containsExactly("commit", "by", "deadbeef", "run", "of", "1234567", "uuid", "e89b", "12d3");
        assertThat(SearchTerms.isKept("a".repeat(SearchTerms.MAX_LENGTH))).isTrue();
        assertThat(SearchTerms.isKept("a".repeat(SearchTerms.MAX_LENGTH + 1))).isFalse();
        assertThat(SearchTerms.of("lock lock LOCK")).containsExactly("lock");
    }

    @Test
    void aWordIsHeldWhenATermStartsWithIt() {
        var terms = SearchTerms.of("timeout waiting for lockfile");
        assertThat(SearchTerms.holdsAll(terms, List.of("time", "lock"))).isTrue();
        assertThat(SearchTerms.holdsAll(terms, List.of("out"))).isFalse();
    }
}
