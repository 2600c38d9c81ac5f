package dev.forkline.importers.support;

import java.util.LinkedHashMap;
import java.util.Map;

/** One instance of each of the strings seen lately (up to a number of them), for values that repeat. */
public final class SharedStrings {

    private final Map<String, String> seen;

    public SharedStrings(int kept) {
        this.seen = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, String> eldest) {
                return size() > kept;
            }
        };
    }

    /** The instance seen before equal to {@code text}, else {@code text}; null for null. */
    public String of(String text) {
        if (text == null) {
            return null;
        }
        String known = seen.putIfAbsent(text, text);
        return known != null ? known : text;
    }
}
