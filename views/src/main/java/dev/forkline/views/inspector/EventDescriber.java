package dev.forkline.views.inspector;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
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
                List<ToolCallText.Argument> arguments = ToolCallText.arguments(event.data().get("arguments"));
                if (!arguments.isEmpty()) {
                    sections.add(new Text("Arguments", ToolCallText.asText(event.data().get("arguments")), true, Tone.NORMAL));
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
                String what = call.map(ToolCallText::headline).orElse(orDash(event.text("callId")));
                title = (EventClassifier.isFailedResult(event) ? "Failed · " : "Tool result · ") + what;
                sections.addAll(toolResult(event, "Result"));
            }
            case STATE_MUTATION -> {
                title = "Mutation · " + event.text("op") + " " + event.text("path");
                sections.add(new Fields("File", List.of(new Field("Path", event.text("path")), new Field("Operation", event.text("op")),
                        new Field("Before", orDash(event.text("before"))), new Field("After", orDash(event.text("after"))),
                        new Field("Mode", orDash(event.text("mode"))))));
                sections.add(mutationDiff(event));
            }
            case MODEL_CALL -> {
                title = "Model call · " + event.text("model");
                sections.addAll(modelCall(event));
            }
            case APPROVAL_REQUEST -> {
                title = "Approval request";
                sections.add(new Fields("Request", List.of(new Field("Subject", orDash(event.text("subject"))),
                        new Field("Reason", orDash(event.text("reason"))), new Field("Owner", orDash(event.text("owner"))))));
            }
            case APPROVAL_DECISION -> {
                String verdict = orDash(event.text("verdict"));
                title = "Decision · " + verdict;
                Tone verdictTone = switch (verdict) {
                    case "approve" -> Tone.SUCCESS;
                    case "deny", "terminate" -> Tone.DANGER;
                    default -> Tone.WARNING;
                };
                List<Field> fields = new ArrayList<>(List.of(new Field("Verdict", verdict, verdictTone),
                        new Field("Subject", orDash(event.text("subject"))), new Field("Owner", orDash(event.text("owner"))),
                        new Field("Rationale", orDash(event.text("rationale"))), new Field("Decided at", orDash(event.text("decidedAt")))));
                fields.addAll(signature(recorded, run));
                sections.add(new Fields("Decision", fields));
                JsonNode arguments = event.data().get("arguments");
                if (arguments != null) {
                    sections.add(new EventDetails.Json("Modified arguments", pretty(arguments)));
                }
                tone = verdictTone;
            }
            case ESCAPE_ATTEMPT -> {
                title = "Escape attempt · " + event.text("boundary");
                boolean blocked = event.data().path("blocked").asBoolean(false);
                sections.add(new Fields("Attempt", List.of(new Field("Boundary", orDash(event.text("boundary"))),
                        new Field("Attempt", orDash(event.text("attempt"))),
                        new Field("Blocked", blocked ? "yes" : "NO — it got through", blocked ? Tone.SUCCESS : Tone.DANGER),
                        new Field("Call", orDash(event.text("callId"))))));
                tone = blocked ? Tone.WARNING : Tone.DANGER;
            }
            case CHECKPOINT -> {
                title = "Checkpoint · " + orDash(event.text("label"));
                JsonNode files = event.data().path("workspace").path("files");
                List<Field> fields = new ArrayList<>();
                fields.add(new Field("Id", orDash(event.text("checkpointId"))));
                fields.add(new Field("Root", event.data().path("workspace").path("root").asText("-")));
                fields.add(new Field("Files", String.valueOf(files.size())));
                fields.add(new Field("Pending calls", String.valueOf(event.data().path("harness").path("pending").size())));
                fields.add(new Field("Processes", String.valueOf(event.data().path("processes").size())));
                sections.add(new Fields("Checkpoint", fields));
                List<Field> fileFields = new ArrayList<>();
                files.properties().forEach(f -> fileFields.add(new Field(f.getKey(), f.getValue().path("blob").asText("-"))));
                sections.add(new Fields("Workspace files", fileFields));
            }
            case SESSION_START -> {
                title = "Session start";
                JsonNode env = event.data().path("environment");
                JsonNode model = event.data().path("model");
                sections.add(new Fields("Environment", List.of(new Field("Title", orDash(event.text("title"))),
                        new Field("Image", env.path("image").asText("-") + " " + env.path("imageDigest").asText("")),
                        new Field("Git", env.path("git").path("repository").asText("-") + " @ " + env.path("git").path("branch").asText("-")
                                + " " + env.path("git").path("commit").asText("")),
                        new Field("Harness", env.path("harness").path("name").asText("-") + " " + env.path("harness").path("version").asText("")),
                        new Field("Model", model.path("provider").asText("-") + " / " + model.path("model").asText("-")))));
            }
            case SESSION_END -> {
                String outcome = orDash(event.text("outcome"));
                title = "Session end · " + outcome;
                tone = switch (outcome) {
                    case "success" -> Tone.SUCCESS;
                    case "failure" -> Tone.DANGER;
                    default -> Tone.WARNING;
                };
                sections.add(new Fields("Outcome", List.of(new Field("Outcome", outcome, tone), new Field("Summary", orDash(event.text("summary"))))));
            }
            case ERROR -> {
                title = "Error" + (event.text("kind") == null ? "" : " · " + event.text("kind"));
                sections.add(new Text("Message", orDash(event.text("message")), false, Tone.DANGER));
            }
            case AGENT_MESSAGE, AGENT_HANDOFF -> {
                title = (event.is(EventType.AGENT_MESSAGE) ? "Message " : "Handoff ") + event.text("from") + " → " + event.text("to");
                String body = event.text("text") != null ? event.text("text") : event.text("reason");
                sections.add(new Text(event.is(EventType.AGENT_MESSAGE) ? "Text" : "Reason", orDash(body), false, Tone.NORMAL));
            }
            case RUN_FORK -> {
                title = "Run forked · " + orDash(event.text("reason"));
                sections.add(new Fields("Fork", List.of(new Field("Parent run", orDash(event.text("parentRun"))),
                        new Field("Checkpoint", orDash(event.text("checkpoint"))), new Field("From event", orDash(event.text("checkpointEvent"))),
                        new Field("Edits", String.valueOf(event.data().path("edits").size())))));
                List<Field> edits = new ArrayList<>();
                int n = 1;
                for (JsonNode edit : event.data().path("edits")) {
                    edits.add(new Field("Edit " + n++, edit.isTextual() ? edit.asText() : edit.toString()));
                }
                if (!edits.isEmpty()) {
                    sections.add(new Fields("Edits", edits));
                }
            }
            case SANDBOX_LOST -> {
                title = "Sandbox lost";
                sections.add(new Text("Reason", orDash(event.text("reason")), false, Tone.DANGER));
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
        fields.add(new Field("Tool", orDash(call.text("tool"))));
        fields.add(new Field("Call id", orDash(call.text("callId"))));
        String effect = orDash(call.text("effect"));
        fields.add(new Field("Effect class", effect, switch (effect) {
            case "external", "privileged" -> Tone.WARNING;
            default -> Tone.NORMAL;
        }));
        JsonNode exec = call.data().get("exec");
        if (exec != null) {
            List<String> argv = new ArrayList<>();
            exec.path("argv").forEach(a -> argv.add(a.asText()));
            fields.add(new Field("Command", String.join(" ", argv)));
            fields.add(new Field("Working dir", exec.path("cwd").asText("-")));
        }
        if (call.text("idempotencyKey") != null) {
            fields.add(new Field("Idempotency key", call.text("idempotencyKey")));
        }
        return new Fields("Call", fields);
    }

    private List<Section> toolResult(Event result, String title) {
        List<Section> sections = new ArrayList<>();
        boolean failed = EventClassifier.isFailedResult(result);
        List<Field> fields = new ArrayList<>();
        JsonNode exit = result.data().get("exitCode");
        fields.add(new Field("Exit code", exit == null ? "-" : exit.asText(), failed ? Tone.DANGER : Tone.SUCCESS));
        fields.add(new Field("Duration", result.data().has("durationMs") ? result.data().get("durationMs").asText() + " ms" : "-"));
        fields.add(new Field("Result event", result.id()));
        if (result.text("error") != null) {
            fields.add(new Field("Error", result.text("error"), Tone.DANGER));
        }
        sections.add(new Fields(title, fields));
        String stdout = streamText(result, "stdout");
        String stderr = streamText(result, "stderr");
        if (stdout != null && !stdout.isEmpty()) {
            sections.add(new Text("stdout", stdout, true, Tone.NORMAL));
        }
        if (stderr != null && !stderr.isEmpty()) {
            sections.add(new Text("stderr", stderr, true, failed ? Tone.DANGER : Tone.WARNING));
        }
        return sections;
    }

    private String streamText(Event result, String stream) {
        if (result.text(stream) != null) {
            return result.text(stream);
        }
        String blob = result.text(stream + "Blob");
        return blob == null ? null : blobText(blob).orElse("(blob " + blob + " is missing from the bundle)");
    }

    private Section mutationDiff(Event mutation) {
        String before = mutation.text("before");
        String after = mutation.text("after");
        Optional<String> beforeText = before == null ? Optional.of("") : blobText(before);
        Optional<String> afterText = after == null ? Optional.of("") : blobText(after);
        if (beforeText.isEmpty() || afterText.isEmpty()) {
            return new Text("Diff", "Contents not in the bundle (" + (beforeText.isEmpty() ? before : after) + ")", false, Tone.WARNING);
        }
        return new EventDetails.Diff("Diff", LineDiff.diff(beforeText.get(), afterText.get()));
    }

    private static List<Section> modelCall(Event call) {
        List<Section> sections = new ArrayList<>();
        JsonNode usage = call.data().path("usage");
        List<Field> fields = new ArrayList<>();
        fields.add(new Field("Model", call.data().path("provider").asText("-") + " / " + orDash(call.text("model"))));
        fields.add(new Field("Tokens in / out", usage.path("inputTokens").asText("-") + " / " + usage.path("outputTokens").asText("-")));
        fields.add(new Field("Cache read / write", usage.path("cacheReadTokens").asText("-") + " / " + usage.path("cacheWriteTokens").asText("-")));
        fields.add(new Field("Cost", call.data().has("costUsd") ? String.format(java.util.Locale.ROOT, "$%.4f", call.data().get("costUsd").asDouble()) : "-"));
        fields.add(new Field("Latency", call.data().has("latencyMs") ? call.data().get("latencyMs").asText() + " ms" : "-"));
        sections.add(new Fields("Call", fields));
        JsonNode input = call.data().path("input");
        List<EventDetails.Message> messages = new ArrayList<>();
        input.path("messages").forEach(m -> messages.add(new EventDetails.Message(m.path("role").asText("?"), m.path("content").isTextual()
                ? m.path("content").asText() : m.path("content").toString())));
        if (messages.isEmpty() && input.has("summary")) {
            messages.add(new EventDetails.Message("input", input.path("summary").asText()));
        }
        JsonNode output = call.data().path("output");
        if (!ModelTurnText.said(call).isEmpty()) {
            messages.add(new EventDetails.Message("assistant", ModelTurnText.said(call)));
        }
        sections.add(new EventDetails.Messages("Messages", messages));
        List<Field> toolCalls = new ArrayList<>();
        output.path("toolCalls").forEach(tc -> toolCalls.add(new Field(tc.path("name").asText("?") + " (" + tc.path("callId").asText("-") + ")",
                ToolCallText.asText(tc.path("arguments")))));
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
