package dev.forkline.live;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.TraceChecks;
import dev.forkline.importers.otel.OtelImporter;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.TraceConflictException;
import dev.forkline.trace.store.TraceStore;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the store up to date with what {@code forkline serve} acknowledged, in the background: a live bundle directory
 * (a Claude Code session) is stored again, which appends its new events to the stored prefix; an OpenTelemetry span log
 * is imported again with the OpenTelemetry importer and replaces the stored trace (a late span may belong before spans
 * already stored). Work is coalesced: a source marked several times before the worker reaches it is stored once.
 *
 * <p>The files are what was acknowledged; the store follows within {@link #delayMillis} plus the time to store. A
 * failure to store is logged and retried on the next mark; the files are untouched.
 */
public final class StoreSync implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(StoreSync.class);

    /** What to store: a bundle directory, or an OpenTelemetry span log. */
    public record Source(Path path, boolean otelSpans) {
    }

    private final TraceStore store;
    private final Supplier<TrustedKeys> trusted;
    private final long delayMillis;
    private final Importers importers = Importers.builtIn();
    private final OtelImporter otel = new OtelImporter();
    private final Set<Source> dirty = new LinkedHashSet<>();
    private final Thread worker;
    private boolean busy;
    private boolean closed;
    private long stored;

    /** @param delayMillis how long to gather marks before storing (several hook calls or span batches become one write) */
    public StoreSync(TraceStore store, Supplier<TrustedKeys> trusted, long delayMillis) {
        this.store = store;
        this.trusted = trusted;
        this.delayMillis = delayMillis;
        this.worker = Thread.ofPlatform().name("forkline-live-store").daemon(true).start(this::run);
    }

    public synchronized void mark(Source source) {
        dirty.add(source);
        notifyAll();
    }

    /** Waits until everything marked so far is stored (or failed to be). */
    public synchronized void flush() throws InterruptedException {
        while ((!dirty.isEmpty() || busy) && !closed) {
            wait(50);
        }
    }

    /** How many stores were done (for the benchmark and tests). */
    public synchronized long storedCount() {
        return stored;
    }

    private void run() {
        while (true) {
            Set<Source> batch;
            synchronized (this) {
                while (dirty.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed && dirty.isEmpty()) {
                    return;
                }
                busy = true;
            }
            try {
                Thread.sleep(delayMillis);
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                batch = new LinkedHashSet<>(dirty);
                dirty.clear();
            }
            for (Source source : batch) {
                storeQuietly(source);
            }
            synchronized (this) {
                busy = false;
                stored += batch.size();
                notifyAll();
            }
        }
    }

    private void storeQuietly(Source source) {
        try {
            store(source);
        } catch (Exception e) {
            LOG.warn("live: cannot store {} yet (kept on disk, retried on the next change): {}", source.path(), e.toString());
        }
    }

    /** Stores one source now, on the caller's thread. */
    public void store(Source source) throws Exception {
        // Under the source's in-process lock: appends in this process never run while it is read (see LiveBundle).
        LiveBundle.withLock(source.path(), () -> {
            storeLocked(source);
            return null;
        });
    }

    private void storeLocked(Source source) throws Exception {
        ImportedTrace trace = source.otelSpans() ? otel.read(source.path()) : importers.read(source.path());
        try (Bundle bundle = trace.bundle()) {
            TraceChecks.Checked checked = TraceChecks.check(trace, trusted.get());
            String path = source.path().toString();
            if (source.otelSpans()) {
                store.replaceTrace(bundle, checked.findings(), path, checked.integrity());
            } else {
                try {
                    store.importTrace(bundle, checked.findings(), path, checked.integrity());
                } catch (TraceConflictException e) {
                    throw new StoreException("the stored trace '" + bundle.manifest().traceId() + "' is not a prefix of the live bundle "
                            + path + ": " + e.getMessage(), e);
                }
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            closed = true;
            notifyAll();
        }
        try {
            worker.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
