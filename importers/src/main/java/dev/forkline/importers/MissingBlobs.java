package dev.forkline.importers;

import dev.forkline.importers.support.ImportFindings;
import dev.forkline.trace.Event;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.columns.LazyEventList.LineFilter;
import dev.forkline.trace.verify.BlobReferences;
import dev.forkline.trace.verify.EventSweep;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The blobs a bundle's events name but the bundle does not hold: one warning per missing blob, naming the first event
 * and line that needs it and the field, so importing, inspecting and opening a damaged bundle say so (not only
 * {@code verify}). A replay or state view that needs the content cannot rebuild it.
 *
 * <p>The events are looked at in a sweep, on every core. Of a large bundle read lazily, only the events that may refer
 * to blobs are parsed: those whose kind has blob references (tool results, state mutations, checkpoints) and whose
 * line holds one of the reference fields' names ({@link BlobReferences#mayReferToBlobs}).
 */
public final class MissingBlobs {

    /** More than this many missing blobs are summed up in one last finding. */
    static final int LISTED = 50;

    private MissingBlobs() {
    }

    /** A reference to a blob the bundle does not hold, where it was found. */
    private record Missing(String hash, String field, String eventId, String eventType, int index) {
    }

    public static List<Finding> findings(Bundle bundle) throws IOException {
        List<Event> events = bundle.events();
        // each blob's file is looked for once, however many events name it
        Set<String> held = ConcurrentHashMap.newKeySet();
        EventSweep sweep = new EventSweep(events).onlyWhere(mayReferToBlobs(events));
        EventSweep.Parts<List<Missing>> parts = sweep.add(new EventSweep.Inspection<>() {
            @Override
            public List<Missing> newPart() {
                return new ArrayList<>();
            }

            @Override
            public void inspect(int index, Event event, List<Missing> part) {
                for (BlobReferences.Reference reference : BlobReferences.of(event)) {
                    String hash = reference.hash();
                    if (hash == null || held.contains(hash)) {
                        continue;
                    }
                    if (bundle.blobs().contains(hash)) {
                        held.add(hash);
                    } else {
                        part.add(new Missing(hash, reference.field(), event.id(), event.type(), index));
                    }
                }
            }
        });
        try {
            sweep.run();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }

        List<Finding> findings = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int missing = 0;
        for (List<Missing> part : parts.inFileOrder()) {
            for (Missing reference : part) {
                if (!seen.add(reference.hash())) {
                    continue;
                }
                missing++;
                if (missing <= LISTED) {
                    long line = bundle.lineOf(reference.index());
                    findings.add(Finding.warning(ImportFindings.MISSING_BLOB, "event " + reference.eventId() + " (" + reference.eventType()
                            + ", line " + line + ") names blob " + reference.hash() + " in " + reference.field() + ", which the bundle does not hold: "
                            + "views and replays that need that content cannot show or rebuild it", reference.eventId(), line));
                }
            }
        }
        if (missing > LISTED) {
            findings.add(Finding.warning(ImportFindings.MISSING_BLOB, (missing - LISTED) + " more blob(s) named by events are missing"
                    + " (" + missing + " in all)", null, 0));
        }
        return findings;
    }

    /** For a lazily read bundle, the events that may refer to blobs, judged from their kind and line; otherwise all. */
    private static LineFilter mayReferToBlobs(List<Event> events) {
        if (!(events instanceof LazyEventList lazy)) {
            return LineFilter.ALL;
        }
        return new LineFilter() {
            @Override
            public boolean mayWant(int index) {
                return BlobReferences.mayReferToBlobs(lazy.columns().kind(index), null);
            }

            @Override
            public boolean wanted(int index, byte[] line) {
                return BlobReferences.mayReferToBlobs(lazy.columns().kind(index), line);
            }
        };
    }
}
