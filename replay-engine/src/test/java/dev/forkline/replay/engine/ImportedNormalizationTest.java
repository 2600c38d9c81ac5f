package dev.forkline.replay.engine;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ImportedNormalizationTest {

    @Test
    void importedSessionsCompareWithoutLineEndsAndTrailingWhiteSpace() {
        Normalizer rules = ReplaySession.normalizerFor(Normalizer.defaults(), new ImportedSession("swe-agent", dev.forkline.trace.Json.object(), "/testbed"));
        assertThat(rules.apply("344\r\n")).isEqualTo(rules.apply("344"));
        assertThat(rules.apply("a\r\nb\r\n")).isEqualTo("a\nb");
        assertThat(rules.changing("a\r\nb\r\n")).containsExactly("line-endings", "trailing-whitespace");
        assertThat(rules.changing("plain")).isEmpty();
    }

    @Test
    void forklineRecordingsAndByteExactRequestsKeepTheirRules() {
        Normalizer defaults = Normalizer.defaults();
        assertThat(ReplaySession.normalizerFor(defaults, null)).isSameAs(defaults);
        assertThat(ReplaySession.normalizerFor(Normalizer.none(), new ImportedSession("claude-code", dev.forkline.trace.Json.object(), "/w")).rules()).isEmpty();
    }
}
