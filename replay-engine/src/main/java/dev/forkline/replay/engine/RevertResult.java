package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

import java.nio.file.Path;
import java.util.List;

/**
 * A restored checkpoint.
 *
 * @param run               the run whose checkpoint was restored
 * @param checkpointId      the checkpoint
 * @param checkpointEventId its event
 * @param target            directory or container
 * @param directory         the directory written (null for a container)
 * @param containerId       the container kept running (null for a directory); remove it with {@code docker rm -f -v}
 * @param files             regular files restored
 * @param links             symbolic links restored
 * @param skipped           entries left out, with why (links pointing outside the directory)
 * @param durationMs        how long restoring took
 * @param recovery          recovery time and cost, as recorded in the revert event
 * @param revertRun         the run recorded in the bundle (null when not recorded)
 * @param revertEventId     its revert event (null when not recorded)
 */
public record RevertResult(String run, String checkpointId, String checkpointEventId, RevertRequest.Target target, Path directory,
                           String containerId, int files, int links, List<String> skipped, long durationMs, RecoveryCost recovery,
                           String revertRun, String revertEventId) {

    public RevertResult {
        skipped = List.copyOf(skipped);
    }

    /** What {@code forkline revert} prints. */
    public String describe() {
        StringBuilder s = new StringBuilder("restored checkpoint " + checkpointId + " of " + run + " (" + files + " files, " + links
                + " links) in " + durationMs + " ms into ");
        s.append(directory != null ? directory.toString() : "container " + containerId + " (kept running: docker exec -it "
                + containerId.substring(0, Math.min(12, containerId.length())) + " sh; remove with docker rm -f -v "
                + containerId.substring(0, Math.min(12, containerId.length())) + ")");
        s.append('\n');
        skipped.forEach(left -> s.append("  not restored: ").append(left).append('\n'));
        s.append("recovery: ").append(recovery.recoveryTimeMs()).append(" ms since failure ").append(recovery.failureEventId())
                .append(", lost ").append(recovery.lostTokens()).append(" tokens / $").append(recovery.lostCostUsd().toPlainString())
                .append(" of model work");
        if (revertEventId != null) {
            s.append("; recorded as ").append(revertEventId).append(" in run ").append(revertRun);
        }
        return s.append('\n').toString();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("run", run);
        json.put("checkpoint", checkpointId);
        json.put("checkpointEvent", checkpointEventId);
        json.put("target", target.name().toLowerCase(java.util.Locale.ROOT));
        json.put("directory", directory == null ? null : directory.toString());
        json.put("containerId", containerId);
        json.put("files", files);
        json.put("links", links);
        ArrayNode left = json.putArray("skipped");
        skipped.forEach(left::add);
        json.put("durationMs", durationMs);
        json.set("recovery", recovery.toJson());
        json.put("revertRun", revertRun);
        json.put("revertEvent", revertEventId);
        return json;
    }
}
