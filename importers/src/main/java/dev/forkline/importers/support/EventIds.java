package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Predicate;

/** Event ids derived from the source's own ids or lines: the first use of a base is the base, later ones get {@code #2}, {@code #3}... */
public final class EventIds {

    private final Predicate<String> taken;
    /**
     * For each base used more than once, the suffix to try next: a base an importer repeats for every event (a line 0
     * for records that have none) would otherwise cost a probe per earlier use, quadratic over a long file.
     */
    private final Map<String, Integer> nextSuffix = new HashMap<>();

    public EventIds(ImportSession session) {
        this(session::hasEventId);
    }

    /** Ids that {@code taken} says are in use are not given out (for an importer that holds events before appending them). */
    public EventIds(Predicate<String> taken) {
        this.taken = taken;
    }

    public String next(String base) {
        if (!taken.test(base)) {
            return base;
        }
        for (int n = nextSuffix.getOrDefault(base, 2); ; n++) {
            String candidate = base + "#" + n;
            if (!taken.test(candidate)) {
                nextSuffix.put(base, n + 1);
                return candidate;
            }
        }
    }
}
