package dev.forkline.views.compare;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class InlineDiffTest {

    @Test
    void marksTheWordsThatDifferFromTheOtherSide() {
        List<InlineDiff.Segment> segments = InlineDiff.segments("bash: python -m pytest -q", "bash: python -m pytest -x");
        assertThat(segments).containsExactly(new InlineDiff.Segment("bash: python -m pytest -", false), new InlineDiff.Segment("q", true));
        assertThat(InlineDiff.differs("exit 0", "exit 0")).isFalse();
        assertThat(InlineDiff.differs("exit 5", "exit 0")).isTrue();
    }

    @Test
    void withoutAnOtherSideNothingIsChanged() {
        assertThat(InlineDiff.segments("note · harness · hello", null)).containsExactly(new InlineDiff.Segment("note · harness · hello", false));
        assertThat(InlineDiff.segments("", null)).isEmpty();
    }
}
