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
            assertThat(after.borrowed().size()).isEqualTo(before.borrowed().size());
            for (int k = 0; k < before.borrowed().size(); k++) {
                assertThat(after.borrowed().offset(k)).isEqualTo(before.borrowed().offset(k));
                assertThat(after.borrowed().name(k)).isEqualTo(before.borrowed().name(k));
            }
        }
        assertThat(ChunkTrigrams.decode(new ChunkTrigrams(List.of()).encode()).chunks()).isEmpty();
        ChunkTrigrams otherRun = new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(entry("fork-é", 7, 1), new TrigramFilter.Builder().build(), BorrowedToolNames.NONE)));
        assertThat(ChunkTrigrams.decode(otherRun.encode()).chunks().getFirst().runId()).isEqualTo("fork-é");
    }

    @Test
    void aChunkIsRuledOutWhenItsFilterLacksATrigramOfTheText() {
        ChunkTrigrams trigrams = twoChunks("kubectl rollout", "git status");
        TrigramFilter.Query rollout = new TrigramFilter.Query("rollout");
        assertThat(trigrams.of("r1", 1, 3).filter().mayHold(rollout)).isTrue();
        assertThat(trigrams.of("r1", 4, 2).filter().mayHold(rollout)).isFalse();
        TrigramFilter.Query helm = new TrigramFilter.Query("helm");
        assertThat(trigrams.of("r1", 1, 3).filter().mayHold(helm)).isFalse();
        assertThat(trigrams.of("r1", 4, 2).filter().mayHold(helm)).isFalse();
        // too short for a trigram: nothing is ruled out
        assertThat(trigrams.of("r1", 4, 2).filter().mayHold(new TrigramFilter.Query("he"))).isTrue();
    }

    @Test
    void aChunkOfAnotherRowThanTheFiltersHasNone() {
        ChunkTrigrams trigrams = twoChunks("kubectl rollout", "git status");
        assertThat(trigrams.of("r2", 1, 3)).isNull();
        assertThat(trigrams.of("r1", 2, 3)).isNull();
        assertThat(trigrams.of("r1", 1, 4)).isNull();
        assertThatThrownBy(() -> new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(FIRST, new TrigramFilter.Builder().build(), BorrowedToolNames.NONE),
                ChunkTrigrams.Chunk.of(entry("r1", 1, 9), new TrigramFilter.Builder().build(), BorrowedToolNames.NONE))))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("two chunks of run 'r1' from seq 1");
    }

    @Test
    void borrowedToolNamesAreTheOnesTheChunkReadAloneGetsWrong() {
        String[] whole = {"bash", "bash", "read_file", null, "bash"};
        String[] alone = {"bash", null, "read_file", "grep"};
        BorrowedToolNames borrowed = BorrowedToolNames.of(whole, 1, alone);
        assertThat(borrowed.size()).isEqualTo(3);
        String[] names = alone.clone();
        borrowed.applyTo(names, 0);
        assertThat(names).containsExactly("bash", "read_file", null, "bash");
        assertThat(BorrowedToolNames.of(whole, 0, new String[] {"bash", "bash"})).isSameAs(BorrowedToolNames.NONE);
    }

    @Test
    void damagedBytesAreRefusedSayingWhy() {
        byte[] good = twoChunks("kubectl rollout", "git status").encode();
        // magic 0-3, version 4, count 5-8; the first chunk: run id length 9-12, "r1" 13-14, first seq 15-22,
        // event count 23-26, table size 27

        assertThatThrownBy(() -> ChunkTrigrams.decode(new byte[0])).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("end early");
        byte[] otherVersion = good.clone();
        otherVersion[4] = 1;
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
        byte[] largerTable = new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(FIRST, new TrigramFilter.Builder().build(), BorrowedToolNames.NONE))).encode();
        largerTable[27]++;
        assertThatThrownBy(() -> ChunkTrigrams.decode(largerTable)).hasMessageContaining("end early");
        // the second chunk's borrowed names: 2 at offsets 0 and 1, "bash" and none; it starts at 96
        int borrowedAt = 96 + 19 + 64;
        assertThat(ByteBuffer.wrap(good).order(ByteOrder.LITTLE_ENDIAN).getInt(borrowedAt)).isEqualTo(2);
        assertThatThrownBy(() -> ChunkTrigrams.decode(withInt(good, borrowedAt, 3))).hasMessageContaining("borrows 3 tool names for 2 events");
        assertThatThrownBy(() -> ChunkTrigrams.decode(withInt(good, borrowedAt + 4, 2))).hasMessageContaining("borrows a tool name for its event 2");
        assertThatThrownBy(() -> ChunkTrigrams.decode(withInt(good, borrowedAt + 8, 5000))).hasMessageContaining("a tool name of 5000 bytes");
        assertThatThrownBy(() -> ChunkTrigrams.decode(withInt(good, borrowedAt + 16, 0))).hasMessageContaining("for its event 0");
        byte[] twiceBytes = new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(FIRST, new TrigramFilter.Builder().build(), BorrowedToolNames.NONE),
                ChunkTrigrams.Chunk.of(entry("r1", 2, 3), new TrigramFilter.Builder().build(), BorrowedToolNames.NONE))).encode();
        // the second chunk starts after 9 + 19 + 64 + 4 bytes; its first seq, after its run id, made the first's
        ByteBuffer.wrap(twiceBytes).order(ByteOrder.LITTLE_ENDIAN).putLong(96 + 4 + 2, 1);
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
        return new ChunkTrigrams(List.of(ChunkTrigrams.Chunk.of(FIRST, first, BorrowedToolNames.NONE),
                ChunkTrigrams.Chunk.of(SECOND, builder.build(), new BorrowedToolNames(new int[] {0, 1}, new String[] {"bash", null}))));
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
