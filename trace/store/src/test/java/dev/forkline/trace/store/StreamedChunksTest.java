package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.CanonicalEvent;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.columns.EventColumns;
import java.io.ByteArrayOutputStream;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** {@link StreamedChunks}: what it holds while the events of a trace are still arriving. */
class StreamedChunksTest {

    private static final int RUNS = 600;
    private static final int EVENTS_PER_RUN = 4;
    private static final int BATCH = 64;

    /**
     * A trace of many short runs one after the other, as an Inspect eval log's samples: no run fills a segment, so only
     * the bound on the lines held across runs hands chunks out before the input ends.
     */
    @Test
    void manyShortRunsAreHandedOutAsTheyArriveNotHeldToTheEnd() throws Exception {
        List<EventBatch> batches = batchesOfShortRuns();
        int[] given = {0};
        StreamedChunks.Feed feed = new StreamedChunks.Feed() {
            @Override
            public EventBatch next() {
                return given[0] < batches.size() ? batches.get(given[0]++) : null;
            }

            @Override
            public boolean hasReady() {
                return true;
            }
        };
        List<String> appeared = new ArrayList<>();
        Map<String, Integer> eventsPerRun = new HashMap<>();
        int firstChunkAfterBatches = -1;
        try (StreamedChunks chunks = new StreamedChunks(feed, "trace.jsonl", appeared::add, chunk -> { })) {
            for (ChunkEncoder.Chunk chunk = chunks.next(); chunk != null; chunk = chunks.next()) {
                if (firstChunkAfterBatches < 0) {
                    firstChunkAfterBatches = given[0];
                }
                eventsPerRun.merge(chunk.runId(), chunk.events().length, Integer::sum);
            }
        }

        long linesBytes = (long) RUNS * EVENTS_PER_RUN * 8_000;
        assertThat(linesBytes).as("more than the bound").isGreaterThan(StreamedChunks.HELD_BYTES);
        assertThat(firstChunkAfterBatches).as("batches read when the first chunk came out, of %d", batches.size())
                .isPositive().isLessThan(batches.size() * 9 / 10);
        assertThat(appeared).hasSize(RUNS).doesNotHaveDuplicates();
        assertThat(eventsPerRun).hasSize(RUNS).allSatisfy((run, count) -> assertThat(count).as(run).isEqualTo(EVENTS_PER_RUN));
    }

    private static List<EventBatch> batchesOfShortRuns() throws Exception {
        EventChain chain = new EventChain();
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        List<CanonicalEvent.Hashed> all = new ArrayList<>();
        for (int r = 0; r < RUNS; r++) {
            for (int e = 0; e < EVENTS_PER_RUN; e++) {
                all.add(chain.appendHashed(NewEvent.of("sample-" + r, "agent", EventType.NOTE)
                        .data(Json.object().put("text", "a model's whole conversation again ".repeat(230)))
                        .at(t0.plusSeconds(all.size()))));
            }
        }
        List<EventBatch> batches = new ArrayList<>();
        for (int from = 0; from < all.size(); from += BATCH) {
            List<CanonicalEvent.Hashed> part = all.subList(from, Math.min(all.size(), from + BATCH));
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            int[] starts = new int[part.size()];
            int[] lengths = new int[part.size()];
            long[] lineNumbers = new long[part.size()];
            List<Event> events = new ArrayList<>();
            for (int k = 0; k < part.size(); k++) {
                byte[] line = part.get(k).line();
                starts[k] = bytes.size();
                lengths[k] = line.length;
                lineNumbers[k] = from + k + 1L;
                bytes.write(line);
                bytes.write('\n');
                events.add(part.get(k).event());
            }
            batches.add(new EventBatch(from, EventColumns.of(events), bytes.toByteArray(), 0, starts, lengths, lineNumbers));
        }
        return batches;
    }
}
