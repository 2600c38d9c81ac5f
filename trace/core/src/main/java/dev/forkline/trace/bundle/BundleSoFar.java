package dev.forkline.trace.bundle;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList;
import java.nio.file.Path;
import java.util.Arrays;

/**
 * The part of a large bundle directory read so far, while {@link BundleReader#read(Path, EventBatchSink)} still reads
 * it: handed the batches (on the reading thread), it keeps their columns and where their lines lie in the file, and
 * {@link #snapshot()} gives the events read until then as a bundle of their own (any thread), whose events are parsed
 * from the file when looked at, as those of a bundle read whole are. Nothing of the lines is held in memory.
 *
 * <p>The events of a snapshot passed the reader's checks one by one; the whole trace's checks (its hash chain, the
 * verdict) come only with the end of reading, so a snapshot is something to look at, not something to store.
 */
public final class BundleSoFar implements EventBatchSink {

    private final Path directory;
    private String source;
    private Manifest manifest;
    private BlobSource blobs = BlobSource.NONE;
    private final EventColumns.Builder columns = new EventColumns.Builder(1024);
    private long[] offsets = new long[1024];
    private int[] lengths = new int[1024];
    private long[] lineNumbers = new long[1024];
    private int count;

    /** @param directory the bundle directory being read, as it is passed to the reader */
    public BundleSoFar(Path directory) {
        this.directory = directory;
    }

    @Override
    public synchronized void begin(String eventsFile, Manifest manifest, BlobSource blobs) {
        this.source = directory.toString();
        this.manifest = manifest;
        this.blobs = blobs;
    }

    @Override
    public synchronized void accept(EventBatch batch) {
        int n = batch.size();
        if (count + n > offsets.length) {
            int grown = Math.max(count + n, offsets.length + (offsets.length >> 1));
            offsets = Arrays.copyOf(offsets, grown);
            lengths = Arrays.copyOf(lengths, grown);
            lineNumbers = Arrays.copyOf(lineNumbers, grown);
        }
        for (int k = 0; k < n; k++) {
            offsets[count + k] = batch.fileOffset() + batch.starts()[k];
            lengths[count + k] = batch.lengths()[k];
            lineNumbers[count + k] = batch.lineNumbers()[k];
        }
        columns.append(batch.columns());
        count += n;
    }

    /** How many events were read so far. */
    public synchronized int size() {
        return count;
    }

    /**
     * The events read so far as a bundle, with the manifest and blobs of the bundle being read; null before the reader
     * began. Costs a copy of the columns so far: take one when the count has grown enough to be worth showing.
     */
    public synchronized Bundle snapshot() {
        if (manifest == null) {
            return null;
        }
        // not build(): its id table (to share cause ids) would be made here, holding up the reader; it is made when asked
        EventColumns soFar = columns.buildPart();
        String eventsFile = source + "/" + Bundle.EVENTS;
        FileEventLines lines = new FileEventLines(directory.resolve(Bundle.EVENTS), eventsFile, Arrays.copyOf(offsets, count),
                Arrays.copyOf(lengths, count), Arrays.copyOf(lineNumbers, count));
        int[] numbers = new int[count];
        for (int i = 0; i < count; i++) {
            numbers[i] = Math.toIntExact(lineNumbers[i]);
        }
        return new Bundle(source, manifest, new LazyEventList(soFar, lines), numbers, blobs, soFar);
    }
}
