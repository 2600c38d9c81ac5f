package dev.forkline.trace.store;

import dev.forkline.trace.Event;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.columns.KnownRun;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.TraceIntegrity;
import java.io.IOException;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.BooleanSupplier;
import java.util.function.Function;
import javax.sql.DataSource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.h2.jdbcx.JdbcConnectionPool;

/**
 * Forkline's trace store: by default one embedded H2 file, refused when it holds objects Forkline never creates
 * ({@link UntrustedDatabaseException}); or a team's PostgreSQL database ({@link TeamDatabase}, {@link #open(String)}).
 * Either is migrated with Flyway when opened, unless its schema history already records every migration this Forkline has.
 *
 * <p>A trace's events are stored as their lines in chunks of one run, each with a header holding the events' columns
 * ({@link ChunkHeaderCodec}): a loaded trace is its columns, and an event is parsed from its line when it is asked for.
 *
 * <p>Writes ({@link #importTrace}, {@link #appendEvents}) run one at a time on a single named writer thread
 * ({@value StoreWriter#THREAD_NAME}), each as one transaction that is durable on disk when the method returns (see
 * {@link StoreWriter}); chunks are prepared ahead on the common fork-join pool. Reads run on the caller's thread on
 * pooled connections and see only committed data; decoding chunk headers and scanning lines for a search are spread
 * over the common pool.
 *
 * <p>A team store is written by several processes at once: their write transactions take turns on one advisory lock
 * ({@link Dialect#lockForWrite}), so importing the same trace twice at once stores it once and the other import finds
 * it {@code UNCHANGED}.
 */
public final class TraceStore implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(TraceStore.class);

    static {
        H2Hardening.apply();
    }

    static final String USER = "forkline";
    private static final int MAX_CONNECTIONS = 8;
    /** Decoded chunk lines kept for loaded traces (see {@link ChunkCache}). */
    static final long CHUNK_CACHE_BYTES = 64L << 20;

    private final String address;
    private final DatabaseLocation location;
    private final InterruptSafePool pool;
    private final Runnable closePool;
    private final Dialect dialect;
    private final StoreWriter writer;
    private final Clock clock;
    private final String schemaVersion;
    private final ChunkCache chunkCache = new ChunkCache(CHUNK_CACHE_BYTES);
    private final BlobIndex blobIndex;
    private final StoreChanges changes;
    private volatile boolean closed;

    private TraceStore(String address, DatabaseLocation location, DataSource pool, Runnable closePool, Dialect dialect,
                       StoreWriter writer, BlobIndex blobIndex, Clock clock, String schemaVersion) {
        this.address = address;
        this.location = location;
        this.closePool = closePool;
        this.dialect = dialect;
        this.blobIndex = blobIndex;
        this.pool = new InterruptSafePool(pool);
        this.writer = writer;
        this.clock = clock;
        this.schemaVersion = schemaVersion;
        this.changes = new StoreChanges(this.pool, dialect);
    }

    /**
     * Opens (creating it if absent) the database at {@code dbFile}, an absolute path with or without H2's
     * {@code .mv.db} suffix; parent directories are created.
     *
     * @throws UntrustedDatabaseException when an existing file holds triggers, aliases, linked tables, unknown tables ...
     * @throws StoreException             when the path is unfit, the file is in use or not an H2 database, or migration fails
     */
    public static TraceStore open(Path dbFile) throws StoreException {
        return open(dbFile, Clock.systemUTC());
    }

    /** As {@link #open(Path)}, with the clock that stamps {@code imported_at}. */
    public static TraceStore open(Path dbFile, Clock clock) throws StoreException {
        DatabaseLocation location;
        try {
            location = DatabaseLocation.of(dbFile);
            location.createParent();
        } catch (IllegalArgumentException e) {
            throw new StoreRefusedException("unusable database path: " + e.getMessage(), e);
        } catch (IOException e) {
            throw new StoreException("cannot create the directory for the database " + dbFile + ": " + e, e);
        }
        boolean existed = location.exists();
        if (existed) {
            UntrustedDatabaseCheck.beforeOpen(location.dataFile());
        }
        H2Hardening.warnIfNotInEffect();
        JdbcConnectionPool pool = JdbcConnectionPool.create(location.jdbcUrl(), USER, "");
        pool.setMaxConnections(MAX_CONNECTIONS);
        Connection writerConnection = null;
        try {
            writerConnection = pool.getConnection();
            if (existed) {
                UntrustedDatabaseCheck.afterOpen(writerConnection, location.dataFile().toString());
            }
            Migrations.Outcome schema = Migrations.migrate(pool, Dialect.H2, location.dataFile().toString());
            String version = schema.version();
            UntrustedDatabaseCheck.afterMigration(writerConnection, location.dataFile().toString());
            if (schema.migrated()) {
                // the migration on disk now, as the writer does after each commit: a store closed at once after opening
                // was seen to reopen at the schema from before the migration (H2 2.3.232 closing without its last write)
                try (java.sql.Statement sync = writerConnection.createStatement()) {
                    sync.execute("CHECKPOINT SYNC");
                }
            }
            // other processes may write the same file through H2's AUTO_SERVER (forkline serve, hooks, the window)
            BlobIndex blobIndex = new BlobIndex(true);
            return new TraceStore("H2 " + location.dataFile(), location, pool, pool::dispose, Dialect.H2,
                    new StoreWriter(writerConnection, blobIndex), blobIndex, clock, version);
        } catch (SQLException | StoreException | RuntimeException e) {
            closeQuietly(writerConnection);
            pool.dispose();
            if (e instanceof StoreException store) {
                throw store;
            }
            throw new StoreException("cannot open the database " + location.dataFile() + ": "
                    + (FullDisk.causedBy(e) ? FullDisk.CANNOT_OPEN : e.getMessage()), e);
        }
    }

    /**
     * Opens the store {@code where} names: a team store's address ({@code postgresql://USER@HOST[:PORT]/DB}, see
     * {@link TeamDatabase}, its password from the environment) or the path of an H2 file (absolute, or relative to the
     * working directory).
     *
     * @throws StoreUnavailableException when the team's server does not answer, is too old, or its schema is newer than this Forkline's
     * @throws StoreException            when the address is malformed, the login is refused, or as {@link #open(Path)}
     */
    public static TraceStore open(String where) throws StoreException {
        if (TeamDatabase.isAddress(where)) {
            TeamDatabase database;
            try {
                database = TeamDatabase.parse(where);
            } catch (IllegalArgumentException e) {
                throw new StoreRefusedException(e.getMessage(), e);
            }
            return open(database, TeamDatabase.password(System::getenv), Clock.systemUTC());
        }
        Path file;
        try {
            file = Path.of(where).toAbsolutePath().normalize();
        } catch (java.nio.file.InvalidPathException e) {
            throw new StoreRefusedException("unusable database path: " + e.getMessage(), e);
        }
        return open(file);
    }

    /**
     * Opens a team store (PostgreSQL 15 or later), migrating its schema first if it is older than this Forkline's
     * (PostgreSQL runs each migration in one transaction, and Flyway lets one client migrate at a time).
     *
     * @param password null to let the driver read {@code ~/.pgpass}
     */
    public static TraceStore open(TeamDatabase database, String password, Clock clock) throws StoreException {
        com.zaxxer.hikari.HikariDataSource pool = PostgresConnections.pool(database, password, MAX_CONNECTIONS);
        Connection writerConnection = null;
        try {
            String version = Migrations.migrate(pool, Dialect.POSTGRESQL, database.toString()).version();
            writerConnection = pool.getConnection();
            UntrustedDatabaseCheck.afterMigration(writerConnection, database.toString());
            BlobIndex blobIndex = new BlobIndex(true);
            return new TraceStore("PostgreSQL " + database, null, pool, pool::close, Dialect.POSTGRESQL,
                    new StoreWriter(writerConnection, blobIndex), blobIndex, clock, version);
        } catch (SQLException | StoreException | RuntimeException e) {
            closeQuietly(writerConnection);
            pool.close();
            if (e instanceof StoreException store) {
                throw store;
            }
            throw PostgresConnections.explain(database, e);
        }
    }

    /** {@code $XDG_DATA_HOME/forkline/forkline}, else {@code ~/.local/share/forkline/forkline} (H2 adds {@code .mv.db}). */
    public static Path defaultLocation() {
        return DatabaseLocation.defaultLocation().base();
    }

    /** {@link #defaultLocation()} with the environment and home directory given (for tests and for the CLI's --help). */
    public static Path defaultLocation(Function<String, String> environment, Path home) {
        return DatabaseLocation.defaultLocation(environment, home).base();
    }

    /**
     * The file an embedded store lives in ({@code ....mv.db}).
     *
     * @throws IllegalStateException for a team store, which has no file ({@link #address()})
     */
    public Path location() {
        if (location == null) {
            throw new IllegalStateException("a team store has no file: " + address);
        }
        return location.dataFile();
    }

    /** Where the store is, for messages: {@code H2 /path/forkline.mv.db} or {@code PostgreSQL postgresql://ann@host:5432/db}. */
    public String address() {
        return address;
    }

    /** Whether this is a team store (PostgreSQL, shared with other processes) rather than an embedded file. */
    public boolean isShared() {
        return dialect == Dialect.POSTGRESQL;
    }

    /** For the status bar, e.g. {@code H2 /home/me/.local/share/forkline/forkline.mv.db (schema 2)}. */
    public String describe() {
        return address + " (schema " + schemaVersion + ")";
    }

    /**
     * Stores a bundle in one transaction: a new trace is inserted; the same trace again is {@code UNCHANGED}; a trace
     * whose stored events are a strict prefix of the bundle's gets the rest appended ({@code UPDATED}); any other
     * difference throws {@link TraceConflictException} naming the first differing event. A failure of any kind leaves
     * the database as it was. The bundle's blobs are read on the writer thread. The trace's integrity verdict is stored as
     * {@code unverified} (see the overload that takes one).
     *
     * <p>A bundle whose events are a {@link LazyEventList} is stored from its lines as written and its columns,
     * without parsing (except the rare events without a hash of their own, and each run's fork and end); events held
     * in memory are stored as their canonical lines. The bundle's lines are read ahead on the common pool while the
     * writer thread inserts; none is read any more once this method returns.
     *
     * @param findings   what the importer and linter found; replaces the stored findings unless the trace is unchanged
     * @param sourcePath where the trace was imported from (shown in the trace list), or null
     */
    public StoreResult importTrace(Bundle bundle, List<Finding> findings, String sourcePath) throws StoreException {
        return importTrace(bundle, findings, sourcePath, TraceIntegrity.unverified());
    }

    /**
     * As {@link #importTrace(Bundle, List, String)}, storing the trace's integrity verdict and its problems with it. The
     * verdict replaces the stored one even when the events are unchanged (it is the verdict of the trace as last
     * imported), unless it is {@code unverified}; an altered trace is stored like any other, as evidence.
     */
    public StoreResult importTrace(Bundle bundle, List<Finding> findings, String sourcePath, TraceIntegrity integrity)
            throws StoreException {
        TraceImport work = new TraceImport(bundle, findings, sourcePath, clock.instant(), blobIndex, integrity);
        return writer.write("import trace '" + bundle.manifest().traceId() + "'", connection -> stored(connection, bundle, work.run(connection)));
    }

    /**
     * As {@link #importTrace(Bundle, List, String, TraceIntegrity)}, except that a stored trace of the same id with
     * other events is replaced by the bundle ({@link StoreResult.Status#REPLACED}) instead of refused: the agent's file
     * of a session imported while it was still going on, read again once it has grown, where the last events stored
     * (a model call the later records add to, the session end its importer added) differ. Asked for by the user, never
     * chosen by the store. Refused still, with nothing changed, when the trace is on legal hold, when the bundle fails
     * its integrity check (altered, or decisions by untrusted keys: such a file is stored as evidence, never in place of
     * what is stored), or when the trace holds what was made of it in Forkline (forks, replays, reverts, decisions)
     * that the bundle lacks: replacing would lose them.
     */
    public StoreResult importReplacing(Bundle bundle, List<Finding> findings, String sourcePath, TraceIntegrity integrity)
            throws StoreException {
        TraceImport work = new TraceImport(bundle, findings, sourcePath, clock.instant(), blobIndex, integrity);
        TailReplacement tail = new TailReplacement(bundle, findings, sourcePath, blobIndex, integrity);
        String traceId = bundle.manifest().traceId();
        return writer.write("import trace '" + traceId + "' in place of the stored one", connection -> {
            try {
                return stored(connection, bundle, work.run(connection)); // nothing is written before a conflict is found
            } catch (TraceConflictException conflict) {
                Optional<LegalHolds.Hold> hold = LegalHolds.of(connection, traceId);
                if (hold.isPresent()) {
                    throw new ReplacementRefusedException(hold.get().refusal("replaced"), conflict);
                }
                if (integrity.verdict().fails()) {
                    throw new ReplacementRefusedException("trace '" + traceId + "' is not replaced: the new file is "
                            + integrity.verdict().headline() + ", and a file that fails its check never takes the place of a stored"
                            + " trace. The stored trace is kept as it was", conflict);
                }
                String lost = work.lostByReplacing(connection);
                if (!lost.isEmpty()) {
                    throw new ReplacementRefusedException("trace '" + traceId + "' is not replaced: it holds " + lost + " made in Forkline"
                            + " that the new file does not have, and replacing it would lose them. The stored trace is kept as it"
                            + " was ('forkline delete " + traceId + "' removes it with them; the file can then be imported)", conflict);
                }
                StoreResult written = inPlace(connection, traceId, work, tail);
                return stored(connection, bundle, new StoreResult(traceId, StoreResult.Status.REPLACED, written.newEvents(), written.newBlobs()));
            }
        });
    }

    /**
     * An import that stores a large bundle while {@link dev.forkline.trace.bundle.BundleReader#read(Path,
     * dev.forkline.trace.bundle.EventBatchSink)} is still reading it; see {@link StreamedImport}. Same result and the
     * same all-or-nothing as {@link #importTrace(Bundle, List, String, TraceIntegrity)}.
     *
     * @param sourcePath where the trace is imported from (shown in the trace list), or null
     */
    public StreamedImport streamedImport(String sourcePath) {
        return new StreamedImport(this, sourcePath, false);
    }

    /** As {@link #streamedImport}, storing the trace as {@link #importReplacing} does where the store holds it otherwise. */
    public StreamedImport streamedImportReplacing(String sourcePath) {
        return new StreamedImport(this, sourcePath, true);
    }

    /** Starts {@link StreamedImport}'s transaction on the writer thread. */
    StoreWriter.Pending<StoreResult> startStreamedWrite(Manifest manifest, String sourcePath, dev.forkline.trace.bundle.BlobSource blobs,
                                                        String eventsFile, StreamedChunks.Feed feed,
                                                        StreamedImport.WriterSide side) throws StoreException {
        java.time.Instant importedAt = clock.instant();
        return writer.start("import trace '" + manifest.traceId() + "'", connection -> {
            StoreResult result = TraceImport.runStreamed(connection, manifest, sourcePath, importedAt, blobIndex, blobs, eventsFile, feed, side);
            return stored(connection, side.whole().bundle(), result);
        });
    }

    /** The pool reads go through (they see committed data only). */
    InterruptSafePool readPool() {
        return pool;
    }

    /**
     * Stores the bundle in place of the stored trace of the same id, in one transaction: the old trace's rows are
     * removed and the bundle stored as by {@link #importTrace}, so a reader sees the old trace or the new one, never a
     * mix. For a trace that is derived again as its source grows and whose new form is not an extension of the old one
     * (a live OpenTelemetry trace: a late span belongs before spans already stored). A failure leaves the old trace.
     * Stored chunks that the bundle holds unchanged at the same places are kept and only the rest rewritten, when the
     * trace qualifies (see {@link TailReplacement}): the outcome is the same.
     */
    public StoreResult replaceTrace(Bundle bundle, List<Finding> findings, String sourcePath, TraceIntegrity integrity)
            throws StoreException {
        TraceImport work = new TraceImport(bundle, findings, sourcePath, clock.instant(), blobIndex, integrity);
        String traceId = bundle.manifest().traceId();
        TailReplacement tail = new TailReplacement(bundle, findings, sourcePath, blobIndex, integrity);
        return writer.write("replace trace '" + traceId + "'", connection -> stored(connection, bundle, inPlace(connection, traceId, work, tail)));
    }

    /**
     * Stores the bundle in place of the stored trace, inside the writer's transaction: only the differing tail where
     * the trace qualifies ({@link TailReplacement}), else all of it once the stored rows are removed. {@code UPDATED}
     * when a trace was stored before, else as {@code work} stores a new trace.
     */
    private static StoreResult inPlace(Connection connection, String traceId, TraceImport work, TailReplacement tail)
            throws SQLException, IOException, StoreException {
        Optional<StoreResult> grown = tail.run(connection);
        if (grown.isPresent()) {
            return grown.get();
        }
        boolean existed = TraceRemoval.deleteRows(connection, traceId);
        StoreResult stored = work.run(connection);
        return existed ? new StoreResult(traceId, StoreResult.Status.UPDATED, stored.newEvents(), stored.newBlobs()) : stored;
    }

    /** The trace's stored integrity verdict and the problems behind it (at most {@value VerdictRows#KEPT_PROBLEMS}). */
    public Optional<TraceIntegrity> integrity(String traceId) throws StoreException {
        return read("read the integrity of trace '" + traceId + "'", connection -> VerdictRows.read(connection, traceId));
    }

    /**
     * Verifies the stored trace again (see {@link Reverification}: lines and the file's order of lines come from the
     * verdict at import) against the keys trusted now, and stores the new verdict. Reads every event and blob.
     *
     * @throws StoreException when the trace is not stored, is damaged in the database, or grew while it was verified
     */
    public TraceIntegrity reverify(String traceId, TrustedKeys trusted) throws StoreException {
        TraceIntegrity previous = integrity(traceId).orElseThrow(() -> new UnknownTraceException("no stored trace '" + traceId + "'"));
        TraceIntegrity now;
        int verifiedEvents;
        try (Bundle stored = load(traceId)) {
            verifiedEvents = stored.events().size();
            now = Reverification.of(stored, previous, trusted);
        } catch (IOException | RuntimeException e) {
            throw new StoreException("cannot verify trace '" + traceId + "': " + e.getMessage(), e);
        }
        return writer.write("record the integrity of trace '" + traceId + "'", connection -> {
            long events = TraceRows.stored(connection, traceId).map(TraceRows.Stored::eventCount).orElse(-1L);
            if (events != verifiedEvents) {
                throw new StoreException("trace '" + traceId + "' changed while it was verified (" + verifiedEvents + " events verified, "
                        + events + " stored now): verify it again");
            }
            VerdictRows.replace(connection, traceId, now);
            return now;
        });
    }

    /**
     * Appends events (decisions, replays) to a stored trace in one durable transaction. Each event must continue its
     * run (the next seq, or seq 1 for a new run) and have an id the trace does not have yet.
     *
     * @param blobs blobs the events name that may not be stored yet, by their {@code sha256:} name
     */
    public StoreResult appendEvents(String traceId, List<Event> events, Map<String, byte[]> blobs) throws StoreException {
        for (Map.Entry<String, byte[]> blob : blobs.entrySet()) {
            String actual = Hashes.sha256(blob.getValue());
            if (!actual.equals(blob.getKey())) {
                throw new StoreException("blob given as " + blob.getKey() + " hashes to " + actual);
            }
        }
        List<Event> copy = List.copyOf(events);
        Map<String, byte[]> blobCopy = Map.copyOf(blobs);
        return writer.write("append " + copy.size() + " events to trace '" + traceId + "'", connection -> {
            StoreResult result = new EventAppend(traceId, copy, blobCopy, blobIndex).run(connection);
            DecisionRecords.recordNew(connection, traceId, copy, dev.forkline.trace.columns.EventColumns.of(copy), clock.instant());
            published(connection, StoreChange.Kind.STORED, traceId);
            return result;
        });
    }

    /**
     * Records a signed decision ({@code approval.decision}, see {@code DecisionSigner}) as {@link #appendEvents} does,
     * unless someone decided about the same event since the decider loaded the trace: then nothing is written and
     * {@link DecisionTakenException} says who decided, when and what. Of two owners deciding the same escape at the same
     * moment, from any processes, exactly one decision is recorded (writers take turns, and each sees what the previous
     * one committed).
     */
    public StoreResult recordDecision(String traceId, Event decision, Map<String, byte[]> blobs) throws StoreException {
        if (!decision.is(dev.forkline.trace.EventType.APPROVAL_DECISION)) {
            throw new StoreException("event '" + decision.id() + "' is a " + decision.type() + ", not a decision");
        }
        for (Map.Entry<String, byte[]> blob : blobs.entrySet()) {
            String actual = Hashes.sha256(blob.getValue());
            if (!actual.equals(blob.getKey())) {
                throw new StoreException("blob given as " + blob.getKey() + " hashes to " + actual);
            }
        }
        Map<String, byte[]> blobCopy = Map.copyOf(blobs);
        return writer.write("record decision '" + decision.id() + "' in trace '" + traceId + "'", connection -> {
            // Read on a pooled connection: this transaction holds the write lock, so what is committed is all there is.
            try (Bundle stored = load(traceId)) {
                Optional<Event> winner = DecisionRace.decidedMeanwhile(stored, decision);
                if (winner.isPresent()) {
                    throw DecisionRace.taken(traceId, winner.get());
                }
            }
            StoreResult result = new EventAppend(traceId, List.of(decision), blobCopy, blobIndex).run(connection);
            DecisionRecords.insert(connection, traceId, decision, clock.instant());
            published(connection, StoreChange.Kind.DECIDED, traceId);
            return result;
        });
    }

    /**
     * Deletes a stored trace: its events, runs, findings, verdict, and the blob packs holding only its own blobs (blobs
     * other traces share stay), in one transaction; records the deletion (who, when, which trace, its last hash).
     *
     * @throws StoreException when the trace is not stored or is on legal hold
     */
    public TraceDeletion delete(String traceId, String deletedBy, String reason) throws StoreException {
        Event last;
        long loadedEvents;
        try (Bundle stored = load(traceId)) {
            loadedEvents = stored.events().size();
            last = stored.events().isEmpty() ? null : stored.events().getLast();
        } catch (IOException e) {
            throw new StoreException("cannot read trace '" + traceId + "' before deleting it: " + e.getMessage(), e);
        }
        TraceRemoval removal = new TraceRemoval(traceId, deletedBy, reason, clock.instant(), last);
        TraceDeletion deletion = writer.write("delete trace '" + traceId + "'", connection -> {
            long storedEvents = TraceRows.stored(connection, traceId).map(TraceRows.Stored::eventCount).orElse(loadedEvents);
            if (storedEvents != loadedEvents) {
                throw new StoreException("trace '" + traceId + "' changed while it was being deleted: delete it again");
            }
            TraceDeletion done = removal.run(connection);
            DecisionRecords.deleteOf(connection, traceId);
            published(connection, StoreChange.Kind.DELETED, traceId);
            return done;
        });
        blobIndex.forgetPacks(removal.deletedPacks());
        return deletion;
    }

    /** Puts a trace on legal hold: neither {@link #delete} nor retention removes it until {@link #releaseHold}. @return false if it was held already */
    public boolean hold(String traceId, String heldBy, String reason) throws StoreException {
        return writer.write("hold trace '" + traceId + "'", connection -> LegalHolds.place(connection, traceId, clock.instant(), heldBy, reason));
    }

    /** Lifts a legal hold. @return false if the trace was not on hold */
    public boolean releaseHold(String traceId) throws StoreException {
        return writer.write("release the hold on trace '" + traceId + "'", connection -> LegalHolds.release(connection, traceId));
    }

    /** Whether the trace is on legal hold. */
    public boolean isHeld(String traceId) throws StoreException {
        return read("read the hold on trace '" + traceId + "'", connection -> LegalHolds.of(connection, traceId).isPresent());
    }

    /**
     * Traces imported longer than {@code retention} ago and not on legal hold, oldest first: what {@code forkline
     * retention --apply} deletes.
     */
    public List<TraceSummary> pastRetention(java.time.Duration retention) throws StoreException {
        java.time.Instant cutoff = clock.instant().minus(retention);
        return read("list traces past retention", connection -> {
            List<TraceSummary> due = new java.util.ArrayList<>();
            for (TraceSummary trace : TraceRows.list(connection)) {
                if (trace.importedAt().isBefore(cutoff) && LegalHolds.of(connection, trace.traceId()).isEmpty()) {
                    due.add(trace);
                }
            }
            due.sort(java.util.Comparator.comparing(TraceSummary::importedAt).thenComparing(TraceSummary::traceId));
            return due;
        });
    }

    /** Every recorded deletion, oldest first. */
    public List<TraceDeletion> deletions() throws StoreException {
        return read("list deletions", DeletionRows::list);
    }

    /** The stored trace's content digest ({@link ContentDigest}), or empty when it is not stored. */
    Optional<String> contentDigest(String traceId) throws StoreException {
        return read("read the digest of trace '" + traceId + "'",
                connection -> TraceRows.stored(connection, traceId).map(TraceRows.Stored::contentDigest));
    }

    public List<TraceSummary> list() throws StoreException {
        return read("list traces", TraceRows::list);
    }

    /**
     * The stored traces that hold at least one event that can wait in the escape queue ({@link
     * dev.forkline.trace.decision.EscapeQueue#canWait}: an approval.request, escape.attempt or external tool.call), in
     * {@link #list()}'s order; every other trace has nothing pending, so the queue needs to load only these. Answered
     * from a count the writer keeps in each trace's row.
     */
    public List<TraceSummary> listQueueCandidates() throws StoreException {
        return read("list the traces the escape queue must read", TraceRows::listQueueCandidates);
    }

    /** One aggregate row over the trace list: see {@link ChangeMark}. */
    public ChangeMark changeMark() throws StoreException {
        return read("read the change mark", connection -> {
            try (java.sql.Statement query = connection.createStatement();
                 java.sql.ResultSet row = query.executeQuery("SELECT COUNT(*), COALESCE(SUM(event_count), 0), MAX(imported_at) FROM traces")) {
                row.next();
                java.time.OffsetDateTime last = row.getObject(3, java.time.OffsetDateTime.class);
                return new ChangeMark(row.getLong(1), row.getLong(2), last == null ? null : last.toInstant());
            }
        });
    }

    public Optional<TraceSummary> find(String traceId) throws StoreException {
        return read("find trace '" + traceId + "'", connection -> TraceRows.find(connection, traceId));
    }

    /**
     * The stored trace as a bundle: events in (run, seq) order, runs in the order they first appeared. The events are a
     * {@link LazyEventList} over columns read from the chunk headers: an event is parsed from its stored line when it
     * is asked for, its chunk read then on the caller's thread (a chunk damaged in the database throws
     * {@link LazyEventList.DamagedEventException}). Blobs are read from the store on demand, on the caller's thread.
     *
     * @throws StoreException when the trace is not stored, or its chunk headers are damaged
     */
    public Bundle load(String traceId) throws StoreException {
        return read("load trace '" + traceId + "'", connection -> inSnapshot(connection, () -> {
            Manifest manifest = TraceRows.manifest(connection, traceId)
                    .orElseThrow(() -> new UnknownTraceException("no stored trace '" + traceId + "'"));
            long eventCount = TraceRows.stored(connection, traceId).map(TraceRows.Stored::eventCount).orElse(0L);
            List<RunSummary> runs = RunRows.runs(connection, traceId);
            StoredTrace stored = StoredTrace.read(connection, traceId, runs.stream().map(RunSummary::runId).toList(), eventCount, false);
            int[] lines = new int[stored.size()];
            Arrays.setAll(lines, i -> i + 1);
            // the runs table spares an index of the trace, and the window, a chunk read per run (RunTally writes a run's
            // session.end outcome as the index reads it: unknown when it has none or a blank one)
            Map<String, KnownRun> known = new HashMap<>();
            runs.forEach(run -> known.put(run.runId(), new KnownRun(run.outcome(), run.imported())));
            LazyEventList events = new LazyEventList(stored.columns(), new StoredEventLines(pool, traceId, stored.chunks(), chunkCache), known);
            return new Bundle("store:" + traceId, manifest, events, lines, new StoredBlobs(pool, blobIndex), stored.columns());
        }));
    }

    /** The trace's runs (for the fork tree), in the order they first appeared; empty if the trace is not stored. */
    public List<RunSummary> runs(String traceId) throws StoreException {
        return read("read runs of trace '" + traceId + "'", connection -> RunRows.runs(connection, traceId));
    }

    /** One run's events in seq order (empty if the trace or run is not stored), parsed when asked for as {@link #load}'s. */
    public List<Event> events(String traceId, String runId) throws StoreException {
        return read("read run '" + runId + "' of trace '" + traceId + "'", connection -> inSnapshot(connection, () -> {
            Optional<Long> count = RunRows.eventCount(connection, traceId, runId);
            if (count.isEmpty()) {
                return List.of();
            }
            return lazyEvents(traceId, StoredTrace.read(connection, traceId, List.of(runId), count.get(), false));
        }));
    }

    private LazyEventList lazyEvents(String traceId, StoredTrace stored) {
        return new LazyEventList(stored.columns(), new StoredEventLines(pool, traceId, stored.chunks(), chunkCache));
    }

    /**
     * Ids of the trace's events that match all given filters, in (run, seq) order.
     *
     * @param text       case-insensitive, found anywhere in tool names, arguments, outputs and messages; null for any
     * @param type       the wire type (e.g. {@code tool.call}); null for any
     * @param actor      e.g. {@code agent:coder}; null for any
     * @param errorsOnly only error and sandbox.lost events, failed tool results and non-zero process exits
     */
    public List<String> search(String traceId, String text, String type, String actor, boolean errorsOnly) throws StoreException {
        return search(traceId, text, type, actor, errorsOnly, () -> false);
    }

    /**
     * As {@link #search(String, String, String, String, boolean)}, ending with a {@link StoreException} before the next
     * chunk of lines it would read once {@code stopped} says so: a text search reads the whole trace (seconds for a
     * million events), and a search the window's next keystroke replaced is not waited for.
     */
    public List<String> search(String traceId, String text, String type, String actor, boolean errorsOnly, BooleanSupplier stopped)
            throws StoreException {
        return read("search trace '" + traceId + "'", connection -> inSnapshot(connection,
                () -> new EventSearch(connection, traceId, new EventSearch.Query(text, type, actor, errorsOnly), stopped).run()));
    }

    /**
     * As {@link #search(String, String, String, String, boolean)}, with each matching event's run, seq, time, type and
     * actor, read with the search (no load of the trace).
     */
    public List<EventSearchMatch> searchMatches(String traceId, String text, String type, String actor, boolean errorsOnly)
            throws StoreException {
        return read("search trace '" + traceId + "'", connection -> inSnapshot(connection,
                () -> new EventSearch(connection, traceId, new EventSearch.Query(text, type, actor, errorsOnly), () -> false).matches()));
    }

    /**
     * The traces whose events hold {@code text}, with how many events each (see {@link LibrarySearchResult}: a text of
     * words is answered from the search index for the traces it holds as they are now, and by reading the events of
     * the others, so no trace is missed; the result says how many traces were read). Title and trace id are not
     * searched here.
     *
     * @throws IllegalArgumentException when {@code text} is blank
     */
    public LibrarySearchResult searchLibrary(String text) throws StoreException {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("nothing to search for: the text is blank");
        }
        return read("search the library for '" + text + "'", connection -> inSnapshot(connection,
                () -> new LibrarySearch(connection).run(text)));
    }

    /**
     * Brings the library's search index up to date: counts the terms of every trace the index does not hold as it is
     * now (new, grown, replaced), each read on the caller's thread, and writes them through the writer, several traces
     * per transaction (up to {@value #INDEX_TERMS_PER_WRITE} terms: the commit's sync to disk cost more than the rows),
     * so imports and decisions wait for one such write at most. Stops early once the store is closed. Kept out of the
     * import's transaction on purpose: an import is as fast as before, and a trace not indexed yet is still found by
     * {@link #searchLibrary}, which reads it.
     *
     * @return how many traces were indexed
     */
    public int updateSearchIndex() throws StoreException {
        return updateSearchIndex(java.util.Set.of());
    }

    /**
     * As {@link #updateSearchIndex()}, leaving out these traces: ones still growing (a live session), which would be
     * counted whole again on every change; they are found by reading them until they are indexed.
     */
    public int updateSearchIndex(java.util.Set<String> leaveOut) throws StoreException {
        int indexed = 0;
        List<TraceTerms.Counted> pending = new java.util.ArrayList<>();
        long pendingTerms = 0;
        for (String traceId : read("list the traces to index for search", SearchIndexRows::unindexed)) {
            if (closed) {
                return indexed;
            }
            if (leaveOut.contains(traceId)) {
                continue;
            }
            Optional<TraceTerms.Counted> counted = countTerms(traceId);
            if (counted.isPresent()) {
                pending.add(counted.get());
                pendingTerms += counted.get().events().size();
            }
            if (pendingTerms >= INDEX_TERMS_PER_WRITE) {
                indexed += writeTerms(pending);
                pending.clear();
                pendingTerms = 0;
            }
        }
        return indexed + writeTerms(pending);
    }

    private static final int INDEX_TERMS_PER_WRITE = 50_000;

    /**
     * As {@link #updateSearchIndex()}, for one trace.
     *
     * @return false when the trace was indexed already, is not stored, or changed while its terms were counted
     */
    public boolean updateSearchIndex(String traceId) throws StoreException {
        Optional<TraceTerms.Counted> counted = countTerms(traceId);
        return counted.isPresent() && writeTerms(List.of(counted.get())) == 1;
    }

    /** The trace's terms, unless it is indexed as it is now already, or not stored. */
    private Optional<TraceTerms.Counted> countTerms(String traceId) throws StoreException {
        return read("count the search terms of trace '" + traceId + "'", connection -> inSnapshot(connection,
                () -> SearchIndexRows.isCurrent(connection, traceId) ? Optional.empty() : TraceTerms.count(connection, traceId)));
    }

    private int writeTerms(List<TraceTerms.Counted> counted) throws StoreException {
        if (counted.isEmpty()) {
            return 0;
        }
        try {
            return writeTermsOnce(counted);
        } catch (ConcurrentWriteException e) {
            // another process (the window, a command on the same store) indexed one of them meanwhile: the others alone
            int written = 0;
            for (TraceTerms.Counted trace : counted) {
                try {
                    written += writeTermsOnce(List.of(trace));
                } catch (ConcurrentWriteException indexedElsewhere) {
                    LOG.debug("store: trace '{}' was indexed for search by another process meanwhile", trace.traceId());
                }
            }
            return written;
        }
    }

    private int writeTermsOnce(List<TraceTerms.Counted> counted) throws StoreException {
        List<TraceTerms.Counted> copy = List.copyOf(counted);
        return writer.write("index " + copy.size() + " traces for search", connection -> {
            int written = 0;
            for (TraceTerms.Counted trace : copy) {
                if (SearchIndexRows.replace(connection, trace)) {
                    written++;
                }
            }
            return written;
        });
    }

    public List<Finding> findings(String traceId) throws StoreException {
        return read("read findings of trace '" + traceId + "'", connection -> FindingRows.read(connection, traceId));
    }

    /** Per stored trace that has any, how many of its findings have one of {@code codes} (one query for the library). */
    public Map<String, Integer> findingCounts(Set<String> codes) throws StoreException {
        return read("count findings", connection -> FindingRows.countByTrace(connection, codes));
    }

    /** Cross-checks counts, runs, chunks (headers, lines, seqs, ids), digests and blob references; reads everything. */
    public IntegrityReport integrityCheck() throws StoreException {
        return read("check the store", IntegrityCheck::run);
    }

    /**
     * After a trace was stored in the writer's transaction: records its new decisions ({@link DecisionRecords}, which
     * a team store lets only owners write) and tells the other clients ({@link StoreChanges}).
     */
    private StoreResult stored(Connection connection, Bundle bundle, StoreResult result) throws SQLException, StoreException {
        if (result.status() != StoreResult.Status.UNCHANGED) {
            DecisionRecords.recordNew(connection, result.traceId(), bundle.events(), bundle.columns(), clock.instant());
            published(connection, StoreChange.Kind.STORED, result.traceId());
        }
        return result;
    }

    private void published(Connection connection, StoreChange.Kind kind, String traceId) throws SQLException {
        if (dialect == Dialect.POSTGRESQL) {
            long events = kind == StoreChange.Kind.DELETED ? 0
                    : TraceRows.stored(connection, traceId).map(TraceRows.Stored::eventCount).orElse(0L);
            StoreChanges.publish(connection, dialect, new StoreChange(kind, traceId, events));
        }
    }

    /** What other processes (and this one) commit, for subscribers that keep a view current (see {@link StoreChanges}). */
    public StoreChanges changes() {
        return changes;
    }

    /**
     * Trusts an owner's public key for her decisions in this store, recording who added it and when. In a team store
     * only its administrator may (the others' roles lack the grant: {@link StoreRefusedException}).
     *
     * @return false when the store trusted the key for that owner already (nothing changes)
     */
    public boolean trustOwnerKey(dev.forkline.trace.decision.PublicKeyFile key, String addedBy) throws StoreException {
        return writer.write("trust " + key.owner() + "'s key " + key.fingerprint(),
                connection -> OwnerKeyRows.add(connection, key, addedBy, clock.instant()));
    }

    /** The owner keys this store trusts, by owner, then oldest first. */
    public List<TrustedOwnerKey> trustedOwnerKeys() throws StoreException {
        return read("list trusted owner keys", OwnerKeyRows::list);
    }

    /** The owner keys this store trusts, as decisions are verified against them. */
    public TrustedKeys trustedKeys() throws StoreException {
        return TrustedKeys.of(trustedOwnerKeys().stream().map(TrustedOwnerKey::key).toList());
    }

    /**
     * Sets up the team store's roles and grants ({@code forkline team init}, see {@link TeamRoles}): run by the store's
     * administrator. {@code owners} and {@code reviewers} are existing login roles made members of
     * {@value TeamRoles#OWNER} and {@value TeamRoles#REVIEWER}.
     *
     * @return what was done, one line each
     * @throws StoreRefusedException for an embedded store (it has no roles), a role that does not exist, or when the
     *                               connected role may not create roles or grant on the tables
     */
    public List<String> initTeam(List<String> owners, List<String> reviewers) throws StoreException {
        if (dialect != Dialect.POSTGRESQL) {
            throw new StoreRefusedException("forkline team init sets up a team store's roles, and " + address
                    + " is an embedded file with no roles: give --db postgresql://USER@HOST[:PORT]/DB");
        }
        try {
            owners.forEach(TeamRoles::checkedRole);
            reviewers.forEach(TeamRoles::checkedRole);
        } catch (IllegalArgumentException e) {
            throw new StoreRefusedException(e.getMessage(), e);
        }
        return writer.write("set up the team store's roles", connection -> TeamRoles.init(connection, connection.getCatalog(), owners, reviewers));
    }

    @Override
    public void close() {
        closed = true;
        changes.close();
        writer.close();
        closePool.run();
    }

    @FunctionalInterface
    private interface Read<T> {
        T run(Connection connection) throws SQLException, StoreException;
    }

    @FunctionalInterface
    private interface SnapshotRead<T> {
        T run() throws SQLException, StoreException;
    }

    /**
     * Runs several queries on one consistent snapshot (a read-only transaction), with H2's lazy query execution: rows
     * are handed out as they are read instead of the whole result being copied into a temporary store first.
     */
    private <T> T inSnapshot(Connection connection, SnapshotRead<T> work) throws SQLException, StoreException {
        connection.setAutoCommit(false);
        connection.setTransactionIsolation(Connection.TRANSACTION_REPEATABLE_READ);
        dialect.lazyQueries(connection, true);
        try {
            return work.run();
        } finally {
            connection.rollback();
            dialect.lazyQueries(connection, false);
            connection.setAutoCommit(true);
            connection.setTransactionIsolation(Connection.TRANSACTION_READ_COMMITTED);
        }
    }

    private <T> T read(String what, Read<T> work) throws StoreException {
        try (Connection connection = pool.getConnection()) {
            return work.run(connection);
        } catch (SQLException e) {
            if (FullDisk.causedBy(e)) {
                throw new StoreUnavailableException("cannot " + what + ": " + FullDisk.CANNOT_OPEN, e);
            }
            if (e.getSQLState() != null && e.getSQLState().startsWith("08")) {
                throw new StoreUnavailableException("cannot " + what + ": lost the connection to " + address + ": " + e.getMessage(), e);
            }
            throw new StoreException("cannot " + what + ": database error: " + e.getMessage(), e);
        } catch (IllegalStateException e) {
            throw new StoreException("cannot " + what + ": the trace store is closed", e);
        }
    }

    private static void closeQuietly(Connection connection) {
        if (connection != null) {
            try {
                connection.close();
            } catch (SQLException ignored) {
                // already failing; the original error is reported
            }
        }
    }
}
