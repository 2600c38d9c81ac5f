package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;
import java.util.HashMap;
import java.util.Map;

/** Event ids derived from the source's own ids or lines: the first use of a base is the base, later ones get {@code #2}, {@code #3}... */
public final class EventIds {

    private final ImportSession session;
    /**
     * For each base used more than once, the suffix to try next: a base an importer repeats for every event (a line 0
     * for records that have none) would otherwise cost a probe per earlier use, quadratic over a long file.
     */
    private final Map<String, Integer> nextSuffix = new HashMap<>();

    public EventIds(ImportSession session) {
        this.session = session;
    }

    public String next(String base) {
        if (!session.hasEventId(base)) {
            return base;
        }
        for (int n = nextSuffix.getOrDefault(base, 2); ; n++) {
            String candidate = base + "#" + n;
            if (!session.hasEventId(candidate)) {
                nextSuffix.put(base, n + 1);
                return candidate;
            }
        }
    }
}
