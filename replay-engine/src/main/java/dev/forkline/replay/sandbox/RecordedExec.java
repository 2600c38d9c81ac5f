package dev.forkline.replay.sandbox;

import dev.forkline.trace.payload.ToolCallData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How to run a recorded {@code tool.call} again: its {@code data.exec} (argv, cwd, env, timeoutMs) when recorded, else
 * a shell tool's {@code arguments.command} run as {@code sh -c}. Calls that are not commands (fetches, deliveries to
 * external systems) have none: a replay must not repeat them blindly.
 */
public record RecordedExec(List<String> argv, String cwd, Map<String, String> env, Duration timeout) {

    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(60);

    public RecordedExec {
        argv = List.copyOf(argv);
        env = Map.copyOf(env);
    }

    public static Optional<RecordedExec> of(Event toolCall) {
        if (!toolCall.is(EventType.TOOL_CALL)) {
            return Optional.empty();
        }
        JsonNode data = toolCall.data();
        JsonNode exec = data.path(ToolCallData.EXEC);
        if (exec.path(ToolCallData.EXEC_ARGV).isArray() && !exec.path(ToolCallData.EXEC_ARGV).isEmpty()) {
            List<String> argv = new ArrayList<>();
            exec.path(ToolCallData.EXEC_ARGV).forEach(a -> argv.add(a.asText()));
            Map<String, String> env = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = exec.path(ToolCallData.EXEC_ENV).fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                env.put(e.getKey(), e.getValue().asText());
            }
            Duration timeout = exec.path(ToolCallData.EXEC_TIMEOUT_MS).canConvertToLong() ? Duration.ofMillis(exec.path(ToolCallData.EXEC_TIMEOUT_MS).asLong()) : DEFAULT_TIMEOUT;
            return Optional.of(new RecordedExec(argv, exec.path(ToolCallData.EXEC_CWD).asText(null), env, timeout));
        }
        String tool = data.path(ToolCallData.TOOL).asText("");
        JsonNode command = data.path(ToolCallData.ARGUMENTS).path(ToolCallData.ARGUMENT_COMMAND);
        if (command.isTextual() && (tool.equals("shell") || tool.equals("bash") || tool.equals("Bash"))) {
            return Optional.of(new RecordedExec(List.of("sh", "-c", command.asText()), null, Map.of(), DEFAULT_TIMEOUT));
        }
        return Optional.empty();
    }
}
