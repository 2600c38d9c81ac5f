package dev.forkline.trace.store;

import java.util.ArrayDeque;
import java.util.Collections;
import java.util.Deque;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Tells a store failure that comes from a full disk. H2 reports one as "This store is closed" several wrappers above
 * the operating system's "No space left on device" (its store closes itself when a write fails), which names neither
 * the cause nor what to do; the person importing needs both.
 */
final class FullDisk {

    /** What a person is told, after "cannot import …: ". */
    static final String MESSAGE = "the disk holding the store is full (no space left on the device); nothing was stored, and"
            + " what the store held before is kept: free some space and try again";

    /** What a person is told when the store cannot even be opened or read: H2 must write its lock file first. */
    static final String CANNOT_OPEN = "the disk holding the store is full (no space left on the device), and H2 must write"
            + " to open it; free some space and try again";

    /** The operating systems' words for it: ENOSPC and EDQUOT on Linux and macOS, ERROR_DISK_FULL on Windows. */
    private static final List<String> WORDS = List.of("No space left on device", "Disk quota exceeded",
            "There is not enough space on the disk");

    /** How many causes and suppressed failures are looked at, at most: chains are short, a cycle must not loop. */
    private static final int MOST_LOOKED_AT = 64;

    private FullDisk() {
    }

    /** Whether {@code failure}, one of its causes or a failure suppressed along the way says the disk is full. */
    static boolean causedBy(Throwable failure) {
        Set<Throwable> seen = Collections.newSetFromMap(new IdentityHashMap<>());
        Deque<Throwable> pending = new ArrayDeque<>();
        pending.add(failure);
        while (!pending.isEmpty() && seen.size() < MOST_LOOKED_AT) {
            Throwable next = pending.poll();
            if (next == null || !seen.add(next)) {
                continue;
            }
            if (says(next.getMessage())) {
                return true;
            }
            if (next.getCause() != null) {
                pending.add(next.getCause());
            }
            Collections.addAll(pending, next.getSuppressed());
        }
        return false;
    }

    private static boolean says(String message) {
        if (message == null) {
            return false;
        }
        for (String words : WORDS) {
            if (message.contains(words)) {
                return true;
            }
        }
        return false;
    }
}
