package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.bundle.Bundle;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class TraceDeletionTest {

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    @BeforeEach
    void assumeBackendAvailable() {
        backend.assumeAvailable();
    }

    @Test
    void aDeletedTraceTakesItsOwnBlobPacksAndIsRecordedWithItsLastHash() throws Exception {
        SampleTraces kept = SampleTraces.standard("t-kept");
        SampleTraces gone = SampleTraces.standard("t-gone", "blobs of its own");
        SampleTraces sharing = SampleTraces.standard("t-sharing");
        try (TraceStore store = backend.open(dir, "db", Clock.fixed(Instant.parse("2026-12-01T09:00:00Z"), ZoneOffset.UTC))) {
            store.importTrace(kept.bundle(), List.of(), null);
            store.importTrace(gone.bundle(), List.of(), null);
            store.importTrace(sharing.bundle(), List.of(), null);

            TraceDeletion deletion = store.delete("t-gone", "ann", "asked to");
            TraceDeletion shared = store.delete("t-sharing", "ann", "a copy");

            assertThat(deletion.deletedPacks()).isEqualTo(1);
            assertThat(deletion.lastHash()).isEqualTo(gone.events.getLast().hash());
            assertThat(deletion.eventCount()).isEqualTo(12);
            assertThat(shared.deletedPacks()).as("its blobs are t-kept's too").isZero();
            assertThat(store.list()).extracting(TraceSummary::traceId).containsExactly("t-kept");
            assertThat(store.find("t-gone")).isEmpty();
            assertThat(store.integrityCheck().problems()).isEmpty();
            try (Bundle loaded = store.load("t-kept")) {
                for (var blob : kept.blobs.all().entrySet()) {
                    assertThat(loaded.blobs().read(blob.getKey())).hasValueSatisfying(b -> assertThat(b).isEqualTo(blob.getValue()));
                }
            }
            for (String hash : gone.blobs.all().keySet()) {
                if (!kept.blobs.contains(hash)) {
                    try (Bundle loaded = store.load("t-kept")) {
                        assertThat(loaded.blobs().contains(hash)).isFalse();
                    }
                }
            }
            assertThat(store.deletions()).extracting(TraceDeletion::traceId, TraceDeletion::deletedBy, TraceDeletion::lastHash)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("t-gone", "ann", gone.events.getLast().hash()),
                            org.assertj.core.groups.Tuple.tuple("t-sharing", "ann", sharing.events.getLast().hash()));
            // a pack number freed by the deletion is not given to the next import's blobs
            store.importTrace(SampleTraces.standard("t-again", "newer blobs").bundle(), List.of(), null);
            assertThat(store.integrityCheck().problems()).isEmpty();
        }
    }

    @Test
    void aTraceOnLegalHoldIsNeitherDeletedNorDueForRetention() throws Exception {
        Instant now = Instant.parse("2026-12-01T09:00:00Z");
        try (TraceStore old = backend.open(dir, "db", Clock.fixed(now.minus(Duration.ofDays(100)), ZoneOffset.UTC))) {
            old.importTrace(SampleTraces.standard("t-old").bundle(), List.of(), null);
            old.importTrace(SampleTraces.standard("t-held").bundle(), List.of(), null);
        }
        try (TraceStore store = backend.open(dir, "db", Clock.fixed(now, ZoneOffset.UTC))) {
            store.importTrace(SampleTraces.standard("t-new").bundle(), List.of(), null);
            assertThat(store.hold("t-held", "legal", "litigation 42")).isTrue();
            assertThat(store.hold("t-held", "legal", "again")).isFalse();

            assertThat(store.pastRetention(Duration.ofDays(90))).extracting(TraceSummary::traceId).containsExactly("t-old");
            assertThatThrownBy(() -> store.delete("t-held", "ann", "cleanup"))
                    .isInstanceOf(StoreException.class).hasMessageContaining("on legal hold (by legal since 2026-12-01T09:00:00Z: litigation 42)");
            assertThat(store.find("t-held")).isPresent();
            assertThatThrownBy(() -> store.delete("absent", "ann", "x")).hasMessageContaining("no stored trace 'absent'");

            assertThat(store.releaseHold("t-held")).isTrue();
            assertThat(store.pastRetention(Duration.ofDays(90))).extracting(TraceSummary::traceId).containsExactly("t-held", "t-old");
        }
    }
}
