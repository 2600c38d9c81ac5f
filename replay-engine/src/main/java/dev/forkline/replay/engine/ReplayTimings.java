package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * Where a replay's time went, in milliseconds.
 *
 * @param imageMs     choosing (and if need be pulling) the image
 * @param provisionMs getting a running sandbox (near zero when one came from the pool)
 * @param restoreMs   putting the checkpoint's workspace into it and checking it
 * @param stepsMs     walking the steps (the sum of the per-step times plus bookkeeping)
 * @param totalMs     the whole replay, writing included
 * @param fromPool    the sandbox was pre-started by a {@link SandboxPool}
 * @param prepared    it was also restored to the checkpoint in advance ({@link SandboxPool#prepare})
 */
public record ReplayTimings(long imageMs, long provisionMs, long restoreMs, long stepsMs, long totalMs, boolean fromPool,
                            boolean prepared) {

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("imageMs", imageMs);
        json.put("provisionMs", provisionMs);
        json.put("restoreMs", restoreMs);
        json.put("stepsMs", stepsMs);
        json.put("totalMs", totalMs);
        json.put("fromPool", fromPool);
        json.put("prepared", prepared);
        return json;
    }
}
