package dev.forkline.trace.state;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.testing.CountingLines;
import dev.forkline.trace.testing.RepositoryFiles;
import java.nio.file.Path;
import java.util.BitSet;
import java.util.EnumSet;
import java.util.Set;
import java.util.stream.IntStream;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** The recorded samples, loaded lazily (events parsed from their lines on demand) and in memory, give the same states. */
class LazyTraceStateTest {

    /** The kinds whose payload the first pass over a run reads; every other event is left unparsed. */
    private static final Set<EventType> READ_BY_THE_PASS = EnumSet.of(EventType.MODEL_CALL, EventType.APPROVAL_REQUEST,
            EventType.APPROVAL_DECISION, EventType.REVERT, EventType.RUN_FORK, EventType.PROCESS_START, EventType.PROCESS_EXIT);

    static Stream<Path> samples() {
        Path root = RepositoryFiles.resolve("sample-traces");
        return Stream.of("wrong-tool-call", "multi-agent-conflict", "permission-escalation", "poisoned-artifact",
                "sandbox-lost-mid-effect", "hand-written/wrong-directory-deleted").map(root::resolve);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void everyStateOfEveryRunIsTheSameAsInMemory(Path sample) throws Exception {
        try (Bundle bundle = BundleReader.read(sample)) {
            StateReconstructor inMemory = new StateReconstructor(TraceIndex.of(bundle.events()), bundle.blobs());
            StateReconstructor lazily = new StateReconstructor(TraceIndex.of(new CountingLines(bundle.events(), "memory").events()),
                    bundle.blobs());
            int compared = 0;
            for (RunInfo run : inMemory.index().runs()) {
                for (int position = 0; position < inMemory.index().lineage(run.id()).size(); position++) {
                    assertSameState(lazily.at(run.id(), position), inMemory.at(run.id(), position));
                    compared++;
                }
            }
            assertThat(compared).isGreaterThanOrEqualTo(bundle.events().size());
        }
    }

    @ParameterizedTest
    @MethodSource("samples")
    void theFirstPassParsesOnlyModelCallsApprovalsRevertsForksAndProcesses(Path sample) throws Exception {
        try (Bundle bundle = BundleReader.read(sample)) {
            CountingLines lines = new CountingLines(bundle.events(), "memory");
            TraceIndex index = TraceIndex.of(lines.events());
            StateReconstructor states = new StateReconstructor(index, bundle.blobs());
            EventColumns columns = index.columns();
            for (RunInfo run : index.runs()) {
                lines.takeRead();
                states.prepare(run.id());
                BitSet read = lines.takeRead();
                read.stream().forEach(i -> assertThat(columns.kind(i)).as("event %s parsed by the pass", columns.id(i))
                        .isIn(READ_BY_THE_PASS));
                Lineage lineage = index.lineage(run.id());
                long leftUnparsed = IntStream.range(0, lineage.size()).map(lineage::indexAt)
                        .filter(i -> !READ_BY_THE_PASS.contains(columns.kind(i))).count();
                assertThat(leftUnparsed).as("run %s has events the pass need not parse", run.id()).isPositive();
            }
        }
    }

    private static void assertSameState(StateAt lazily, StateAt inMemory) throws Exception {
        assertThat(lazily.eventId()).isEqualTo(inMemory.eventId());
        assertThat(lazily.session()).as("session at %s", inMemory.eventId()).isEqualTo(inMemory.session());
        assertThat(lazily.harness()).isEqualTo(inMemory.harness());
        assertThat(lazily.process()).isEqualTo(inMemory.process());
        assertThat(lazily.external()).isEqualTo(inMemory.external());
        WorkspaceState lazyTree = lazily.workspace();
        WorkspaceState tree = inMemory.workspace();
        assertThat(lazyTree.files()).isEqualTo(tree.files());
        assertThat(lazyTree.changedSinceCheckpoint()).isEqualTo(tree.changedSinceCheckpoint());
        assertThat(lazyTree.lastCheckpointId()).isEqualTo(tree.lastCheckpointId());
        assertThat(lazyTree.lastCheckpointEventId()).isEqualTo(tree.lastCheckpointEventId());
        assertThat(lazyTree.mutationsReplayed()).isEqualTo(tree.mutationsReplayed());
    }
}
