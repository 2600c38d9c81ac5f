package dev.forkline.trace.decide;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.AlteredTraceAcknowledgement;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.DecisionEventChecks;
import dev.forkline.trace.decision.DecisionRefusedException;
import dev.forkline.trace.decision.DecisionSigner;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.OwnerKey;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.trace.verify.Verifier;
import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.Channels;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.locks.ReentrantLock;

/**
 * Records a decision in a bundle directory: checks the subject, signs with the owner's key, 
 * appends the approval.decision to the subject's run and forces it to disk. {@link #record} returns only once the
 * decision is durable; a decision that was not acknowledged may be absent, never half-written into the chain.
 *
 * <p>Deciders of the same bundle are serialised: within this JVM by a lock per bundle, across processes by an
 * exclusive lock on {@code trace.jsonl} held while the trace is read, the decision chained onto it and appended.
 *
 * <p>The trace is verified (hashes, chains, decision signatures; not blob contents) before anything is appended. A decision on an
 * altered trace is refused ({@link AlteredTraceException}) unless the owner decides knowing it: the decision carries
 * what the owner was shown ({@link Decision#acknowledgingAltered}), or the caller asks the recorder to record what it
 * found ({@link OnAlteredTrace#ACKNOWLEDGE}, {@code forkline decide --accept-altered}). Either way the decision's
 * {@code data.integrity} says so, under the owner's signature.
 *
 * <p>Forkline's commands and window build it with the owner's {@linkplain OwnerKeys#unlock unlocked} key
 * ({@link #DecisionRecorder(OwnerKey)}): it signs only that owner's decisions. Built with a key ring, it signs with the
 * ring's unprotected keys ({@link OwnerKeys#loadOrCreate}), which is for tests and fixtures.
 */
public final class DecisionRecorder {

    /** What to do when the trace turns out to be altered and the decision does not acknowledge it. */
    public enum OnAlteredTrace {
        /** Refuse with {@link AlteredTraceException}. */
        REFUSE,
        /** Record the decision with an acknowledgement of what the verification found. */
        ACKNOWLEDGE
    }

    private static final int MANIFEST_LIMIT = 1024 * 1024;

    private static final ConcurrentHashMap<Path, ReentrantLock> IN_PROCESS = new ConcurrentHashMap<>();

    private final OwnerKeys keys;
    private final OwnerKey signer;
    private final Clock clock;

    /** Signs with the ring's unprotected keys, created on first use: for tests and fixtures. */
    public DecisionRecorder(OwnerKeys keys) {
        this(keys, Clock.systemUTC());
    }

    public DecisionRecorder(OwnerKeys keys, Clock clock) {
        this.keys = java.util.Objects.requireNonNull(keys, "keys");
        this.signer = null;
        this.clock = clock;
    }

    /** Signs with this unlocked key, and only decisions whose owner is its owner. */
    public DecisionRecorder(OwnerKey signer) {
        this(signer, Clock.systemUTC());
    }

    public DecisionRecorder(OwnerKey signer, Clock clock) {
        this.keys = null;
        this.signer = java.util.Objects.requireNonNull(signer, "signer");
        this.clock = clock;
    }

    /**
     * Records a decision, refusing it on an altered trace unless it {@linkplain Decision#acknowledgedAltered()
     * acknowledges} that.
     *
     * @return the appended event, already on disk
     * @throws DecisionRefusedException when the bundle is not an unpacked bundle directory, or the subject is not an
     *                                  event of the trace or not decidable
     * @throws AlteredTraceException    when the trace is altered and the decision does not acknowledge it
     * @throws TraceFormatException     when the trace cannot be read
     */
    public Event record(Path bundleDirectory, Decision decision) throws IOException, TraceFormatException {
        return record(bundleDirectory, decision, OnAlteredTrace.REFUSE);
    }

    /** As {@link #record(Path, Decision)}, with what to do on an altered trace the decision does not acknowledge. */
    public Event record(Path bundleDirectory, Decision decision, OnAlteredTrace onAltered) throws IOException, TraceFormatException {
        return record(bundleDirectory, decision, onAltered, signed -> { });
    }

    /** Sees the signed decision before it is appended; throwing stops the append, so nothing is written to the bundle. */
    @FunctionalInterface
    public interface BeforeAppend<E extends Exception> {
        void check(Event signed) throws E;
    }

    /**
     * As {@link #record(Path, Decision, OnAlteredTrace)}, first handing the signed decision to {@code beforeAppend}
     * (while the bundle is locked): e.g. to record it in a team store, which may refuse it because someone else decided
     * meanwhile. When it throws, the bundle is left as it was.
     */
    public <E extends Exception> Event record(Path bundleDirectory, Decision decision, OnAlteredTrace onAltered,
                                              BeforeAppend<E> beforeAppend) throws IOException, TraceFormatException, E {
        Path eventsFile = bundleDirectory.resolve(Bundle.EVENTS);
        if (!Files.isDirectory(bundleDirectory) || !Files.isRegularFile(bundleDirectory.resolve(Bundle.MANIFEST))
                || !Files.isRegularFile(eventsFile)) {
            throw new DecisionRefusedException(bundleDirectory + " is not an unpacked bundle directory: decisions are appended "
                    + "to a directory holding " + Bundle.MANIFEST + " and " + Bundle.EVENTS + " (unpack a .zip bundle first)");
        }
        OwnerKey key = signingKey(decision.owner());
        ReentrantLock local = IN_PROCESS.computeIfAbsent(eventsFile.toRealPath(), path -> new ReentrantLock());
        local.lock();
        try (FileChannel channel = FileChannel.open(eventsFile, StandardOpenOption.READ, StandardOpenOption.WRITE)) {
            channel.lock(); // released when the channel closes
            // Nothing else in this process may open and close trace.jsonl until we are done: on POSIX systems closing
            // any descriptor of the file drops this process's lock. So the events are read through this channel.
            List<Integer> lines = new ArrayList<>();
            List<Event> events = readEvents(channel, bundleDirectory + "/" + Bundle.EVENTS, lines);
            Event subject = events.stream().filter(e -> e.id().equals(decision.subject())).findFirst()
                    .orElseThrow(() -> new DecisionRefusedException("there is no event '" + decision.subject() + "' in " + bundleDirectory));
            if (!EscapeQueue.isDecidable(subject)) {
                throw new DecisionRefusedException("event " + subject.id() + " is a " + subject.type()
                        + ": only approval.request, escape.attempt and tool.call events can be decided");
            }
            Decision checked = acknowledgeIfAltered(bundleDirectory, decision, events, lines, onAltered);
            EventChain chain = new EventChain(clock);
            events.forEach(chain::accept);
            Event decided = new DecisionSigner(key, clock).append(chain, subject.run(), checked);
            beforeAppend.check(decided);
            endWithNewline(channel);
            try (BundleWriter writer = BundleWriter.appendTo(bundleDirectory)) {
                writer.write(decided);
                writer.sync();
            }
            return decided;
        } finally {
            local.unlock();
        }
    }

    private OwnerKey signingKey(String owner) throws IOException {
        if (signer == null) {
            return keys.loadOrCreate(owner);
        }
        if (!signer.owner().equals(owner)) {
            throw new DecisionRefusedException("the decision is " + owner + "'s but the unlocked key is " + signer.owner()
                    + "'s: a decision is signed only with its owner's key");
        }
        return signer;
    }

    /**
     * The decision as it is to be recorded: unchanged on a trace that is not altered, or that the decision already
     * acknowledges as altered; acknowledging what the verification (hashes, chains, decision signatures) found when
     * asked to; else refused. Decision keys are not trusted here: an untrusted key does not make a trace altered.
     */
    private static Decision acknowledgeIfAltered(Path bundleDirectory, Decision decision, List<Event> events, List<Integer> lines,
                                                 OnAlteredTrace onAltered) throws IOException, TraceFormatException {
        if (decision.acknowledgedAltered() != null) {
            return decision;
        }
        TraceIndex index = TraceIndex.of(events);
        int[] lineNumbers = lines.stream().mapToInt(Integer::intValue).toArray();
        // Blob contents are not read here (the import and 'forkline verify' read them): a large bundle's blobs would be
        // read again for every decision.
        TraceIntegrity integrity = TraceIntegrity.of(Verifier.verify(index, lineNumbers, null, DecisionEventChecks.of(TrustedKeys.none()))
                .problems(), readManifest(bundleDirectory).sourceFormat());
        if (!integrity.verdict().altered()) {
            return decision;
        }
        if (onAltered == OnAlteredTrace.REFUSE) {
            throw new AlteredTraceException(bundleDirectory, integrity.verdict());
        }
        return decision.acknowledgingAltered(new AlteredTraceAcknowledgement(integrity.verdict().eventId(), integrity.verdict().line(),
                integrity.verdict().problems(), integrity.breakPrecedes(decision.subject(), index)));
    }

    private static Manifest readManifest(Path bundleDirectory) throws IOException, TraceFormatException {
        String file = bundleDirectory.resolve(Bundle.MANIFEST).toString();
        try (InputStream in = Files.newInputStream(bundleDirectory.resolve(Bundle.MANIFEST))) {
            return Manifest.fromJson(Json.MAPPER.readTree(in.readNBytes(MANIFEST_LIMIT)), file);
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new TraceFormatException(file, 0, "invalid JSON: " + e.getOriginalMessage());
        }
    }

    private static List<Event> readEvents(FileChannel channel, String file, List<Integer> lines) throws IOException, TraceFormatException {
        channel.position(0);
        // Deliberately never closed: closing the stream would close the locked channel.
        InputStream in = Channels.newInputStream(channel);
        LineReader reader = new LineReader(in, file);
        List<Event> events = new ArrayList<>();
        String line;
        while ((line = reader.next()) != null) {
            if (!line.isBlank()) {
                events.add(EventCodec.parseLine(line, file, reader.lineNumber()));
                lines.add((int) reader.lineNumber());
            }
        }
        return events;
    }

    /** A last line without its newline would otherwise be glued to the decision. */
    private static void endWithNewline(FileChannel channel) throws IOException {
        long size = channel.size();
        if (size == 0) {
            return;
        }
        ByteBuffer last = ByteBuffer.allocate(1);
        channel.read(last, size - 1);
        if (last.get(0) != '\n') {
            channel.write(ByteBuffer.wrap(new byte[] {'\n'}), size);
            channel.force(true);
        }
    }
}
