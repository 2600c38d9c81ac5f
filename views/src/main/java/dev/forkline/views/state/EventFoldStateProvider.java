package dev.forkline.views.state;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.views.data.RunLineage;
import dev.forkline.views.timeline.EventClassifier;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Folds the events up to the cursor (ancestors' events up to the fork point first) into the five states, following the
 * payload contract: checkpoints reset the workspace baseline, mutations change files, process start/exit, tool
 * calls without results are pending, external calls are committed once they have a successful result.
 */
public final class EventFoldStateProvider implements StateProvider {

    @Override
    public StateSnapshot at(RunLineage lineage, String run, int eventIndex) {
        List<Event> own = lineage.events(run);
        if (eventIndex < 0 || eventIndex >= own.size()) {
            return StateSnapshot.EMPTY;
        }
        Event cursor = own.get(eventIndex);
        List<Event> all = lineage.eventsWithAncestry(run);
        int upTo = all.indexOf(cursor);
        List<Event> before = all.subList(0, upTo + 1);

        List<StateSnapshot.HistoryEntry> history = new ArrayList<>();
        Map<String, Event> openCalls = new LinkedHashMap<>();
        Map<String, Event> openApprovals = new LinkedHashMap<>();
        Map<String, JsonNode> baseline = new TreeMap<>();
        Map<String, String[]> files = new TreeMap<>(); // path -> {blob, mode}
        Map<Long, String> processes = new LinkedHashMap<>();
        Map<Long, String> exited = new LinkedHashMap<>();
        Map<String, Event> externalCalls = new LinkedHashMap<>();
        Map<String, String> externalStatus = new LinkedHashMap<>();
        String lastCheckpoint = null;

        for (Event event : before) {
            switch (event.kind()) {
                case MODEL_CALL -> history.add(new StateSnapshot.HistoryEntry(event.id(), event.actor(), "model",
                        text(event.data().path("output").path("text"), text(event.data().path("input").path("summary"), ""))));
                case AGENT_MESSAGE -> history.add(new StateSnapshot.HistoryEntry(event.id(), event.actor(), "message",
                        event.text("from") + " → " + event.text("to") + ": " + event.text("text")));
                case AGENT_HANDOFF -> history.add(new StateSnapshot.HistoryEntry(event.id(), event.actor(), "handoff",
                        event.text("from") + " → " + event.text("to") + ": " + event.text("reason")));
                case TOOL_CALL -> {
                    openCalls.put(key(event), event);
                    if (EventClassifier.isExternalCall(event)) {
                        externalCalls.put(key(event), event);
                        externalStatus.put(key(event), "in flight");
                    }
                }
                case TOOL_RESULT -> {
                    String callKey = resultKey(event, openCalls);
                    Event call = callKey == null ? null : openCalls.remove(callKey);
                    if (call != null && externalCalls.containsKey(callKey)) {
                        externalStatus.put(callKey, EventClassifier.isFailedResult(event) ? "failed" : "committed");
                    }
                }
                case APPROVAL_REQUEST -> openApprovals.put(event.id(), event);
                case APPROVAL_DECISION -> event.causes().forEach(openApprovals::remove);
                case CHECKPOINT -> {
                    lastCheckpoint = event.text("label") != null ? event.text("label") : event.text("checkpointId");
                    baseline.clear();
                    files.clear();
                    JsonNode snapshot = event.data().path("workspace").path("files");
                    snapshot.properties().forEach(f -> {
                        baseline.put(f.getKey(), f.getValue());
                        files.put(f.getKey(), new String[]{f.getValue().path("blob").asText(null), f.getValue().path("mode").asText("0644")});
                    });
                    processes.clear();
                    exited.clear();
                }
                case STATE_MUTATION -> {
                    String path = event.text("path");
                    if (path != null) {
                        if ("delete".equals(event.text("op"))) {
                            files.put(path, new String[]{null, null});
                        } else {
                            String[] previous = files.get(path);
                            String mode = event.text("mode") != null ? event.text("mode") : previous == null ? "0644" : previous[1];
                            String after = event.text("after") != null ? event.text("after") : previous == null ? null : previous[0];
                            files.put(path, new String[]{after, mode});
                        }
                    }
                }
                case PROCESS_START -> processes.put(event.data().path("pid").asLong(), command(event));
                case PROCESS_EXIT -> {
                    long pid = event.data().path("pid").asLong();
                    if (processes.containsKey(pid)) {
                        JsonNode signal = event.data().get("signal");
                        exited.put(pid, signal != null && !signal.isNull() ? "killed by " + signal.asText()
                                : "exited " + event.data().path("exitCode").asText("?"));
                    }
                }
                case SESSION_END -> {
                    for (var entry : externalStatus.entrySet()) {
                        if (entry.getValue().equals("in flight")) {
                            entry.setValue("unknown");
                        }
                    }
                }
                default -> {
                }
            }
        }
        // an external call still open at the cursor whose result never comes in this run is an unknown outcome
        for (var entry : externalStatus.entrySet()) {
            if (entry.getValue().equals("in flight") && !resultExistsLater(entry.getKey(), all, upTo)) {
                entry.setValue("unknown");
            }
        }

        List<StateSnapshot.FileEntry> workspace = new ArrayList<>();
        for (var file : files.entrySet()) {
            JsonNode base = baseline.get(file.getKey());
            String blob = file.getValue()[0];
            String change;
            if (blob == null) {
                change = base == null ? null : "deleted";
            } else if (base == null) {
                change = "created";
            } else if (!blob.equals(base.path("blob").asText(null))) {
                change = "modified";
            } else {
                change = "unchanged";
            }
            if (change != null) {
                workspace.add(new StateSnapshot.FileEntry(file.getKey(), blob, file.getValue()[1], change));
            }
        }
        List<StateSnapshot.ProcessEntry> processList = new ArrayList<>();
        processes.forEach((pid, command) -> processList.add(new StateSnapshot.ProcessEntry(pid, command, exited.getOrDefault(pid, "running"))));
        List<StateSnapshot.EffectEntry> effects = new ArrayList<>();
        externalCalls.forEach((callKey, call) -> effects.add(new StateSnapshot.EffectEntry(call.id(), call.text("callId"),
                call.text("tool"), call.data().path("arguments").toString(), externalStatus.get(callKey))));
        List<String> pendingCalls = openCalls.values().stream()
                .map(call -> call.text("tool") + " (" + call.text("callId") + ", " + call.id() + ")").toList();
        List<String> pendingApprovals = openApprovals.values().stream()
                .map(request -> request.text("subject") + ": " + request.text("reason")).toList();
        return new StateSnapshot(cursor.id(), lastCheckpoint, history, new StateSnapshot.Harness(pendingCalls, pendingApprovals),
                workspace, processList, effects);
    }

    private static boolean resultExistsLater(String callKey, List<Event> all, int from) {
        for (int i = from + 1; i < all.size(); i++) {
            Event event = all.get(i);
            if (event.is(EventType.TOOL_RESULT) && (callKey.equals("call:" + event.text("callId")) || event.causes().stream().anyMatch(c -> callKey.equals("event:" + c)))) {
                return true;
            }
        }
        return false;
    }

    private static String key(Event call) {
        return call.text("callId") != null ? "call:" + call.text("callId") : "event:" + call.id();
    }

    private static String resultKey(Event result, Map<String, Event> openCalls) {
        if (result.text("callId") != null && openCalls.containsKey("call:" + result.text("callId"))) {
            return "call:" + result.text("callId");
        }
        for (String cause : result.causes()) {
            for (var entry : openCalls.entrySet()) {
                if (entry.getValue().id().equals(cause)) {
                    return entry.getKey();
                }
            }
        }
        return null;
    }

    private static String command(Event event) {
        JsonNode argv = event.data().get("argv");
        if (argv != null && argv.isArray() && !argv.isEmpty()) {
            List<String> parts = new ArrayList<>();
            argv.forEach(a -> parts.add(a.asText()));
            return String.join(" ", parts);
        }
        return event.text("name") == null ? "?" : event.text("name");
    }

    private static String text(JsonNode node, String fallback) {
        return node.isTextual() ? node.asText() : fallback;
    }
}
