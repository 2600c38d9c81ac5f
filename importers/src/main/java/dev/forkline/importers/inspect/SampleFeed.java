package dev.forkline.importers.inspect;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.BytesRead;
import dev.forkline.trace.bundle.EventBatchSink;
import java.io.IOException;

/**
 * Hands an eval log's samples, one at a time, to a {@link SampleRun}: those of the part of the file being imported (all
 * of it, or what was read so far, for a preview), telling how far reading got after each, and, where a sink takes the
 * events, storing them while they are read from the first sample on, under the identity the header gives before it.
 */
final class SampleFeed {

    private final ImportSession session;
    private final long limit;
    private final EventBatchSink sink;
    private final BytesRead reading;
    private boolean started;
    private LogIdentity storedAs;

    /**
     * @param limit   the samples starting before this position in the file are read ({@link Long#MAX_VALUE}: all)
     * @param sink    where the events go as they are made, or null
     * @param reading hears the position up to which the file was read, after each sample
     */
    SampleFeed(ImportSession session, long limit, EventBatchSink sink, BytesRead reading) {
        this.session = session;
        this.limit = limit;
        this.sink = sink;
        this.reading = reading.growingOnly();
    }

    /** Whether a sample that starts at {@code position} belongs to the part being imported. */
    boolean reaches(long position) {
        return position < limit;
    }

    /**
     * Makes the sample's run. The first sample starts storing the events while they are read when the header names the
     * eval's creation (the trace's start must be known before its first event).
     *
     * @param line     the sample's first line in the file (0 for an archive's entry)
     * @param readUpTo the position in the file up to which the sample was read
     */
    void read(ObjectNode header, JsonNode sample, long line, long readUpTo) throws IOException {
        if (!started) {
            started = true;
            LogIdentity identity = LogIdentity.of(header);
            if (sink != null && identity.created() != null) {
                session.storeWhileReading(sink, identity.traceId(), identity.title(), identity.created());
                storedAs = identity;
            }
        }
        new SampleRun(session, header, sample, line).read();
        reading.read(readUpTo);
    }

    /** The identity the events were stored under while read, or null where they were not. */
    LogIdentity storedAs() {
        return storedAs;
    }
}
