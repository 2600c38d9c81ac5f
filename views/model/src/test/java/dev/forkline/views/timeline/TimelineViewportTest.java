package dev.forkline.views.timeline;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class TimelineViewportTest {

    @Test
    void fitShowsTheWholeRunWithAMargin() {
        TimelineViewport viewport = new TimelineViewport();
        viewport.setDuration(1_000_000);
        assertThat(viewport.start()).isEqualTo(-20_000);
        assertThat(viewport.end()).isEqualTo(1_020_000);
    }

    @Test
    void zoomKeepsTheAnchorInPlace() {
        TimelineViewport viewport = new TimelineViewport();
        viewport.setDuration(1_000_000);
        long anchor = viewport.toTime(250, 1000);
        viewport.zoom(4, 0.25);
        assertThat(viewport.span()).isEqualTo(1_040_000 / 4);
        assertThat(viewport.toTime(250, 1000)).isCloseTo(anchor, org.assertj.core.data.Offset.offset(2L));
    }

    @Test
    void panIsClampedToTheRun() {
        TimelineViewport viewport = new TimelineViewport();
        viewport.setDuration(1_000_000);
        viewport.zoom(10, 0.5);
        viewport.pan(10_000_000);
        assertThat(viewport.end()).isEqualTo(1_020_000);
        viewport.pan(-10_000_000);
        assertThat(viewport.start()).isEqualTo(-20_000);
    }

    @Test
    void zoomNeverGoesBelowTheMinimumSpanNorBeyondTheRun() {
        TimelineViewport viewport = new TimelineViewport();
        viewport.setDuration(1_000_000);
        viewport.zoom(1e9, 0.5);
        assertThat(viewport.span()).isEqualTo(TimelineViewport.MIN_SPAN_NANOS);
        viewport.zoom(1e-9, 0.5);
        assertThat(viewport.span()).isEqualTo(1_040_000);
    }

    @Test
    void revealPansOnlyWhenTheTimeIsOutside() {
        TimelineViewport viewport = new TimelineViewport();
        viewport.setDuration(1_000_000);
        viewport.zoom(10, 0);
        long start = viewport.start();
        viewport.reveal(start + 10);
        assertThat(viewport.start()).isEqualTo(start);
        viewport.reveal(900_000);
        assertThat(viewport.start()).isLessThan(900_000).isGreaterThan(900_000 - viewport.span());
    }
}
