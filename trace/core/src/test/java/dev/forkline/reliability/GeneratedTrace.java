package dev.forkline.reliability;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** A large, valid trace built with the real EventChain: session.start, then tool.call/tool.result pairs, some with blobs. */
final class GeneratedTrace {

    static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    private GeneratedTrace() {
    }

    static Bundle of(String traceId, int eventCount) {
        EventChain chain = new EventChain();
        MemoryBlobStore blobs = new MemoryBlobStore();
        List<Event> events = new ArrayList<>(eventCount);
        ObjectNode start = Json.object().put("title", traceId);
        start.putObject("environment").put("image", "forkline/sandbox:1");
        events.add(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(T0).data(start)));
        for (int i = 1; events.size() < eventCount; i++) {
            Instant at = T0.plusMillis(10L * events.size());
            ObjectNode call = Json.object().put("callId", "c" + i).put("tool", "bash").put("effect", "process");
            call.putObject("arguments").put("command", "echo step " + i);
            Event callEvent = chain.append(NewEvent.of("r1", "agent:coder", EventType.TOOL_CALL).at(at)
                    .touches(StateKind.PROCESS).data(call));
            events.add(callEvent);
            if (events.size() < eventCount) {
                ObjectNode result = Json.object().put("callId", "c" + i).put("exitCode", 0);
                if (i % 500 == 0) {
                    result.put("stdoutBlob", blobs.put((traceId + " output " + i + "\n").repeat(50).getBytes(StandardCharsets.UTF_8)));
                } else {
                    result.put("stdout", "step " + i + "\n");
                }
                events.add(chain.append(NewEvent.of("r1", "harness", EventType.TOOL_RESULT).at(at.plusMillis(5))
                        .causes(callEvent.id()).data(result)));
            }
        }
        int[] lines = new int[events.size()];
        for (int i = 0; i < lines.length; i++) {
            lines[i] = i + 1;
        }
        return new Bundle("generated:" + traceId, Manifest.of(traceId, traceId, T0, "reliability-test"), events, lines, blobs);
    }
}
