package dev.forkline.live.claude;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/**
 * What the hook prints for Claude Code: nothing (the call goes on as Claude Code would go on anyway), or a PreToolUse
 * decision ({@code hookSpecificOutput.permissionDecision} {@code allow}, {@code deny} or {@code ask} with
 * {@code permissionDecisionReason}, and {@code updatedInput} when the owner changed the arguments).
 */
public record HookAnswer(String decision, String reason, JsonNode updatedInput) {

    public static final HookAnswer PASS = new HookAnswer(null, null, null);

    public static HookAnswer allow(String reason, JsonNode updatedInput) {
        return new HookAnswer("allow", reason, updatedInput);
    }

    public static HookAnswer deny(String reason) {
        return new HookAnswer("deny", reason, null);
    }

    public static HookAnswer ask(String reason) {
        return new HookAnswer("ask", reason, null);
    }

    /** The JSON Claude Code reads from the hook's standard output; empty for {@link #PASS}. */
    public String toJson() {
        if (decision == null) {
            return "";
        }
        ObjectNode root = Json.object();
        ObjectNode specific = root.putObject("hookSpecificOutput");
        specific.put("hookEventName", "PreToolUse");
        specific.put("permissionDecision", decision);
        specific.put("permissionDecisionReason", reason);
        if (updatedInput != null) {
            specific.set("updatedInput", updatedInput);
        }
        return root.toString();
    }
}
