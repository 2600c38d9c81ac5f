package dev.forkline.views.inspector;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.views.data.ToolCallText;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.data.SubagentLanes;
import dev.forkline.trace.secrets.SecretMasker;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.payload.AgentHandoffData;
import dev.forkline.trace.payload.AgentMessageData;
import dev.forkline.trace.payload.ApprovalDecisionData;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.CheckpointData;
import dev.forkline.trace.payload.ErrorData;
import dev.forkline.trace.payload.EscapeAttemptData;
import dev.forkline.trace.payload.ModelCallData;
import dev.forkline.trace.payload.RunForkData;
import dev.forkline.trace.payload.SandboxLostData;
import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.trace.payload.SessionOutcome;
import dev.forkline.trace.payload.SessionStartData;
import dev.forkline.trace.payload.StateMutationData;
import dev.forkline.trace.payload.ToolCallData;
import dev.forkline.trace.payload.ToolResultData;
import dev.forkline.trace.payload.UsageData;
import dev.forkline.views.inspector.EventDetails.Field;
import dev.forkline.views.inspector.EventDetails.Fields;
import dev.forkline.views.inspector.EventDetails.Section;
import dev.forkline.views.inspector.EventDetails.Text;
import dev.forkline.views.inspector.EventDetails.Tone;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/** Renders an event by type into {@link EventDetails}; every event also gets its raw JSON. */
public final class EventDescriber {

    private static final int MAX_BLOB_CHARS = 200_000;

    private final BlobSource blobs;
    private final TrustedKeys trustedKeys;

    public EventDescriber(BlobSource blobs) {
        this(blobs, TrustedKeys.none());
    }

    /** @param trustedKeys whose keys count as trusted for decision signatures (from the local key ring) */
    public EventDescriber(BlobSource blobs, TrustedKeys trustedKeys) {
        this.blobs = blobs;
        this.trustedKeys = trustedKeys;
    }

    /**
     * Credentials in the trace are shown masked; the signature of a decision is checked on the event as recorded.
     *
     * @param run the event's run: a tool call's result is looked up there (reading just that result), and a decision's
     *            subject must be an event of its trace
     */
    public EventDetails describe(Event recorded, RunEvents run) {
        Event event = SecretMasker.mask(recorded);
        List<Section> sections = new ArrayList<>();
        Tone tone = EventClassifier.isFailure(event) ? Tone.DANGER : Tone.NORMAL;
        String title = event.type();
        switch (event.kind()) {
            case TOOL_CALL -> {
                title = "Tool call · " + ToolCallText.headline(event);
                sections.add(toolCall(event));
                JsonNode arguments = event.data().get(ToolCallData.ARGUMENTS);
                if (!ToolCallText.arguments(arguments).isEmpty()) {
                    sections.add(new Text("Arguments", ToolCallText.asText(arguments), true, Tone.NORMAL));
                }
                SubagentLanes.Lane lane = SubagentLanes.startedBy(event, run);
                if (lane != null) {
                    sections.add(new EventDetails.Links("Subagent", "This call started the lane " + lane.actor() + ".",
                            List.of(new EventDetails.Link(run.id(lane.firstEvent()), "Open the lane " + lane.actor(), Tone.NORMAL, false))));
                }
                Optional<Event> result = resultOf(event, run);
                if (result.isPresent()) {
                    sections.addAll(toolResult(SecretMasker.mask(result.get()), "Result"));
                    if (EventClassifier.isFailedResult(result.get())) {
                        tone = Tone.DANGER;
                    }
                } else {
                    boolean external = EventClassifier.isExternalCall(event);
                    sections.add(new Text("Result", external
                            ? "No result was recorded: the outcome of this external effect is unknown."
                            : "No result was recorded.", false, external ? Tone.WARNING : Tone.NORMAL));
                    tone = external ? Tone.WARNING : tone;
                }
            }
            case TOOL_RESULT -> {
                Optional<Event> call = CauseChain.callOf(recorded, run);
                String what = call.map(ToolCallText::headline).orElse(orDash(ToolResultData.from(event.data()).callId()));
                title = (EventClassifier.isFailedResult(event) ? "Failed · " : "Tool result · ") + what;
                sections.addAll(toolResult(event, "Result"));
            }
            case STATE_MUTATION -> {
                StateMutationData mutation = StateMutationData.from(event.data());
                String op = event.text(StateMutationData.OP); // as written, also when no MutationOp knows it
                title = "Mutation · " + op + " " + mutation.path();
                sections.add(new Fields("File", List.of(new Field("Path", mutation.path()), new Field("Operation", op),
                        new Field("Before", orDash(mutation.before())), new Field("After", orDash(mutation.after())),
                        new Field("Mode", orDash(mutation.mode())))));
                sections.add(mutationDiff(event));
            }
            case MODEL_CALL -> {
                title = "Model call · " + ModelCallData.from(event.data()).model();
                sections.addAll(modelCall(event));
            }
            case APPROVAL_REQUEST -> {
                title = "Approval request";
                ApprovalRequestData request = ApprovalRequestData.from(event.data());
                sections.add(new Fields("Request", List.of(new Field("Subject", orDash(request.subject())),
                        new Field("Reason", orDash(request.reason())), new Field("Owner", orDash(request.owner())))));
            }
            case APPROVAL_DECISION -> {
                ApprovalDecisionData decision = ApprovalDecisionData.from(event.data());
                String verdict = orDash(decision.verdict());
                title = "Decision · " + verdict;
                Tone verdictTone = switch (Verdict.parse(decision.verdict()).orElse(null)) {
                    case APPROVE -> Tone.SUCCESS;
                    case DENY, TERMINATE -> Tone.DANGER;
                    case null, default -> Tone.WARNING;
                };
                List<Field> fields = new ArrayList<>(List.of(new Field("Verdict", verdict, verdictTone),
                        new Field("Subject", orDash(decision.subject())), new Field("Owner", orDash(decision.owner())),
                        new Field("Rationale", orDash(decision.rationale())),
                        new Field("Decided at", orDash(event.text(ApprovalDecisionData.DECIDED_AT)))));
                fields.addAll(signature(recorded, run));
                sections.add(new Fields("Decision", fields));
                JsonNode arguments = event.data().get(ApprovalDecisionData.ARGUMENTS);
                if (arguments != null) {
                    sections.add(new EventDetails.Json("Modified arguments", pretty(arguments)));
                }
                tone = verdictTone;
            }
            case ESCAPE_ATTEMPT -> {
                EscapeAttemptData attempt = EscapeAttemptData.from(event.data());
                String boundary = event.text(EscapeAttemptData.BOUNDARY); // as written, also when no EscapeBoundary knows it
                title = "Escape attempt · " + boundary;
                boolean blocked = event.data().path(EscapeAttemptData.BLOCKED).asBoolean(false);
                sections.add(new Fields("Attempt", List.of(new Field("Boundary", orDash(boundary)),
                        new Field("Attempt", orDash(attempt.attempt())),
                        new Field("Blocked", blocked ? "yes" : "NO — it got through", blocked ? Tone.SUCCESS : Tone.DANGER),
                        new Field("Call", orDash(attempt.callId())))));
                tone = blocked ? Tone.WARNING : Tone.DANGER;
            }
            case CHECKPOINT -> {
                CheckpointData checkpoint = CheckpointData.from(event.data());
                title = "Checkpoint · " + orDash(checkpoint.label());
                JsonNode workspace = event.data().path(CheckpointData.WORKSPACE);
                JsonNode files = workspace.path(CheckpointData.WORKSPACE_FILES);
                List<Field> fields = new ArrayList<>();
                fields.add(new Field("Id", orDash(checkpoint.checkpointId())));
                fields.add(new Field("Root", workspace.path(CheckpointData.WORKSPACE_ROOT).asText("-")));
                fields.add(new Field("Files", String.valueOf(files.size())));
                fields.add(new Field("Pending calls", String.valueOf(event.data().path(CheckpointData.HARNESS).path(CheckpointData.HARNESS_PENDING).size())));
                fields.add(new Field("Processes", String.valueOf(event.data().path(CheckpointData.PROCESSES).size())));
                sections.add(new Fields("Checkpoint", fields));
                List<Field> fileFields = new ArrayList<>();
                files.properties().forEach(f -> fileFields.add(new Field(f.getKey(), f.getValue().path(CheckpointData.FileEntry.BLOB).asText("-"))));
                sections.add(new Fields("Workspace files", fileFields));
            }
            case SESSION_START -> {
                title = "Session start";
                JsonNode env = event.data().path(SessionStartData.ENVIRONMENT);
                JsonNode model = event.data().path(SessionStartData.MODEL);
                JsonNode git = env.path(SessionStartData.ENVIRONMENT_GIT);
                JsonNode harness = env.path(SessionStartData.ENVIRONMENT_HARNESS);
                sections.add(new Fields("Environment", List.of(new Field("Title", orDash(SessionStartData.from(event.data()).title())),
                        new Field("Image", env.path(SessionStartData.ENVIRONMENT_IMAGE).asText("-") + " "
                                + env.path(SessionStartData.ENVIRONMENT_IMAGE_DIGEST).asText("")),
                        new Field("Git", git.path(SessionStartData.GIT_REPOSITORY).asText("-") + " @ " + git.path(SessionStartData.GIT_BRANCH).asText("-")
                                + " " + git.path(SessionStartData.GIT_COMMIT).asText("")),
                        new Field("Harness", harness.path(SessionStartData.HARNESS_NAME).asText("-") + " "
                                + harness.path(SessionStartData.HARNESS_VERSION).asText("")),
                        new Field("Model", model.path(SessionStartData.MODEL_PROVIDER).asText("-") + " / "
                                + model.path(SessionStartData.MODEL_NAME).asText("-")))));
            }
            case SESSION_END -> {
                String outcome = orDash(event.text(SessionEndData.OUTCOME)); // as written, also when no SessionOutcome knows it
                title = "Session end · " + outcome;
                tone = switch (SessionOutcome.parse(outcome).orElse(null)) {
                    case SUCCESS -> Tone.SUCCESS;
                    case FAILURE -> Tone.DANGER;
                    case null, default -> Tone.WARNING;
                };
                sections.add(new Fields("Outcome", List.of(new Field("Outcome", outcome, tone),
                        new Field("Summary", orDash(SessionEndData.from(event.data()).summary())))));
            }
            case ERROR -> {
                ErrorData error = ErrorData.from(event.data());
                title = "Error" + (error.kind() == null ? "" : " · " + error.kind());
                sections.add(new Text("Message", orDash(error.message()), false, Tone.DANGER));
            }
            case AGENT_MESSAGE, AGENT_HANDOFF -> {
                boolean message = event.is(EventType.AGENT_MESSAGE);
                AgentMessageData said = AgentMessageData.from(event.data());
                title = (message ? "Message " : "Handoff ") + said.from() + " → " + said.to();
                String body = said.text() != null ? said.text() : AgentHandoffData.from(event.data()).reason();
                sections.add(new Text(message ? "Text" : "Reason", orDash(body), false, Tone.NORMAL));
            }
            case RUN_FORK -> {
                RunForkData fork = RunForkData.from(event.data());
                title = "Run forked · " + orDash(event.text(RunForkData.REASON)); // as written, also when no ForkReason knows it
                JsonNode written = event.data().path(RunForkData.EDITS);
                sections.add(new Fields("Fork", List.of(new Field("Parent run", orDash(fork.parentRun())),
                        new Field("Checkpoint", orDash(fork.checkpoint())), new Field("From event", orDash(fork.checkpointEvent())),
                        new Field("Edits", String.valueOf(written.size())))));
                List<Field> edits = new ArrayList<>();
                int n = 1;
                for (JsonNode edit : written) {
                    edits.add(new Field("Edit " + n++, edit.isTextual() ? edit.asText() : edit.toString()));
                }
                if (!edits.isEmpty()) {
                    sections.add(new Fields("Edits", edits));
                }
            }
            case SANDBOX_LOST -> {
                title = "Sandbox lost";
                sections.add(new Text("Reason", orDash(SandboxLostData.from(event.data()).reason()), false, Tone.DANGER));
            }
            default -> {
            }
        }
        if (tone == Tone.DANGER) {
            sections.addAll(why(recorded, run));
        }
        sections.add(new Fields("Event", List.of(new Field("Id", event.id()), new Field("Run · seq", event.run() + " · " + event.seq()),
                new Field("Time", EventCodec.formatTs(event.ts())), new Field("Actor", event.actor()),
                new Field("State", event.state().stream().map(StateKind::wireName).collect(Collectors.joining(", "))))));
        if (!event.causes().isEmpty()) {
            List<EventDetails.Link> causes = new ArrayList<>();
            for (String cause : event.causes()) {
                int position = run.positionOf(cause);
                causes.add(new EventDetails.Link(cause, position < 0 ? cause + " (in another run)" : CauseChain.label(run.event(position), run),
                        Tone.NORMAL, false));
            }
            sections.add(new EventDetails.Links("Causes", "", causes));
        }
        sections.add(new EventDetails.Json("Raw JSON", pretty(EventCodec.toJson(event))));
        return new EventDetails(title, event.actor() + " · " + event.id(), tone, sections);
    }

    /**
     * A failure's chain of causes back to the call that made it, each a link the reviewer may pin as the "why"; and the
     * cause a reviewer pinned, when one did (the last pin stands).
     */
    private static List<Section> why(Event failure, RunEvents run) {
        List<Section> sections = new ArrayList<>();
        List<dev.forkline.views.data.CauseNotes.Pin> pins = dev.forkline.views.data.CauseNotes.pinsOf(failure.id(), run);
        if (!pins.isEmpty()) {
            var pin = pins.getLast();
            int position = pin.cause() == null ? -1 : run.positionOf(pin.cause());
            String label = position < 0 ? String.valueOf(pin.cause()) : CauseChain.label(run.event(position), run);
            sections.add(new EventDetails.Links("Pinned cause", "Pinned by " + pin.reviewer() + " (note " + pin.noteId() + ")"
                    + (pin.why().isEmpty() ? "" : ": " + pin.why()), List.of(new EventDetails.Link(pin.cause(), label, Tone.WARNING, false))));
        }
        List<Event> chain = CauseChain.of(failure, run);
        if (!chain.isEmpty()) {
            List<EventDetails.Link> links = new ArrayList<>();
            for (Event cause : chain) {
                links.add(new EventDetails.Link(cause.id(), CauseChain.label(cause, run),
                        EventClassifier.isFailure(cause) ? Tone.DANGER : Tone.NORMAL, true));
            }
            sections.add(new EventDetails.Links("Chain of causes", "From this failure back through what caused it, nearest first. "
                    + "Pin the one that explains it.", links));
        }
        return sections;
    }

    /** The signature state from the trace module's verifier: valid or not, key fingerprint, trusted for the owner or not. */
    private List<Field> signature(Event decision, RunEvents run) {
        DecisionCheck check = new DecisionVerifier(trustedKeys).check(decision, run::traceHas, 0);
        List<Field> fields = new ArrayList<>();
        boolean unsigned = check.problems().stream().anyMatch(p -> p.code().equals(DecisionCheck.UNSIGNED));
        if (unsigned) {
            fields.add(new Field("Signature", "unsigned — anyone could have written this decision", Tone.DANGER));
        } else if (!check.signatureValid()) {
            fields.add(new Field("Signature", "INVALID — altered or moved after signing", Tone.DANGER));
        } else {
            fields.add(new Field("Signature", "valid (Ed25519)", Tone.SUCCESS));
        }
        if (check.fingerprint() != null) {
            fields.add(new Field("Key", check.fingerprint()));
            fields.add(new Field("Trusted", check.trusted() ? "yes, a known key of " + check.owner()
                    : "no — import " + check.owner() + "'s public key to trust it", check.trusted() ? Tone.SUCCESS : Tone.WARNING));
        }
        for (var problem : check.problems()) {
            if (!problem.code().equals(DecisionCheck.UNSIGNED) && !problem.code().equals(DecisionCheck.UNTRUSTED_KEY)
                    && !problem.code().equals(DecisionCheck.BAD_SIGNATURE)) {
                fields.add(new Field("Problem", problem.message(), Tone.DANGER));
            }
        }
        return fields;
    }

    private static Fields toolCall(Event call) {
        List<Field> fields = new ArrayList<>();
        ToolCallData data = ToolCallData.from(call.data());
        fields.add(new Field("Tool", orDash(data.tool())));
        fields.add(new Field("Call id", orDash(data.callId())));
        String effect = orDash(call.text(ToolCallData.EFFECT)); // as written, also when no EffectClass knows it
        fields.add(new Field("Effect class", effect, switch (data.effect()) {
            case EXTERNAL, PRIVILEGED -> Tone.WARNING;
            case null, default -> Tone.NORMAL;
        }));
        JsonNode exec = call.data().get(ToolCallData.EXEC);
        if (exec != null) {
            List<String> argv = new ArrayList<>();
            exec.path(ToolCallData.EXEC_ARGV).forEach(a -> argv.add(a.asText()));
            fields.add(new Field("Command", String.join(" ", argv)));
            fields.add(new Field("Working dir", exec.path(ToolCallData.EXEC_CWD).asText("-")));
        }
        if (data.idempotencyKey() != null) {
            fields.add(new Field("Idempotency key", data.idempotencyKey()));
        }
        return new Fields("Call", fields);
    }

    private List<Section> toolResult(Event result, String title) {
        List<Section> sections = new ArrayList<>();
        boolean failed = EventClassifier.isFailedResult(result);
        List<Field> fields = new ArrayList<>();
        JsonNode exit = result.data().get(ToolResultData.EXIT_CODE);
        fields.add(new Field("Exit code", exit == null ? "-" : exit.asText(), failed ? Tone.DANGER : Tone.SUCCESS));
        JsonNode duration = result.data().get(ToolResultData.DURATION_MS);
        fields.add(new Field("Duration", duration != null ? duration.asText() + " ms" : "-"));
        fields.add(new Field("Result event", result.id()));
        String error = result.text(ToolResultData.ERROR);
        if (error != null) {
            fields.add(new Field("Error", error, Tone.DANGER));
        }
        sections.add(new Fields(title, fields));
        String stdout = streamText(result, ToolResultData.STDOUT, ToolResultData.STDOUT_BLOB);
        String stderr = streamText(result, ToolResultData.STDERR, ToolResultData.STDERR_BLOB);
        if (stdout != null && !stdout.isEmpty()) {
            sections.add(new Text("stdout", stdout, true, Tone.NORMAL));
        }
        if (stderr != null && !stderr.isEmpty()) {
            sections.add(new Text("stderr", stderr, true, failed ? Tone.DANGER : Tone.WARNING));
        }
        return sections;
    }

    private String streamText(Event result, String stream, String blobField) {
        if (result.text(stream) != null) {
            return result.text(stream);
        }
        String blob = result.text(blobField);
        return blob == null ? null : blobText(blob).orElse("(blob " + blob + " is missing from the bundle)");
    }

    private Section mutationDiff(Event mutation) {
        StateMutationData data = StateMutationData.from(mutation.data());
        String before = data.before();
        String after = data.after();
        Optional<String> beforeText = before == null ? Optional.of("") : blobText(before);
        Optional<String> afterText = after == null ? Optional.of("") : blobText(after);
        if (beforeText.isEmpty() || afterText.isEmpty()) {
            return new Text("Diff", "Contents not in the bundle (" + (beforeText.isEmpty() ? before : after) + ")", false, Tone.WARNING);
        }
        return new EventDetails.Diff("Diff", LineDiff.diff(beforeText.get(), afterText.get()));
    }

    private static List<Section> modelCall(Event call) {
        List<Section> sections = new ArrayList<>();
        ObjectNode data = call.data();
        JsonNode usage = data.path(ModelCallData.USAGE);
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("Model", data.path(ModelCallData.PROVIDER).asText("-") + " / " + orDash(call.text(ModelCallData.MODEL))));
        fields.add(new Field("Tokens in / out", usage.path(UsageData.INPUT_TOKENS).asText("-") + " / " + usage.path(UsageData.OUTPUT_TOKENS).asText("-")));
        fields.add(new Field("Cache read / write", usage.path(UsageData.CACHE_READ_TOKENS).asText("-") + " / "
                + usage.path(UsageData.CACHE_WRITE_TOKENS).asText("-")));
        fields.add(new Field("Cost", data.has(ModelCallData.COST_USD)
                ? String.format(java.util.Locale.ROOT, "$%.4f", data.get(ModelCallData.COST_USD).asDouble()) : "-"));
        fields.add(new Field("Latency", data.has(ModelCallData.LATENCY_MS) ? data.get(ModelCallData.LATENCY_MS).asText() + " ms" : "-"));
        sections.add(new Fields("Call", fields));
        JsonNode input = data.path(ModelCallData.INPUT);
        List<EventDetails.Message> messages = new ArrayList<>();
        input.path(ModelCallData.INPUT_MESSAGES).forEach(m -> {
            JsonNode content = m.path(ModelCallData.MESSAGE_CONTENT);
            messages.add(new EventDetails.Message(m.path(ModelCallData.MESSAGE_ROLE).asText("?"), content.isTextual() ? content.asText() : content.toString()));
        });
        if (messages.isEmpty() && input.has(ModelCallData.INPUT_SUMMARY)) {
            messages.add(new EventDetails.Message("input", input.path(ModelCallData.INPUT_SUMMARY).asText()));
        }
        JsonNode output = data.path(ModelCallData.OUTPUT);
        if (!ModelTurnText.said(call).isEmpty()) {
            messages.add(new EventDetails.Message("assistant", ModelTurnText.said(call)));
        }
        sections.add(new EventDetails.Messages("Messages", messages));
        List<Field> toolCalls = new ArrayList<>();
        output.path(ModelCallData.OUTPUT_TOOL_CALLS).forEach(tc -> toolCalls.add(new Field(tc.path(ModelCallData.TOOL_CALL_NAME).asText("?")
                + " (" + tc.path(ModelCallData.TOOL_CALL_ID).asText("-") + ")", ToolCallText.asText(tc.path(ModelCallData.TOOL_CALL_ARGUMENTS)))));
        if (!toolCalls.isEmpty()) {
            sections.add(new Fields("Requested tool calls", toolCalls));
        }
        return sections;
    }

    private Optional<String> blobText(String hash) {
        try {
            return blobs.read(hash).map(bytes -> {
                String text = SecretMasker.mask(new String(bytes, StandardCharsets.UTF_8));
                return text.length() > MAX_BLOB_CHARS ? text.substring(0, MAX_BLOB_CHARS) + "\n… (truncated)" : text;
            });
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The result of a tool call by {@link RunEvents#resultOf}'s rule (the one the timeline's spans use). */
    static Optional<Event> resultOf(Event call, RunEvents run) {
        int position = run.positionOf(call.id());
        int result = position < 0 ? -1 : run.resultOf(position);
        return result < 0 ? Optional.empty() : Optional.of(run.event(result));
    }

    private static String pretty(JsonNode node) {
        try {
            return Json.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(node);
        } catch (JsonProcessingException e) {
            return node.toString();
        }
    }

    private static String orDash(String value) {
        return value == null || value.isBlank() ? "-" : value;
    }
}
