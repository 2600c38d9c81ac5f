package dev.forkline.replay.sandbox;

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
        JsonNode exec = data.path("exec");
        if (exec.path("argv").isArray() && !exec.path("argv").isEmpty()) {
            List<String> argv = new ArrayList<>();
            exec.path("argv").forEach(a -> argv.add(a.asText()));
            Map<String, String> env = new TreeMap<>();
            for (Iterator<Map.Entry<String, JsonNode>> it = exec.path("env").fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                env.put(e.getKey(), e.getValue().asText());
            }
            Duration timeout = exec.path("timeoutMs").canConvertToLong() ? Duration.ofMillis(exec.path("timeoutMs").asLong()) : DEFAULT_TIMEOUT;
            return Optional.of(new RecordedExec(argv, exec.path("cwd").asText(null), env, timeout));
        }
        String tool = data.path("tool").asText("");
        JsonNode command = data.path("arguments").path("command");
        if (command.isTextual() && (tool.equals("shell") || tool.equals("bash") || tool.equals("Bash"))) {
            return Optional.of(new RecordedExec(List.of("sh", "-c", command.asText()), null, Map.of(), DEFAULT_TIMEOUT));
        }
        return Optional.empty();
    }
}
