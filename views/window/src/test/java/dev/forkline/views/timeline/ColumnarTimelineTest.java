package dev.forkline.views.timeline;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.testdata.DemoTrace;
import dev.forkline.views.testdata.Samples;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.nio.file.Path;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/** The timeline built from the trace's columns lays out every run exactly as the one built from parsed events did. */
class ColumnarTimelineTest {

    static Stream<Path> samples() {
        return Stream.concat(Samples.NAMES.stream().map(Samples.ROOT::resolve), Stream.of(DemoTrace.HAND_WRITTEN_SAMPLE));
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyRunOfTheRecordedSamplesIsLaidOutAsBefore(Path sample) throws Exception {
        try (Bundle bundle = BundleReader.read(sample)) {
            assertEveryRunAsBefore(bundle);
        }
    }

    @Test
    void theDemoAndADenseRunAreLaidOutAsBefore() {
        assertEveryRunAsBefore(DemoTrace.bundle());
        assertEveryRunAsBefore(DemoTrace.dense(3000));
    }

    private static void assertEveryRunAsBefore(Bundle bundle) {
        TraceIndex index = TraceIndex.of(bundle.events());
        for (RunInfo run : index.runs()) {
            TimelineModel columnar = TimelineModelBuilder.build(RunEvents.of(index, run.id()));
            TimelineModel fromEvents = EventListTimelineBuilder.build(index.eventsOf(run.id()));
            assertSameModel(columnar, fromEvents, bundle.manifest().traceId() + " run " + run.id());
        }
    }

    private static void assertSameModel(TimelineModel actual, TimelineModel expected, String what) {
        assertThat(actual.origin()).as(what + " origin").isEqualTo(expected.origin());
        assertThat(actual.lanes()).as(what + " lanes").isEqualTo(expected.lanes());
        assertThat(actual.duration()).as(what + " duration").isEqualTo(expected.duration());
        assertThat(actual.eventCount()).as(what + " events").isEqualTo(expected.eventCount());
        for (int event = 0; event < expected.eventCount(); event++) {
            assertThat(actual.eventTime(event)).as(what + " time of event " + event).isEqualTo(expected.eventTime(event));
            assertThat(actual.eventLane(event)).as(what + " lane of event " + event).isEqualTo(expected.eventLane(event));
        }
        assertThat(actual.size()).as(what + " items").isEqualTo(expected.size());
        for (int item = 0; item < expected.size(); item++) {
            String which = what + " item " + item + " (event " + expected.eventIndex(item) + ")";
            assertThat(actual.eventIndex(item)).as(which).isEqualTo(expected.eventIndex(item));
            assertThat(actual.kind(item)).as(which + " kind").isEqualTo(expected.kind(item));
            assertThat(actual.start(item)).as(which + " start").isEqualTo(expected.start(item));
            assertThat(actual.end(item)).as(which + " end").isEqualTo(expected.end(item));
            assertThat(actual.lane(item)).as(which + " lane").isEqualTo(expected.lane(item));
        }
    }
}
