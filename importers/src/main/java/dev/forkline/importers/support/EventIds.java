package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;

/** Event ids derived from the source's own ids or lines: the first use of a base is the base, later ones get {@code #2}, {@code #3}... */
public final class EventIds {

    private final ImportSession session;

    public EventIds(ImportSession session) {
        this.session = session;
    }

    public String next(String base) {
        if (!session.hasEventId(base)) {
            return base;
        }
        for (int n = 2; ; n++) {
            String candidate = base + "#" + n;
            if (!session.hasEventId(candidate)) {
                return candidate;
            }
        }
    }
}
