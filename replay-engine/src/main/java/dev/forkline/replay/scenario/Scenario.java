package dev.forkline.replay.scenario;

import com.fasterxml.jackson.databind.node.ObjectNode;

import java.math.BigDecimal;
import java.util.List;
import java.util.Map;

/**
 * A scripted agent session to record for real in a sandbox: scripted model turns, real tool calls, checkpoints, faults,
 * escape attempts, approvals, external effects to stand-ins, a killed sandbox, and the recovery demonstrated as a
 * second run. Read from {@code sample-traces/scenarios/<name>.yaml} by {@link ScenarioLoader}.
 */
public record Scenario(String name, String title, String description, ModelIdentity model, List<String> agents, String owner,
                       List<FileSpec> workspace, Map<String, StandIn> standIns, List<Step> steps, Outcome outcome,
                       Recovery recovery, String readme) {

    public Scenario {
        agents = agents == null ? List.of() : List.copyOf(agents);
        workspace = workspace == null ? List.of() : List.copyOf(workspace);
        standIns = standIns == null ? Map.of() : Map.copyOf(standIns);
        steps = steps == null ? List.of() : List.copyOf(steps);
    }

    public Scenario withName(String newName) {
        return new Scenario(newName, title, description, model, agents, owner, workspace, standIns, steps, outcome, recovery, readme);
    }

    public record ModelIdentity(String provider, String model, String version) {
    }

    /** A workspace file: content inline, mode as octal text (default 0644). */
    public record FileSpec(String path, String content, String mode) {
    }

    /**
     * Something outside the sandbox that the scenario talks to. {@code fixture}: answers fetches from {@code responses}
     * (url to body). {@code outbox}: a file-backed outbox on the host that records deliveries and answers look-ups by
     * idempotency key.
     */
    public record StandIn(String kind, String description, Map<String, String> responses) {
    }

    /** Exactly one field is set; {@link #kind()} says which. */
    public record Step(ModelStep model, ToolStep tool, FetchStep fetch, ExternalStep external, CheckpointStep checkpoint,
                       FaultStep fault, EscapeStep escape, MessageStep message, HandoffStep handoff) {

        public String kind() {
            List<String> set = new java.util.ArrayList<>();
            if (model != null) set.add("model");
            if (tool != null) set.add("tool");
            if (fetch != null) set.add("fetch");
            if (external != null) set.add("external");
            if (checkpoint != null) set.add("checkpoint");
            if (fault != null) set.add("fault");
            if (escape != null) set.add("escape");
            if (message != null) set.add("message");
            if (handoff != null) set.add("handoff");
            if (set.size() != 1) {
                throw new IllegalArgumentException("a step must have exactly one kind, found " + set);
            }
            return set.getFirst();
        }

        /** The id that recovery edits refer to: the call id of a call, the id of a model turn, checkpoint or fault. */
        public String id() {
            return switch (kind()) {
                case "model" -> model.id();
                case "tool" -> tool.callId();
                case "fetch" -> fetch.callId();
                case "external" -> external.callId();
                case "checkpoint" -> checkpoint.id();
                case "fault" -> fault.id();
                case "escape" -> escape.callId();
                default -> null;
            };
        }
    }

    public record ModelStep(String id, String agent, String model, String summary, String text, List<RequestedCall> toolCalls,
                            Usage usage, BigDecimal costUsd, Long latencyMs) {
    }

    public record RequestedCall(String callId, String name, ObjectNode arguments) {
    }

    public record Usage(long inputTokens, long outputTokens, long cacheReadTokens, long cacheWriteTokens) {
    }

    /** A shell command run in the sandbox ({@code sh -c command}); {@code expectExit} makes recording fail if it differs. */
    public record ToolStep(String callId, String agent, String command, String effect, String cwd, Map<String, String> env,
                           Long timeoutMs, Integer expectExit, String idempotencyKey) {
    }

    /** A fetch answered by a fixture stand-in; {@code saveAs} writes the body into the workspace. */
    public record FetchStep(String callId, String agent, String standIn, String url, String saveAs) {
    }

    /**
     * An external effect through a stand-in: {@code deliver} the workspace file {@code requestFile} to an outbox, or
     * {@code lookup} an outbox entry by idempotency key. {@code confirm} runs in the sandbox after delivery;
     * {@code killSandboxAfterMs} kills the container for real that long into the confirm command.
     */
    public record ExternalStep(String callId, String agent, String standIn, String action, String requestFile,
                               String idempotencyKey, String confirm, Long killSandboxAfterMs) {
    }

    public record CheckpointStep(String id, String label) {
    }

    /** An injected fault: a file the harness overwrites in the workspace, or an error it reports. */
    public record FaultStep(String id, String description, String path, String content, String mode, String error) {
    }

    /** A command that tries to cross the boundary; it really runs, and {@code blocked} is what really happened. */
    public record EscapeStep(String callId, String agent, String boundary, String command, Approval approval) {
    }

    public record Approval(String owner, String reason) {
    }

    public record MessageStep(String from, String to, String text) {
    }

    public record HandoffStep(String from, String to, String reason) {
    }

    public record Outcome(String outcome, String summary) {
    }

    /**
     * The recovery recorded as a second run: {@code fork} starts a fresh sandbox from checkpoint {@code from};
     * {@code revert} restores that checkpoint into the current sandbox. With {@code replay}, the original steps after
     * the checkpoint run again with {@code edits} applied and exit codes expected as {@code expect} says (call id to exit
     * code) where that differs from the first run; {@code steps} follow.
     */
    public record Recovery(String mode, String from, String by, String reason, String run, List<Edit> edits, boolean replay,
                           Map<String, Integer> expect, List<Step> steps, Outcome outcome) {

        public Recovery {
            edits = edits == null ? List.of() : List.copyOf(edits);
            expect = expect == null ? Map.of() : Map.copyOf(expect);
            steps = steps == null ? List.of() : List.copyOf(steps);
        }
    }

    /**
     * A change to one step for the recovery run, by step id: a new command (also applied to the model turn that requested
     * the call), fetch response, fault content, model text or summary, or skip the step.
     */
    public record Edit(String id, String command, String response, String content, String text, String summary, Boolean skip,
                       String description) {

        public boolean skips() {
            return Boolean.TRUE.equals(skip);
        }
    }
}
