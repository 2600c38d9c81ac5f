package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.IsolationBoundary;
import dev.forkline.replay.sandbox.Sandbox;
import dev.forkline.replay.sandbox.WorkspaceManifest;

import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The preparations a {@link SandboxPool} holds, by what they are for, oldest first: at most {@code capacity}; adding
 * one more gives up the oldest (its sandbox is removed as soon as it is started). Not thread-safe: the pool's lock
 * guards it.
 */
final class PreparedSandboxes {

    /** What a prepared sandbox is for: a boundary, the image it runs (by id) and the starting workspace's digest. */
    record Key(IsolationBoundary boundary, String imageId, String workspaceDigest) {
    }

    /** A sandbox started with the workspace's files, and the manifest read in it right after. */
    record Ready(Sandbox sandbox, WorkspaceManifest manifest) {
    }

    private final int capacity;
    private final Map<Key, CompletableFuture<Ready>> byKey = new LinkedHashMap<>();

    PreparedSandboxes(int capacity) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity must be one or more");
        }
        this.capacity = capacity;
    }

    /** The preparation for {@code key}, under way or done; null when there is none. */
    CompletableFuture<Ready> get(Key key) {
        return byKey.get(key);
    }

    /** Adds a preparation; beyond the capacity the oldest ones are given up. */
    void add(Key key, CompletableFuture<Ready> preparation) {
        giveUp(byKey.put(key, preparation));
        Iterator<CompletableFuture<Ready>> oldest = byKey.values().iterator();
        while (byKey.size() > capacity) {
            giveUp(oldest.next());
            oldest.remove();
        }
    }

    /** Takes the preparation for {@code key} out, so that its sandbox goes to one replay only; null when there is none. */
    CompletableFuture<Ready> claim(Key key) {
        return byKey.remove(key);
    }

    /** Removes the entry for {@code key} if it is still {@code preparation} (a failed preparation is not served). */
    void forget(Key key, CompletableFuture<Ready> preparation) {
        byKey.remove(key, preparation);
    }

    int size() {
        return byKey.size();
    }

    /** Gives every preparation up and forgets them. */
    void clear() {
        byKey.values().forEach(PreparedSandboxes::giveUp);
        byKey.clear();
    }

    /** Removes the preparation's sandbox once it is started (at once when it already is); a failed one has none. */
    static void giveUp(CompletableFuture<Ready> preparation) {
        if (preparation != null) {
            preparation.thenAccept(ready -> ready.sandbox().close());
        }
    }
}
