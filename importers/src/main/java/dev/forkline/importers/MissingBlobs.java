package dev.forkline.importers;

import dev.forkline.importers.support.ImportFindings;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.verify.BlobReferences;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The blobs a bundle's events name but the bundle does not hold: one warning per missing blob, naming the first event
 * and line that needs it and the field, so importing, inspecting and opening a damaged bundle say so (not only
 * {@code verify}). A replay or state view that needs the content cannot rebuild it.
 */
public final class MissingBlobs {

    /** More than this many missing blobs are summed up in one last finding. */
    static final int LISTED = 50;

    private MissingBlobs() {
    }

    public static List<Finding> findings(Bundle bundle) throws IOException {
        List<Finding> findings = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        int missing = 0;
        List<Event> events = bundle.events();
        MayReferToBlobs mayRefer = new MayReferToBlobs(events);
        for (int i = 0; i < events.size(); i++) {
            if (!mayRefer.test(i)) {
                continue;
            }
            Event event = events.get(i);
            for (BlobReferences.Reference reference : BlobReferences.of(event)) {
                String hash = reference.hash();
                if (hash == null || !seen.add(hash) || bundle.blobs().contains(hash)) {
                    continue;
                }
                missing++;
                if (missing <= LISTED) {
                    findings.add(Finding.warning(ImportFindings.MISSING_BLOB, "event " + event.id() + " (" + event.type() + ", line "
                            + bundle.lineOf(i) + ") names blob " + hash + " in " + reference.field() + ", which the bundle does not hold: "
                            + "views and replays that need that content cannot show or rebuild it", event.id(), bundle.lineOf(i)));
                }
            }
        }
        if (missing > LISTED) {
            findings.add(Finding.warning(ImportFindings.MISSING_BLOB, (missing - LISTED) + " more blob(s) named by events are missing"
                    + " (" + missing + " in all)", null, 0));
        }
        return findings;
    }

    /**
     * Whether event {@code i} may refer to a blob. A large bundle's events are parsed from their lines when looked at:
     * only those that may refer to blobs are ({@link BlobReferences#mayReferToBlobs}), their lines read a run of
     * neighbours at a time (one read each, not one per event).
     */
    private static final class MayReferToBlobs {
        private static final int RUN = 1024;

        private final LazyEventList lazy;
        private int runStart = -1;
        private byte[][] run;

        MayReferToBlobs(List<Event> events) {
            this.lazy = events instanceof LazyEventList list ? list : null;
        }

        boolean test(int i) throws IOException {
            if (lazy == null) {
                return true;
            }
            EventType kind = lazy.columns().kind(i);
            if (!BlobReferences.mayReferToBlobs(kind, null)) {
                return false;
            }
            if (runStart < 0 || i >= runStart + run.length) {
                runStart = i;
                int[] indexes = new int[Math.min(RUN, lazy.size() - i)];
                for (int k = 0; k < indexes.length; k++) {
                    indexes[k] = i + k;
                }
                run = lazy.lines().lines(indexes);
            }
            return BlobReferences.mayReferToBlobs(kind, run[i - runStart]);
        }
    }
}
