package dev.forkline.app;

import dev.forkline.trace.Event;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.TraceStore;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Where {@code forkline decide} records a decision besides the bundle: the store named by {@code --db} (else
 * {@code FORKLINE_DB}), when it holds the bundle's trace. The store records it first, through its race check
 * ({@link TraceStore#recordDecision}): a decision someone else took meanwhile refuses this one, and the bundle is then
 * left as it was. Without a store named, or when the store does not hold the trace, only the bundle is written.
 */
final class StoredDecisions implements AutoCloseable {

    private final TraceStore store;
    private final String traceId;

    private StoredDecisions(TraceStore store, String traceId) {
        this.store = store;
        this.traceId = traceId;
    }

    static StoredDecisions open(String given, Path bundle) throws Exception {
        String where = given != null && !given.isBlank() ? given : System.getenv(DatabaseOption.VARIABLE);
        if (where == null || where.isBlank()) {
            return new StoredDecisions(null, null);
        }
        String traceId = traceIdOf(bundle);
        TraceStore store = TraceStore.open(where);
        try {
            if (traceId == null || store.find(traceId).isEmpty()) {
                store.close();
                return new StoredDecisions(null, null);
            }
            return new StoredDecisions(store, traceId);
        } catch (StoreException | RuntimeException e) {
            store.close();
            throw e;
        }
    }

    /** Records the signed decision in the store; throws (and so stops the bundle's append) when the store refuses it. */
    void record(Event signed) throws StoreException {
        if (store != null) {
            store.recordDecision(traceId, signed, Map.of());
        }
    }

    private static String traceIdOf(Path bundle) {
        try {
            return Manifest.fromJson(Json.MAPPER.readTree(Files.readString(bundle.resolve(Bundle.MANIFEST))), bundle.toString()).traceId();
        } catch (IOException | RuntimeException | dev.forkline.trace.TraceFormatException e) {
            return null; // the recorder reports an unreadable bundle with its own message
        }
    }

    @Override
    public void close() {
        if (store != null) {
            store.close();
        }
    }
}
