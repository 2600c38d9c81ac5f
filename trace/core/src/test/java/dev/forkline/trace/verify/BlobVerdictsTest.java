package dev.forkline.trace.verify;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class BlobVerdictsTest {

    /** Blobs that take a while to read, counting how many reads were under way at once. */
    private static final class SlowBlobs implements BlobSource {
        final boolean concurrently;
        final AtomicInteger reading = new AtomicInteger();
        final AtomicInteger mostAtOnce = new AtomicInteger();
        final AtomicInteger reads = new AtomicInteger();

        SlowBlobs(boolean concurrently) {
            this.concurrently = concurrently;
        }

        @Override
        public boolean readsConcurrently() {
            return concurrently;
        }

        @Override
        public boolean contains(String hash) {
            return true;
        }

        @Override
        public Optional<byte[]> read(String hash) {
            reads.incrementAndGet();
            mostAtOnce.accumulateAndGet(reading.incrementAndGet(), Math::max);
            try {
                Thread.sleep(100);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            reading.decrementAndGet();
            return hash.equals(MISSING) ? Optional.empty() : Optional.of(new byte[0]);
        }
    }

    private static final String MISSING = Hashes.sha256("missing".getBytes(StandardCharsets.UTF_8));

    @Test
    void aSourceThatReadsConcurrentlyIsReadFromEveryAskingThreadAtOnce() throws Exception {
        assertThat(mostReadsAtOnce(new SlowBlobs(true))).isEqualTo(2);
    }

    @Test
    void anyOtherSourceIsReadByOneThreadAtATime() throws Exception {
        assertThat(mostReadsAtOnce(new SlowBlobs(false))).isEqualTo(1);
    }

    @Test
    void eachBlobIsReadOnceAndItsVerdictKept() {
        SlowBlobs blobs = new SlowBlobs(true);
        BlobVerdicts verdicts = new BlobVerdicts(blobs);

        List<BlobVerdicts.Verdict> asked = List.of(verdicts.of(MISSING), verdicts.of(MISSING), verdicts.of(Hashes.sha256(new byte[0])));

        assertThat(asked.get(0).code()).isEqualTo("missing-blob");
        assertThat(asked.get(1)).isSameAs(asked.get(0));
        assertThat(asked.get(2)).isEqualTo(BlobVerdicts.Verdict.INTACT);
        assertThat(blobs.reads).hasValue(2);
        assertThat(verdicts.checked()).isEqualTo(2);
    }

    /** Two threads ask for a different blob each, starting together. */
    private static int mostReadsAtOnce(SlowBlobs blobs) throws Exception {
        BlobVerdicts verdicts = new BlobVerdicts(blobs);
        CountDownLatch start = new CountDownLatch(1);
        List<Thread> threads = List.of("one", "two").stream().map(name -> Thread.ofPlatform().start(() -> {
            try {
                start.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            verdicts.of(Hashes.sha256(name.getBytes(StandardCharsets.UTF_8)));
        })).toList();
        start.countDown();
        for (Thread thread : threads) {
            thread.join();
        }
        return blobs.mostAtOnce.get();
    }
}
