package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TextDiffAndNormalizerTest {

    @Test
    void excerptShowsRemovedThenAddedLinesWithContextAndCounts() {
        String excerpt = TextDiff.excerpt("a\nb\nc\nd\n", "a\nb\nX\nd\n");
        assertThat(excerpt).isEqualTo("--- recorded\n+++ replay\n@@ -1,4 +1,4 @@\n a\n b\n-c\n+X\n d\n");
        assertThat(TextDiff.excerpt("same", "same")).isEmpty();
        assertThat(TextDiff.excerpt("x", "x\n")).contains("final newline");
    }

    @Test
    void excerptOfHugeTextsStaysBounded() {
        String a = "line\n".repeat(50_000) + "end\n";
        String b = "line\n".repeat(50_000) + "END\n";
        String excerpt = TextDiff.excerpt(a, b);
        assertThat(excerpt).contains("-end").contains("+END");
        assertThat(excerpt.lines().count()).isLessThan(TextDiff.MAX_EXCERPT_LINES + 5);
    }

    @Test
    void defaultRulesHideTimestampsDurationsIdsAndTempNames() {
        Normalizer n = Normalizer.defaults();
        assertThat(n.apply("built at 2026-11-30T03:10:44Z in 12ms")).isEqualTo("built at <timestamp> in <duration>");
        assertThat(n.apply("built at 2026-11-30 03:10:44.123+01:00")).isEqualTo("built at <timestamp>");
        assertThat(n.apply("host 3f2a9c0d1e4b up")).isEqualTo("host <container-id> up");
        assertThat(n.apply("wrote /tmp/tmp.Xy12ab and tmp.Q9z8w7")).isEqualTo("wrote <temp> and <temp>");
        assertThat(n.apply("ok 1 - add 2 3 = 5")).isEqualTo("ok 1 - add 2 3 = 5");
        assertThat(Normalizer.none().apply("12ms")).isEqualTo("12ms");
    }

    @Test
    void rulesParseFromTheCliForm() {
        NormalizationRule rule = NormalizationRule.parse("build=build-[0-9]+=>build-<n>");
        assertThat(rule.name()).isEqualTo("build");
        assertThat(Normalizer.none().with(rule).apply("build-42 ok")).isEqualTo("build-<n> ok");
        assertThatThrownBy(() -> NormalizationRule.parse("nope")).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> NormalizationRule.parse("bad=([=>x")).hasMessageContaining("bad");
    }

    @Test
    void editsMergeIntoDataOrDrop() {
        EventEdit edit = EventEdit.parse("r1.7={\"exec\":{\"argv\":[\"sh\",\"-c\",\"rm -rf build\"]},\"idempotencyKey\":null}");
        ObjectNode data = (ObjectNode) Json.MAPPER.valueToTree(java.util.Map.of("callId", "c2", "idempotencyKey", "k",
                "exec", java.util.Map.of("argv", java.util.List.of("sh", "-c", "rm -rf tests"), "cwd", "/workspace")));
        ObjectNode merged = edit.applyTo(data);
        assertThat(merged.path("exec").path("argv").get(2).asText()).isEqualTo("rm -rf build");
        assertThat(merged.path("exec").path("cwd").asText()).isEqualTo("/workspace");
        assertThat(merged.has("idempotencyKey")).isFalse();
        assertThat(data.path("exec").path("argv").get(2).asText()).as("the recording is untouched").isEqualTo("rm -rf tests");
        assertThat(EventEdit.parse("r1.7={\"drop\":true}").drop()).isTrue();
        assertThatThrownBy(() -> EventEdit.parse("r1.7=[1]")).hasMessageContaining("object");
        assertThatThrownBy(() -> EventEdit.parse("r1.7={not json")).hasMessageContaining("not valid JSON");
        assertThatThrownBy(() -> EventEdit.parse("{\"a\":1}")).isInstanceOf(IllegalArgumentException.class);
    }
}
