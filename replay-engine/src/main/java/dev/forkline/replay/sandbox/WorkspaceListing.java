package dev.forkline.replay.sandbox;

import java.util.Map;

/**
 * A listing of a sandbox's workspace ({@link Sandbox#list()}).
 *
 * @param manifest the workspace
 * @param contents workspace path to the content of regular files that changed since the listing before and came back
 *                 with this one, each matching its hash in {@code manifest}; not necessarily every changed file
 */
public record WorkspaceListing(WorkspaceManifest manifest, Map<String, byte[]> contents) {

    public WorkspaceListing {
        contents = Map.copyOf(contents);
    }
}
