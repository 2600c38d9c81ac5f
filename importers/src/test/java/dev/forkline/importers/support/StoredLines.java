package dev.forkline.importers.support;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.store.TraceStore;
import java.util.ArrayList;
import java.util.List;

/** The canonical lines of a stored trace's events, in the order the store loads them: what two imports must both store. */
public final class StoredLines {

    private StoredLines() {
    }

    public static List<String> of(TraceStore store, String traceId) throws Exception {
        try (Bundle bundle = store.load(traceId)) {
            List<String> lines = new ArrayList<>();
            for (Event event : bundle.events()) {
                lines.add(EventCodec.toLine(event));
            }
            return lines;
        }
    }
}
