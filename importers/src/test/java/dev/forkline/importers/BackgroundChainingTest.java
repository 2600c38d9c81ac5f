package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An import's events hashed on a thread of their own: in order, all of them, and a failure reaches the importer. */
class BackgroundChainingTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");

    @TempDir
    Path folder;

    @Test
    void theEventsOfASessionAreTheChainThatAppendingOneByOneGives() throws Exception {
        int count = 20 * BackgroundChaining.BATCH + 17; // whole batches and a part of one, through the spill file
        ImportSession session = new ImportSession("test", "t.jsonl", 1_000, folder);
        EventChain expected = new EventChain();
        List<String> expectedLines = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            NewEvent draft = draft(i);
            Event placed = session.append(draft, i + 1);
            CanonicalEvent.Hashed hashed = expected.appendHashed(draft(i));
            expectedLines.add(new String(hashed.line(), StandardCharsets.UTF_8));
            assertThat(placed.id()).isEqualTo(hashed.event().id());
            assertThat(placed.hash()).isNull();
            assertThat(session.events()).hasSize(i + 1);
        }

        assertThat(session.events().getLast().hash()).isEqualTo(expected.nextPrev(i(count - 1)));
        try (Bundle bundle = session.finish("t", "t").bundle()) {
            assertThat(bundle.events()).hasSize(count);
            for (int i = 0; i < count; i++) {
                assertThat(EventCodec.toLine(bundle.events().get(i))).as("line of event %d", i).isEqualTo(expectedLines.get(i));
                assertThat(bundle.lineOf(i)).isEqualTo(i + 1);
            }
        }
    }

    @Test
    void anEventThatCannotBeHashedFailsTheImportOnTheImportingThread() {
        ImportSession session = new ImportSession("test", "t.jsonl");
        session.append(draft(0), 1);
        session.append(NewEvent.of("r1", "agent:a", EventType.NOTE).at(T0).data(Json.object().put("text", "lone \uD800")), 2);

        assertThatThrownBy(() -> session.finish("t", "t")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lone surrogate");
        assertThatThrownBy(() -> {
            for (int i = 2; i < 2 * BackgroundChaining.BATCH; i++) {
                session.append(draft(i), i + 1);
            }
        }).as("appending after the failure").isInstanceOf(IllegalArgumentException.class).hasMessageContaining("lone surrogate");
    }

    @Test
    void aFailedBatchStopsTheChainingAndTheImporterWaitsWhenTheQueueIsFull() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger chained = new AtomicInteger();
        BackgroundChaining chaining = new BackgroundChaining((event, line) -> {
            try {
                release.await();
            } catch (InterruptedException e) {
                throw new IllegalStateException(e);
            }
            if (chained.incrementAndGet() == 3) {
                throw new IllegalStateException("event 3 cannot be chained");
            }
        });
        int capacity = (BackgroundChaining.QUEUED_BATCHES + 1) * BackgroundChaining.BATCH; // the queue and the batch being chained
        AtomicInteger submitted = new AtomicInteger();
        List<RuntimeException> thrown = new ArrayList<>();
        Thread importer = Thread.ofPlatform().start(() -> {
            try {
                for (int i = 0; i < capacity + 2 * BackgroundChaining.BATCH; i++) {
                    chaining.submit(new EventChain().place(draft(0)), 1);
                    submitted.incrementAndGet();
                }
            } catch (RuntimeException e) {
                thrown.add(e);
            }
        });
        importer.join(TimeUnit.SECONDS.toMillis(1));
        assertThat(importer.isAlive()).as("the importer waits while the chaining is held up").isTrue();
        assertThat(submitted.get()).isLessThan(capacity + 2 * BackgroundChaining.BATCH);

        release.countDown();
        importer.join(TimeUnit.SECONDS.toMillis(30));
        assertThat(importer.isAlive()).isFalse();
        assertThat(thrown).as("the failure reaches the importer at its next hand-over").singleElement()
                .extracting(Throwable::getMessage).isEqualTo("event 3 cannot be chained");
        assertThatThrownBy(chaining::drain).isInstanceOf(IllegalStateException.class).hasMessage("event 3 cannot be chained");
        assertThat(chained.get()).as("nothing chained after the failure").isEqualTo(3);
    }

    private static NewEvent draft(int i) {
        if (i == 0) {
            return NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).data(Json.object());
        }
        return NewEvent.of(i % 7 == 0 ? "r2" : "r1", "agent:a", EventType.NOTE).at(T0.plusMillis(i)).data(Json.object().put("text", "note " + i));
    }

    /** The run of event {@code i}. */
    private static String i(int i) {
        return i % 7 == 0 && i > 0 ? "r2" : "r1";
    }
}
