package dev.forkline.views.viewmodel;

import dev.forkline.importers.ImportWatcher;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleSoFar;
import dev.forkline.trace.bundle.EventBatch;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.concurrent.Work;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;
import java.util.function.Function;

/**
 * What an import of a large bundle has read so far, to show while it goes on: handed the batches on the reading thread
 * (before the store gets them), it keeps them in a {@link BundleSoFar}, reports how far reading is, and prepares a
 * trace of the events so far in the background, first as soon as the first batch arrived, then each time their
 * number grew by half since the last (so all the previews together cost a few times one whole trace, not one per
 * batch); {@code show} gets each on the UI thread. It reports each batch to {@code progress} first, whose throwing
 * (the import was cancelled) ends reading there, and the store then keeps nothing.
 *
 * <p>A foreign file (a Claude Code transcript) is watched the same way by how much of it was read: the part read so
 * far is imported on its own in the background, first at the first report, then each time the bytes read grew by
 * half, as long as the parts imported so add up to at most half the file ({@link #FOREIGN_PREVIEW_BUDGET}; the first
 * always), and not once the whole file was read (the stored trace comes next). The events its importer hands to the
 * store as it makes them are only counted in the progress: an importer that reads the file twice reports its first pass's
 * reading; one whose first pass stops early (a Codex rollout's header) reports the reading of the pass that makes the
 * events.
 */
final class ImportPreview implements ImportWatcher {

    private static final org.slf4j.Logger LOG = org.slf4j.LoggerFactory.getLogger(ImportPreview.class);

    /** A new preview once the events read are this many times those of the last one. */
    static final double GROWTH = 1.5;
    /**
     * A foreign file's previews after the first together re-import at most this share of it: each costs what importing
     * its part costs, on the cores the import itself needs, so previews without a bound made a whole window import of a
     * 1M-record Codex rollout take twice as long.
     */
    static final double FOREIGN_PREVIEW_BUDGET = 0.5;

    private final Path path;
    private final BundleSoFar soFar;
    private final TaskExecutor executor;
    private final Function<Bundle, OpenedTrace> prepare;
    private final Consumer<OpenedTrace> show;
    private final Progress progress;
    private final BooleanSupplier stopped;
    private final AtomicBoolean preparing = new AtomicBoolean();
    private long fileSize = -1;
    /** Whether the batches are a foreign file's events as its importer makes them, not a bundle's file read. */
    private boolean foreign;
    /** How many events the last preview started with. */
    private volatile int previewed;
    /** How many bytes of a foreign file the last preview started with, and all its previews together. */
    private volatile long previewedBytes;
    private volatile long previewedBytesInAll;
    /** How much of a foreign file was read, as last reported, and how many of its events were made so far. */
    private volatile long foreignRead;
    private volatile long foreignTotal = -1;
    private volatile long foreignEvents;
    /**
     * How many events the preview on show holds (0 before the first): the status names it once the import is further,
     * as a foreign file's previews stop at {@link #FOREIGN_PREVIEW_BUDGET} long before its end.
     */
    private volatile int shown;

    /**
     * @param prepare   makes the trace to show of a snapshot (in the background)
     * @param show      shows a prepared preview (on the UI thread)
     * @param progress  hears how much of the file was read, as a fraction of the whole; throws to stop reading
     * @param stopped   whether the import ended (cancelled, or done): a foreign file's part still being imported for a
     *                  preview then stops, instead of keeping a core busy up to its end for a preview nobody will see
     */
    ImportPreview(Path path, TaskExecutor executor, Function<Bundle, OpenedTrace> prepare, Consumer<OpenedTrace> show,
                  Progress progress, BooleanSupplier stopped) {
        this.path = path;
        this.soFar = new BundleSoFar(path);
        this.executor = executor;
        this.prepare = prepare;
        this.show = show;
        this.progress = progress;
        this.stopped = stopped;
    }

    @Override
    public void begin(String eventsFile, Manifest manifest, BlobSource blobs) throws IOException {
        Path events = path.resolve(Bundle.EVENTS);
        foreign = !Files.isRegularFile(events);
        if (foreign) {
            return;
        }
        soFar.begin(eventsFile, manifest, blobs);
        fileSize = Files.size(events);
    }

    @Override
    public void accept(EventBatch batch) throws IOException {
        if (foreign) {
            foreignEvents = batch.firstIndex() + batch.size();
            reportForeign();
            return;
        }
        int read = soFar.size() + batch.size();
        progress.update(String.format("Reading %s · %,d events so far", path.getFileName(), read) + showing(read),
                fileSize <= 0 ? -1 : Math.min(1, (double) (batch.fileOffset() + batch.bytes().length) / fileSize));
        soFar.accept(batch);
        if (read >= previewed * GROWTH && preparing.compareAndSet(false, true)) {
            previewed = read;
            preview(work -> soFar.snapshot());
        }
    }

    @Override
    public void read(long bytesRead, long bytesTotal, PartRead part) throws IOException {
        reportRead(bytesRead, bytesTotal);
        boolean first = previewedBytesInAll == 0; // the first frame, whatever the file's size
        if (bytesRead < bytesTotal && bytesRead >= previewedBytes * GROWTH
                && (first || previewedBytesInAll + bytesRead <= FOREIGN_PREVIEW_BUDGET * bytesTotal) && preparing.compareAndSet(false, true)) {
            previewedBytes = bytesRead;
            previewedBytesInAll += bytesRead;
            preview(work -> part.read(stopped).bundle());
        }
    }

    /** How far a foreign file was read, told in the status. */
    private void reportRead(long bytesRead, long bytesTotal) throws IOException {
        foreignRead = bytesRead;
        foreignTotal = bytesTotal;
        reportForeign();
    }

    /** One text for both reports of a foreign file's import: how far it was read, how many events were made. */
    private void reportForeign() throws IOException {
        long read = foreignRead;
        long total = foreignTotal;
        long events = foreignEvents;
        double fraction = total <= 0 ? (events > 0 ? 1 : -1) : Math.min(1, (double) read / total);
        String name = path.getFileName().toString();
        String text;
        if (events == 0) {
            text = String.format("Reading %s · %s of %s", name, megabytes(read), megabytes(total));
        } else if (fraction == 1) {
            text = String.format("Importing %s · %,d events so far", name, events) + showing(events);
        } else {
            text = String.format("Importing %s · %s of %s · %,d events so far", name, megabytes(read), megabytes(total), events)
                    + showing(events);
        }
        progress.update(text, fraction);
    }

    /** Prepares a trace of {@code soFar} in the background and shows it; at most one at a time ({@link #preparing}). */
    private void preview(Work<Bundle> soFar) {
        executor.execute("import-preview", work -> prepare.apply(soFar.run(work)), trace -> {
            preparing.set(false);
            shown = trace.bundle().events().size();
            show.accept(trace);
        }, failure -> {
            preparing.set(false);
            LOG.debug("cannot show what was read so far of {}: {}", path, failure.toString());
        });
    }

    /** What the status adds when the preview on show holds fewer events than were read: how many it holds. */
    private String showing(long eventsSoFar) {
        int held = shown;
        return held > 0 && held < eventsSoFar ? String.format(", %,d shown", held) : "";
    }

    private static String megabytes(long bytes) {
        return String.format("%,.1f MB", bytes / 1e6);
    }

}
