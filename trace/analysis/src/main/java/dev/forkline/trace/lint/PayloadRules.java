package dev.forkline.trace.lint;

import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ModelCallData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Finding;
import dev.forkline.trace.verify.EventSweep;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The lint rules that read every event's payload, applied while an {@link EventSweep} shows the event: fields the
 * payload contract requires, tool.call effect classes, escapes that were not blocked, event types Forkline does not
 * know, and model.calls that do not name their model (which {@link Linter} reports per run).
 */
final class PayloadRules implements EventSweep.Inspection<PayloadRules.Seen> {

    /** The first event of a kind of finding that is reported once, and how many events share it. */
    static final class FirstAndCount {
        final int first;
        int count;

        FirstAndCount(int first) {
            this.first = first;
        }
    }

    private record TypeAndField(String type, String field) {
    }

    /** What the rules saw in a range of consecutive events, or (after {@link #append}) in all events so far. */
    static final class Seen {
        /** Findings about single events, in file order. */
        final List<Finding> perEvent = new ArrayList<>();
        /** By wire type, in order of first appearance. */
        final Map<String, FirstAndCount> unknownTypes = new LinkedHashMap<>();
        private final Map<TypeAndField, FirstAndCount> missingFields = new LinkedHashMap<>();
        /** File-order indexes of model.call events without data.model, in file order. */
        final List<Integer> unnamedModelCalls = new ArrayList<>();
        /** What each session.start names, by its file-order index. */
        final Map<Integer, SessionIdentity> sessionStarts = new HashMap<>();

        /** Adds what a range of events after those seen so far showed. */
        void append(Seen later) {
            perEvent.addAll(later.perEvent);
            later.unknownTypes.forEach((type, seen) -> merge(unknownTypes, type, seen));
            later.missingFields.forEach((typeAndField, seen) -> merge(missingFields, typeAndField, seen));
            unnamedModelCalls.addAll(later.unnamedModelCalls);
            sessionStarts.putAll(later.sessionStarts);
        }

        private static <K> void merge(Map<K, FirstAndCount> into, K key, FirstAndCount later) {
            into.computeIfAbsent(key, k -> new FirstAndCount(later.first)).count += later.count;
        }

        private static <K> void count(Map<K, FirstAndCount> counts, K key, int eventIndex) {
            counts.computeIfAbsent(key, k -> new FirstAndCount(eventIndex)).count++;
        }
    }

    private final EventFindings eventFindings;

    PayloadRules(EventFindings eventFindings) {
        this.eventFindings = eventFindings;
    }

    /** Everything the parts of a sweep saw, in file order. */
    static Seen all(List<Seen> parts) {
        Seen all = new Seen();
        parts.forEach(all::append);
        return all;
    }

    /** The findings for the whole trace: per-event ones in file order, then one per unknown type and per missing field. */
    List<Finding> findings(Seen all) {
        List<Finding> out = new ArrayList<>(all.perEvent);
        all.unknownTypes.forEach((type, seen) -> out.add(eventFindings.of(Finding.Severity.INFO, LintCodes.UNKNOWN_EVENT_TYPE,
                seen.count + " event(s) of unknown type '" + type + "': kept and shown, not interpreted", seen.first)));
        all.missingFields.forEach((missing, seen) -> out.add(eventFindings.of(Finding.Severity.WARNING, LintCodes.MISSING_PAYLOAD_FIELD,
                seen.count + " " + missing.type() + " event(s) lack data." + missing.field(), seen.first)));
        return out;
    }

    @Override
    public Seen newPart() {
        return new Seen();
    }

    @Override
    public void inspect(int i, Event event, Seen seen) {
        EventType kind = event.kind();
        if (kind == EventType.UNKNOWN) {
            Seen.count(seen.unknownTypes, event.type(), i);
            return;
        }
        for (String field : PayloadContract.REQUIRED.getOrDefault(kind, List.of())) {
            if (!event.data().has(field)) {
                Seen.count(seen.missingFields, new TypeAndField(event.type(), field), i);
            }
        }
        switch (kind) {
            case TOOL_CALL -> effectClass(i, event, seen);
            case ESCAPE_ATTEMPT -> escape(i, event, seen);
            case SESSION_START -> seen.sessionStarts.put(i, SessionIdentity.of(event));
            case MODEL_CALL -> {
                if (blank(event.data().get(ModelCallData.MODEL))) {
                    seen.unnamedModelCalls.add(i);
                }
            }
            default -> {
            }
        }
    }

    private void effectClass(int i, Event call, Seen seen) {
        try {
            EffectClass.fromWire(call.text(ToolCallData.EFFECT));
        } catch (IllegalArgumentException e) {
            seen.perEvent.add(eventFindings.of(Finding.Severity.ERROR, LintCodes.UNKNOWN_EFFECT_CLASS, "tool.call "
                    + Linter.quote(call.text(ToolCallData.CALL_ID)) + ": " + e.getMessage() + "; replay cannot tell whether to re-execute it", i));
        }
    }

    private void escape(int i, Event attempt, Seen seen) {
        JsonNode blocked = attempt.data().path(EscapeAttemptData.BLOCKED);
        if (blocked.isBoolean() && !blocked.booleanValue()) {
            seen.perEvent.add(eventFindings.of(Finding.Severity.ERROR, LintCodes.ESCAPE_NOT_BLOCKED, "escape attempt across the "
                    + attempt.text(EscapeAttemptData.BOUNDARY) + " boundary was not blocked: " + attempt.text(EscapeAttemptData.ATTEMPT), i));
        }
    }

    static boolean blank(JsonNode node) {
        return node == null || !node.isTextual() || node.textValue().isBlank();
    }
}
