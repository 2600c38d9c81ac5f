package dev.forkline.replay.sandbox;

import java.util.Map;
import java.util.OptionalInt;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The owner (uid) of an image's workspace directory as a new sandbox finds it, learnt from the first sandbox of each
 * image and reused for the next ones. The workspace is a fresh anonymous volume filled from the image's directory (or
 * created by the engine, owned by root, when the image has none), and the workspace tar never carries an entry for
 * the directory itself, so every container of one image (by id) starts with the same owner.
 */
public final class WorkspaceOwners {

    private record Key(String imageId, String workspace) {
    }

    private static final Map<Key, Integer> LEARNT = new ConcurrentHashMap<>();

    private WorkspaceOwners() {
    }

    /** The owner seen in an earlier sandbox of {@code imageId}, if any; nothing is known for a null image id. */
    public static OptionalInt known(String imageId, String workspace) {
        if (imageId == null) {
            return OptionalInt.empty();
        }
        Integer uid = LEARNT.get(new Key(imageId, workspace));
        return uid == null ? OptionalInt.empty() : OptionalInt.of(uid);
    }

    public static void learn(String imageId, String workspace, int uid) {
        if (imageId != null) {
            LEARNT.put(new Key(imageId, workspace), uid);
        }
    }
}
