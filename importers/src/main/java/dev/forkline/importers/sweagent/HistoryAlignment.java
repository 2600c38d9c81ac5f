package dev.forkline.importers.sweagent;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.support.JsonFields;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Which history message holds the model response of each trajectory step. Usually one assistant message per step, in
 * order; where they do not line up one to one (a final {@code submit} the history does not hold, requeries after format
 * errors that left no step), steps are matched in order to the next assistant message that says the same (its
 * {@code action}, its content against the step's {@code response}, its {@code thought}, or its tool call's name and
 * command against the action), so every step that
 * does align keeps its call id, function name and model input, and only the rest is unmatched.
 */
final class HistoryAlignment {

    /** How far ahead an unmatched step may look for its message (requeries come in small numbers). */
    private static final int LOOKAHEAD = 8;

    private final int[] messageOfStep;
    private final int unmatchedSteps;
    private final int unmatchedMessages;

    private HistoryAlignment(int[] messageOfStep, int unmatchedSteps, int unmatchedMessages) {
        this.messageOfStep = messageOfStep;
        this.unmatchedSteps = unmatchedSteps;
        this.unmatchedMessages = unmatchedMessages;
    }

    /** @param history the non-demonstration history; @param steps the trajectory */
    static HistoryAlignment of(List<JsonNode> history, JsonNode steps) {
        List<Integer> assistants = new ArrayList<>();
        for (int i = 0; i < history.size(); i++) {
            if ("assistant".equals(JsonFields.scalar(history.get(i), "role"))) {
                assistants.add(i);
            }
        }
        int[] messageOfStep = new int[steps.size()];
        Arrays.fill(messageOfStep, -1);
        if (assistants.size() == steps.size() && positionsAgree(steps, history, assistants)) {
            for (int k = 0; k < steps.size(); k++) {
                messageOfStep[k] = assistants.get(k);
            }
            return new HistoryAlignment(messageOfStep, 0, 0);
        }
        int next = 0;
        int matched = 0;
        for (int k = 0; k < steps.size(); k++) {
            for (int j = next; j < assistants.size() && j < next + LOOKAHEAD; j++) {
                if (same(steps.get(k), history.get(assistants.get(j)))) {
                    messageOfStep[k] = assistants.get(j);
                    next = j + 1;
                    matched++;
                    break;
                }
            }
        }
        return new HistoryAlignment(messageOfStep, steps.size() - matched, assistants.size() - matched);
    }

    /** Equal counts line up by position unless some step plainly says something else than its message. */
    private static boolean positionsAgree(JsonNode steps, List<JsonNode> history, List<Integer> assistants) {
        for (int k = 0; k < steps.size(); k++) {
            JsonNode step = steps.get(k);
            boolean silent = blank(JsonFields.scalar(step, "action")) && blank(JsonFields.scalar(step, "response"))
                    && blank(JsonFields.scalar(step, "thought"));
            if (!silent && !same(step, history.get(assistants.get(k)))) {
                return false;
            }
        }
        return true;
    }

    private static boolean blank(String text) {
        return text == null || text.isBlank();
    }

    private static boolean same(JsonNode step, JsonNode message) {
        String action = strip(JsonFields.scalar(step, "action"));
        String response = strip(JsonFields.scalar(step, "response"));
        if (action != null && action.equals(strip(JsonFields.scalar(message, "action")))) {
            return true;
        }
        if (response != null && !response.isEmpty() && response.equals(strip(JsonFields.contentText(message.get("content"))))) {
            return true;
        }
        String thought = strip(JsonFields.scalar(step, "thought"));
        if (thought != null && !thought.isEmpty() && thought.equals(strip(JsonFields.scalar(message, "thought")))) {
            return true;
        }
        JsonNode calls = message.get("tool_calls");
        if (action != null && calls != null && calls.isArray() && !calls.isEmpty()) {
            // an action is the bash command itself, or "<tool> <arguments>"
            String name = JsonFields.scalarAt(calls.get(0), "function", "name");
            String command = strip(JsonFields.scalar(JsonFields.objectOrRaw(JsonFields.at(calls.get(0), "function", "arguments")), "command"));
            return "bash".equals(name) ? action.equals(command) : name != null && (action.equals(name) || action.startsWith(name + " "));
        }
        return false;
    }

    private static String strip(String text) {
        return text == null ? null : text.strip();
    }

    /** The history index of step {@code k}'s message, or -1 when it has none. */
    int messageOf(int k) {
        return messageOfStep[k];
    }

    boolean oneToOne() {
        return unmatchedSteps == 0 && unmatchedMessages == 0;
    }

    int unmatchedSteps() {
        return unmatchedSteps;
    }

    int unmatchedMessages() {
        return unmatchedMessages;
    }

    /** The 1-based numbers of the steps without a message, for the finding. */
    List<Integer> unmatchedStepNumbers() {
        List<Integer> numbers = new ArrayList<>();
        for (int k = 0; k < messageOfStep.length; k++) {
            if (messageOfStep[k] < 0) {
                numbers.add(k + 1);
            }
        }
        return numbers;
    }
}
