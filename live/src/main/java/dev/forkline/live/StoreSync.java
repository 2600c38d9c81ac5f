package dev.forkline.live;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.TraceChecks;
import dev.forkline.importers.otel.OtelLiveImport;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.secrets.SecretScanner;
import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.TraceConflictException;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.verify.SweepMemo;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Brings the store up to date with what {@code forkline serve} acknowledged, in the background: a live bundle directory
 * (a Claude Code session) is stored again, which appends its new events to the stored prefix; an OpenTelemetry span log
 * is imported again ({@link OtelLiveImport}: only the new spans' events are derived when they follow the ones stored,
 * as they arrive, on a thread of their own) and replaces the stored trace (a late span may belong before spans already
 * stored), its check sparing the events checked on the last store ({@link SweepMemo}). Work is coalesced: a source
 * marked several times before the worker reaches it is stored once.
 *
 * <p>The files are what was acknowledged; the store follows within {@link #delayMillis} (or three times the time the
 * source's last store took, when that is longer: a big trace that keeps growing is not stored once per request) plus
 * the time to store. A failure to store is logged and retried on the next mark; the files are untouched.
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
    private final SecretScanner secrets = new SecretScanner();
    /** How many times as long as the last stores took the worker gathers marks before storing again. */
    static final int STORE_SPACING = 3;

    /** Span logs whose spans and events are kept in memory between stores, the most recently stored ones. */
    static final int KEPT_SPAN_LOGS = 16;

    /**
     * Per span log, the spans read so far and their events, and what the last check found per event: a log that grew
     * at its end is read from where it was, and only its new events are hashed and scanned. Only the
     * {@value #KEPT_SPAN_LOGS} most recently used are kept; another one is read and checked whole the next time it is
     * stored.
     */
    private final Map<Path, SpanLog> otel = Collections.synchronizedMap(
            new LinkedHashMap<>(KEPT_SPAN_LOGS * 2, 0.75f, true) {
                @Override
                protected boolean removeEldestEntry(Map.Entry<Path, SpanLog> eldest) {
                    return size() > KEPT_SPAN_LOGS;
                }
            });

    private record SpanLog(OtelLiveImport spans, SweepMemo checks) {

        SpanLog(Path log) {
            this(new OtelLiveImport(log), new SweepMemo());
        }
    }

    private final Set<Source> dirty = new LinkedHashSet<>();
    /** Span logs marked since their events were last derived (see {@link #derive}). */
    private final Set<Path> underived = new LinkedHashSet<>();
    private final Thread worker;
    private final Thread deriver;
    private boolean busy;
    private boolean closed;
    /** Callers waiting in {@link #flush}. */
    private int flushing;
    private long stored;
    /**
     * How long the last store of each recently stored source took (the worker's only): a source is stored again after
     * at least {@value #STORE_SPACING} times that, so a big trace that keeps growing is not stored once per request,
     * while a new or small one is stored soon.
     */
    private final Map<Source, Long> lastStoreMillis = new LinkedHashMap<>(64, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Source, Long> eldest) {
            return size() > 64;
        }
    };

    /** @param delayMillis how long to gather marks before storing (several hook calls or span batches become one write) */
    public StoreSync(TraceStore store, Supplier<TrustedKeys> trusted, long delayMillis) {
        this.store = store;
        this.trusted = trusted;
        this.delayMillis = delayMillis;
        this.worker = Thread.ofPlatform().name("forkline-live-store").daemon(true).start(this::run);
        this.deriver = Thread.ofPlatform().name("forkline-live-derive").daemon(true).start(this::derive);
    }

    public synchronized void mark(Source source) {
        dirty.add(source);
        if (source.otelSpans()) {
            underived.add(source.path());
        }
        notifyAll();
    }

    /**
     * Hands a line just appended to an OpenTelemetry span log, with the document it holds, to the derivation of its
     * events ({@link OtelLiveImport#appended}); called under the log's lock, before the log is marked.
     */
    public void appended(Path spanLog, OtelLiveImport.AppendedLine line) {
        otel.computeIfAbsent(spanLog, SpanLog::new).spans().appended(line);
    }

    /**
     * Waits until everything marked so far is stored (or failed to be). The worker stops gathering marks at once: what
     * is marked is stored now rather than after the gathering time.
     */
    public synchronized void flush() throws InterruptedException {
        flushing++;
        notifyAll();
        try {
            while ((!dirty.isEmpty() || busy) && !closed) {
                wait(50);
            }
        } finally {
            flushing--;
        }
    }

    /** Gathers marks for up to {@code millis}, less when a flush asks for the store now. */
    private synchronized void gather(long millis) throws InterruptedException {
        long deadline = System.nanoTime() + java.util.concurrent.TimeUnit.MILLISECONDS.toNanos(millis);
        long left;
        while (flushing == 0 && !closed && (left = deadline - System.nanoTime()) > 0) {
            java.util.concurrent.TimeUnit.NANOSECONDS.timedWait(this, left);
        }
    }

    /**
     * Derives the events of span batches as they arrive ({@link OtelLiveImport#advance}), on a thread of its own, and
     * scans them for secrets ahead of the store's check ({@link SecretScanner#scanAhead}), so that while the worker
     * checks and writes one store the next one's events are being derived and scanned, and a store has only the last
     * batches left to derive.
     */
    private void derive() {
        while (true) {
            List<Path> logs;
            synchronized (this) {
                while (underived.isEmpty() && !closed) {
                    try {
                        wait();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
                if (closed) {
                    return;
                }
                logs = new ArrayList<>(underived);
                underived.clear();
            }
            for (Path log : logs) {
                deriveQuietly(log);
            }
        }
    }

    private void deriveQuietly(Path log) {
        try {
            long length = LiveBundle.withLock(log, () -> java.nio.file.Files.size(log));
            SpanLog spanLog = otel.computeIfAbsent(log, SpanLog::new);
            spanLog.spans().advance(length);
            // the one per-event check that costs more than deriving: done here, the next store's check recalls it
            for (OtelLiveImport.DerivedEvent derived : spanLog.spans().newlyDerived()) {
                secrets.scanAhead(derived.event(), derived.line(), spanLog.checks());
            }
        } catch (Exception e) {
            // the store reads the log again and reports what is wrong with it
            LOG.debug("live: cannot derive the events of {} yet: {}", log, e.toString());
        }
    }

    /** How many stores were done (for the benchmark and tests). */
    public synchronized long storedCount() {
        return stored;
    }

    private void run() {
        while (true) {
            Set<Source> batch;
            long spacing;
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
                spacing = STORE_SPACING * lastStoreMillisOf(dirty);
            }
            try {
                // Gathers marks for three times as long as the last stores of these sources took: a store still does
                // some work in proportion to its whole trace (its index, the lint, a window following it loads it
                // again), so while spans keep coming the stores take at most about a quarter of the time instead of
                // running once per request.
                gather(Math.max(delayMillis, spacing));
            } catch (InterruptedException e) {
                return;
            }
            synchronized (this) {
                batch = new LinkedHashSet<>(dirty);
                dirty.clear();
            }
            for (Source source : batch) {
                long started = System.nanoTime();
                storeQuietly(source);
                lastStoreMillis.put(source, java.util.concurrent.TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            }
            synchronized (this) {
                busy = false;
                stored += batch.size();
                notifyAll();
            }
        }
    }

    /** The longest of the last store times of these sources (0 for sources not stored yet). */
    private long lastStoreMillisOf(Set<Source> sources) {
        long longest = 0;
        for (Source source : sources) {
            longest = Math.max(longest, lastStoreMillis.getOrDefault(source, 0L));
        }
        return longest;
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
        ImportedTrace trace;
        SweepMemo checks = null;
        if (source.otelSpans()) {
            // A span log only grows, by whole lines appended under its lock: its length taken under the lock bounds a
            // prefix that no append changes, which is then read without the lock (a span batch never waits for it).
            long length = LiveBundle.withLock(source.path(), () -> java.nio.file.Files.size(source.path()));
            SpanLog log = otel.computeIfAbsent(source.path(), SpanLog::new);
            trace = log.spans().read(length);
            checks = log.checks();
        } else {
            // Read under the bundle's in-process lock: appends in this process never run while its files are open (see
            // LiveBundle). The read holds the events in memory; checking and storing them, the slow part, run after
            // the lock is released, so that a hook call never waits for the store.
            trace = LiveBundle.withLock(source.path(), () -> importers.read(source.path()));
        }
        store(source, trace, checks);
    }

    private void store(Source source, ImportedTrace trace, SweepMemo checks) throws Exception {
        try (Bundle bundle = trace.bundle()) {
            TraceChecks.Checked checked = TraceChecks.check(trace, trusted.get(), checks);
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
            deriver.join(30_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
