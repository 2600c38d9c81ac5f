package dev.forkline.importers.claudecode;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonFields;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Which actor (timeline lane) each transcript record belongs to. The main conversation is the main agent; a sidechain
 * conversation inside the main file (a chain of {@code parentUuid} links starting at a sidechain root) and every
 * subagent file are each their own agent, named after the Task call that started it when that can be found.
 */
final class ClaudeLanes {

    static final String MAIN_AGENT = "agent:claude-code";

    /** A lane and, for a subagent, the Task call that started it (or null). */
    record Lane(String actor, ClaudeSessionScan.SubagentCall startedBy, boolean rootRecord) {
    }

    private static final Lane MAIN_LANE = new Lane(MAIN_AGENT, null, false);

    private final ClaudeSessionScan scan;
    private final Path mainFile;
    /** Each record's lane by its uuid, for sidechain records that follow their parent's; kept only when the transcript has any. */
    private final Map<String, Lane> laneByUuid = new HashMap<>();
    private final boolean keepsUuids;
    private final Map<Path, Lane> laneByFile = new HashMap<>();
    private final Map<String, Integer> countByType = new HashMap<>();

    ClaudeLanes(ClaudeSessionScan scan, Path mainFile) {
        this.scan = scan;
        this.mainFile = mainFile;
        // without sidechains no lane is looked up by uuid, and a large transcript's uuids need not stay in memory
        this.keepsUuids = scan.transcriptSidechains > 0;
    }

    Lane laneOf(Path file, ObjectNode record) {
        Lane lane;
        if (!file.equals(mainFile)) {
            Lane fileLane = laneByFile.get(file);
            if (fileLane == null) {
                fileLane = subagentFileLane(file, record);
                laneByFile.put(file, fileLane);
                lane = fileLane;
            } else {
                lane = new Lane(fileLane.actor(), fileLane.startedBy(), false);
            }
        } else if (!record.path("isSidechain").asBoolean(false)) {
            lane = MAIN_LANE;
        } else if (laneByUuid.get(JsonFields.text(record, "parentUuid")) instanceof Lane parentLane) {
            lane = new Lane(parentLane.actor(), parentLane.startedBy(), false);
        } else {
            ClaudeSessionScan.SubagentCall call = callForPrompt(record);
            lane = new Lane(newActor(call == null ? null : call.subagentType(), null), call, true);
        }
        String uuid = keepsUuids ? JsonFields.text(record, "uuid") : null;
        if (uuid != null) {
            laneByUuid.put(uuid, lane);
        }
        return lane;
    }

    private Lane subagentFileLane(Path file, ObjectNode firstRecord) {
        String agentId = JsonFields.text(firstRecord, "agentId");
        if (agentId == null) {
            String name = file.getFileName().toString();
            agentId = name.replaceFirst("^agent-", "").replaceFirst("\\.jsonl$", "");
        }
        ClaudeSessionScan.SubagentCall call = null;
        for (var entry : scan.agentIdByCallId.entrySet()) {
            if (entry.getValue().equals(agentId)) {
                call = scan.subagentCallsById.get(entry.getKey());
            }
        }
        if (call == null) {
            call = callForPrompt(firstRecord);
        }
        return new Lane(newActor(call == null ? null : call.subagentType(), agentId), call, true);
    }

    private ClaudeSessionScan.SubagentCall callForPrompt(ObjectNode record) {
        String prompt = ClaudeBlocks.plainText(record.get("message"));
        return prompt == null ? null : scan.subagentCallsByPrompt.get(prompt.strip());
    }

    private String newActor(String subagentType, String agentId) {
        String type = subagentType == null || subagentType.isBlank() ? "subagent" : subagentType.strip().replaceAll("\\s+", "-");
        if (agentId != null) {
            return "agent:" + type + "-" + agentId;
        }
        int n = countByType.merge(type, 1, Integer::sum);
        return "agent:" + type + "-" + n;
    }
}
