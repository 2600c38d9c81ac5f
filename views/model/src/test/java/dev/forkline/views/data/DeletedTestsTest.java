package dev.forkline.views.data;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What each run did to test files, read after the lineage is built: a deletion counts for the runs whose lineage holds
 * it (not for a fork from before it), a file created again is in place, other files do not count, each state mutation is
 * read once for all lineages, and a mutation that cannot be read makes its runs' tests unknown rather than in place.
 */
class DeletedTestsTest {

    private static final Instant T = Instant.parse("2026-12-04T10:00:00Z");

    /** More changes of other files before the checkpoint than the events' own cache of parsed events holds. */
    private static final int OTHER_CHANGES = 9_000;

    /**
     * r1: creates tests/test_calc.py, changes {@link #OTHER_CHANGES} other files, checkpoint cp-1, deletes the test and
     * src/app.py, succeeds. r2 forks from cp-1 and changes the README; r3 forks from cp-1, deletes the test and creates
     * it again.
     */
    private static List<Event> events() {
        EventChain chain = new EventChain();
        List<Event> events = new ArrayList<>();
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T).data(Json.object())));
        events.add(chain.append(mutation("r1", "tests/test_calc.py", "create", 1)));
        for (int i = 0; i < OTHER_CHANGES; i++) {
            events.add(chain.append(mutation("r1", "src/module" + i + ".py", "modify", 1)));
        }
        Event checkpoint = chain.append(NewEvent.of("r1", "harness", EventType.CHECKPOINT).at(T.plusSeconds(2))
                .data(Json.object().put("checkpointId", "cp-1")));
        events.add(checkpoint);
        events.add(chain.append(mutation("r1", "tests/test_calc.py", "delete", 3)));
        events.add(chain.append(mutation("r1", "src/app.py", "delete", 4)));
        events.add(chain.append(end("r1", 5)));
        fork(chain, events, "r2", checkpoint);
        events.add(chain.append(mutation("r2", "README.md", "modify", 11)));
        events.add(chain.append(end("r2", 12)));
        fork(chain, events, "r3", checkpoint);
        events.add(chain.append(mutation("r3", "tests/test_calc.py", "delete", 21)));
        events.add(chain.append(mutation("r3", "tests/test_calc.py", "create", 22)));
        events.add(chain.append(end("r3", 23)));
        return events;
    }

    private static NewEvent mutation(String run, String path, String op, int second) {
        return NewEvent.of(run, "agent:coder", EventType.STATE_MUTATION).at(T.plusSeconds(second))
                .data(Json.object().put("path", path).put("op", op));
    }

    private static NewEvent end(String run, int second) {
        return NewEvent.of(run, "harness", EventType.SESSION_END).at(T.plusSeconds(second)).data(Json.object().put("outcome", "success"));
    }

    private static void fork(EventChain chain, List<Event> events, String run, Event checkpoint) {
        chain.startFork(run, checkpoint);
        var data = Json.object().put("parentRun", "r1").put("checkpoint", "cp-1").put("checkpointEvent", checkpoint.id())
                .put("reason", "fork");
        events.add(chain.append(NewEvent.of(run, "human:dana", EventType.RUN_FORK).at(checkpoint.ts().plusSeconds(60)).data(data)));
    }

    /** The events' lines as a store hands them out, counting the reads of each and damaging one when asked. */
    private static final class CountedLines implements EventLines {
        final Map<Integer, Integer> reads = new ConcurrentHashMap<>();
        private final List<Event> events;
        private final int damaged;

        CountedLines(List<Event> events, int damaged) {
            this.events = events;
            this.damaged = damaged;
        }

        @Override
        public int size() {
            return events.size();
        }

        @Override
        public byte[] line(int i) {
            reads.merge(i, 1, Integer::sum);
            return (i == damaged ? "{\"id\":" : EventCodec.toLine(events.get(i))).getBytes(StandardCharsets.UTF_8);
        }

        @Override
        public String file() {
            return "store:t";
        }

        @Override
        public long lineNumber(int i) {
            return i + 1L;
        }
    }

    private static IndexRunLineage lineage(List<Event> events, EventLines lines) {
        LazyEventList lazy = new LazyEventList(EventColumns.of(events), lines);
        return new IndexRunLineage(new Bundle("t", new Manifest(Manifest.FORMAT_VERSION, "t", "test", T, "test", Manifest.NATIVE_FORMAT), lazy, new int[events.size()], BlobSource.NONE));
    }

    @Test
    void eachRunSaysWhatItsLineageDidToTestFilesOnceChecked() {
        List<Event> events = events();
        CountedLines lines = new CountedLines(events, -1);
        IndexRunLineage lineage = lineage(events, lines);

        assertThat(lineage.testsChecked()).isFalse();
        assertThat(lineage.node("r1").tests()).as("nothing read yet").isEqualTo(TaskOutcome.Tests.CHECKING);
        assertThat(lines.reads.keySet()).as("building the lineage reads no mutation")
                .noneMatch(index -> events.get(index).is(EventType.STATE_MUTATION));

        lineage.checkTests();

        assertThat(lineage.testsChecked()).isTrue();
        assertThat(lineage.node("r1").tests()).isEqualTo(TaskOutcome.Tests.DELETED);
        assertThat(lineage.node("r2").tests()).as("forked before the deletion").isEqualTo(TaskOutcome.Tests.IN_PLACE);
        assertThat(lineage.node("r3").tests()).as("deleted, then created again").isEqualTo(TaskOutcome.Tests.IN_PLACE);
        assertThat(lineage.roots().getFirst().children()).extracting(RunNode::tests)
                .containsExactly(TaskOutcome.Tests.IN_PLACE, TaskOutcome.Tests.IN_PLACE);
        assertThat(lines.reads.get(1)).as("r1's first mutation lies in all three lineages, read once").isEqualTo(1);
        assertThat(lines.reads.keySet().stream().filter(index -> events.get(index).is(EventType.STATE_MUTATION)).count())
                .as("every mutation read").isEqualTo(events.stream().filter(event -> event.is(EventType.STATE_MUTATION)).count());
        assertThat(lines.reads.values()).allMatch(count -> count == 1);
    }

    @Test
    void aMutationThatCannotBeReadLeavesItsRunsTestsUnknownNotInPlace() {
        List<Event> events = events();
        int appDeleted = events.indexOf(events.stream().filter(e -> "src/app.py".equals(e.text("path"))).findFirst().orElseThrow());
        IndexRunLineage lineage = lineage(events, new CountedLines(events, appDeleted));

        lineage.checkTests();

        assertThat(lineage.node("r1").tests()).isEqualTo(TaskOutcome.Tests.UNREADABLE);
        assertThat(lineage.node("r1").task()).isEqualTo(new TaskOutcome("Task: succeeded (tests not checked)", "warning"));
        assertThat(lineage.node("r2").tests()).as("its lineage stops at cp-1, before the damaged event").isEqualTo(TaskOutcome.Tests.IN_PLACE);
    }

    @Test
    void testFilesAreKnownByTheirUsualNames() {
        assertThat(List.of("tests/test_calc.py", "src/test/java/AppTest.java", "web/__tests__/x.js", "a/b.spec.ts", "pkg/calc_test.go",
                "test_x.py", "spec/models/user_spec.rb")).allMatch(DeletedTests::isTestPath);
        assertThat(List.of("src/app.py", "README.md", "contest.py", "latest/notes.txt")).noneMatch(DeletedTests::isTestPath);
    }
}
