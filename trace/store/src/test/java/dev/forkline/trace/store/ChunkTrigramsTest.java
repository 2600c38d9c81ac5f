package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * {@link ChunkTrigrams}: stored and read back as built, used only for the chunks they were built from, and read from
 * damaged or altered bytes as an {@link IllegalArgumentException}, never anything else.
 */
class ChunkTrigramsTest {

    private static final ChunkDirectory.Entry FIRST = entry("r1", 1, 3);
    private static final ChunkDirectory.Entry SECOND = entry("r1", 4, 2);

    @Test
    void filtersReadBackAsStored() {
        ChunkTrigrams stored = twoChunks("kubectl rollout", "git status");
        ChunkTrigrams read = ChunkTrigrams.decode(stored.encode());

        assertThat(read.chunks()).hasSize(2);
        for (int c = 0; c < 2; c++) {
            ChunkTrigrams.Chunk before = stored.chunks().get(c);
            ChunkTrigrams.Chunk after = read.chunks().get(c);
            assertThat(after.runId()).isEqualTo(before.runId());
            assertThat(after.firstSeq()).isEqualTo(before.firstSeq());
            assertThat(after.eventCount()).isEqualTo(before.eventCount());
            assertThat(after.filter().bitsLog2()).isEqualTo(before.filter().bitsLog2());
            assertThat(after.filter().words()).isEqualTo(before.filter().words());
        }
        assertThat(ChunkTrigrams.decode(new ChunkTrigrams(List.of()).encode()).chunks()).isEmpty();
        ChunkTrigrams otherRun = new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(entry("fork-é", 7, 1), new TrigramFilter.Builder().build())));
        assertThat(ChunkTrigrams.decode(otherRun.encode()).chunks().getFirst().runId()).isEqualTo("fork-é");
    }

    @Test
    void aChunkIsRuledOutWhenItsFilterLacksATrigramOfTheText() {
        ChunkTrigrams trigrams = twoChunks("kubectl rollout", "git status");
        TrigramFilter.Query rollout = new TrigramFilter.Query("rollout");
        assertThat(trigrams.rulesOut("r1", 1, 3, rollout)).isFalse();
        assertThat(trigrams.rulesOut("r1", 4, 2, rollout)).isTrue();
        TrigramFilter.Query helm = new TrigramFilter.Query("helm");
        assertThat(trigrams.rulesOut("r1", 1, 3, helm)).isTrue();
        assertThat(trigrams.rulesOut("r1", 4, 2, helm)).isTrue();
        // too short for a trigram: nothing is ruled out
        assertThat(trigrams.rulesOut("r1", 4, 2, new TrigramFilter.Query("he"))).isFalse();
    }

    @Test
    void aChunkOfAnotherRowThanTheFiltersIsNeverRuledOut() {
        ChunkTrigrams trigrams = twoChunks("kubectl rollout", "git status");
        TrigramFilter.Query helm = new TrigramFilter.Query("helm");
        assertThat(trigrams.rulesOut("r2", 1, 3, helm)).isFalse();
        assertThat(trigrams.rulesOut("r1", 2, 3, helm)).isFalse();
        assertThat(trigrams.rulesOut("r1", 1, 4, helm)).isFalse();
        assertThatThrownBy(() -> new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(FIRST, new TrigramFilter.Builder().build()),
                ChunkTrigrams.Chunk.of(entry("r1", 1, 9), new TrigramFilter.Builder().build()))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two chunks of run 'r1' from seq 1");
    }

    @Test
    void damagedBytesAreRefusedSayingWhy() {
        byte[] good = twoChunks("kubectl rollout", "git status").encode();
        // magic 0-3, version 4, count 5-8; the first chunk: run id length 9-12, "r1" 13-14, first seq 15-22,
        // event count 23-26, table size 27

        assertThatThrownBy(() -> ChunkTrigrams.decode(new byte[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("end early");
        byte[] otherVersion = good.clone();
        otherVersion[4] = 2;
        assertThatThrownBy(() -> ChunkTrigrams.decode(otherVersion)).hasMessageContaining("not trigram filters of this version");
        assertThatThrownBy(() -> ChunkTrigrams.decode(Arrays.copyOf(good, good.length - 1)))
                .hasMessageContaining("the filters end early (" + (good.length - 1) + " bytes)");
        assertThatThrownBy(() -> ChunkTrigrams.decode(Arrays.copyOf(good, good.length + 1))).hasMessageContaining("1 bytes after the last chunk");
        assertThatThrownBy(() -> ChunkTrigrams.decode(withInt(good, 5, Integer.MAX_VALUE))).hasMessageContaining("a count of 2147483647 chunks");
        assertThatThrownBy(() -> ChunkTrigrams.decode(withInt(good, 9, 100_000))).hasMessageContaining("a run id of 100000 bytes");
        assertThatThrownBy(() -> ChunkTrigrams.decode(withInt(good, 9, -1))).hasMessageContaining("a run id of -1 bytes");
        assertThatThrownBy(() -> ChunkTrigrams.decode(withInt(good, 23, 0))).hasMessageContaining("covers 0 events");
        byte[] hugeTable = good.clone();
        hugeTable[27] = 31;
        assertThatThrownBy(() -> ChunkTrigrams.decode(hugeTable)).hasMessageContaining("a table of 2^31 bits");
        byte[] largerTable = new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(FIRST, new TrigramFilter.Builder().build()))).encode();
        largerTable[27]++;
        assertThatThrownBy(() -> ChunkTrigrams.decode(largerTable)).hasMessageContaining("end early");
        byte[] twiceBytes = new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(FIRST, new TrigramFilter.Builder().build()),
                ChunkTrigrams.Chunk.of(entry("r1", 2, 3), new TrigramFilter.Builder().build()))).encode();
        // the second chunk starts after 9 + 19 + 64 bytes; its first seq, after its run id, made the first's
        ByteBuffer.wrap(twiceBytes).order(ByteOrder.LITTLE_ENDIAN).putLong(92 + 4 + 2, 1);
        assertThatThrownBy(() -> ChunkTrigrams.decode(twiceBytes)).hasMessageContaining("two chunks of run 'r1' from seq 1");
    }

    @Test
    void anyAlteredByteReadsAsFiltersOrAsAnIllegalArgument() {
        byte[] good = twoChunks("kubectl rollout status deploy/api", "git status --short").encode();
        Random random = new Random(3);
        for (int round = 0; round < 20_000; round++) {
            byte[] altered = good.clone();
            int changes = 1 + random.nextInt(4);
            for (int c = 0; c < changes; c++) {
                // mostly the header and the first chunk's key, where a change means something
                int at = random.nextBoolean() ? random.nextInt(Math.min(altered.length, 40)) : random.nextInt(altered.length);
                altered[at] = (byte) random.nextInt(256);
            }
            try {
                ChunkTrigrams.decode(altered);
            } catch (IllegalArgumentException expected) {
                // refused: the search reads every chunk
            }
        }
    }

    private static ChunkTrigrams twoChunks(String firstText, String secondText) {
        TrigramFilter.Builder builder = new TrigramFilter.Builder();
        builder.add(firstText);
        TrigramFilter first = builder.build();
        builder.add(secondText);
        return new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(FIRST, first), ChunkTrigrams.Chunk.of(SECOND, builder.build())));
    }

    private static ChunkDirectory.Entry entry(String runId, long firstSeq, int eventCount) {
        return new ChunkDirectory.Entry(runId, firstSeq, 0, eventCount, null, 0, 0, 0);
    }

    private static byte[] withInt(byte[] bytes, int at, int value) {
        byte[] changed = bytes.clone();
        ByteBuffer.wrap(changed).order(ByteOrder.LITTLE_ENDIAN).putInt(at, value);
        return changed;
    }
}
