package dev.forkline.live.claude;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.live.LiveBundle;
import dev.forkline.live.LiveRoot;
import dev.forkline.live.StoreSync;
import dev.forkline.live.escape.EscapeClassifier;
import dev.forkline.live.escape.EscapeMatch;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.payload.ApprovalRequestData;
import dev.forkline.trace.payload.NoteData;
import dev.forkline.trace.payload.ToolCallData;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Handles Claude Code hook calls: appends each call's events to its session's live bundle (durable before the answer),
 * holds a PreToolUse call that a contract's escape rule names until the owner decides or the wait runs out, and folds
 * the transcript in at SessionEnd. Every append marks the bundle for {@link StoreSync}.
 */
public final class ClaudeSessions {

    private static final Logger LOG = LoggerFactory.getLogger(ClaudeSessions.class);
    public static final String TRACE_ID_PREFIX = "claude-code-live:";

    private final LiveRoot root;
    private final StoreSync sync;
    private final Function<Path, Optional<Contract>> contracts;
    private final ApprovalWaiter waiter;
    private final Clock clock;
    private final Path home;
    private final TranscriptFold fold = new TranscriptFold();
    private final ConcurrentHashMap<Path, LiveBundle> opened = new ConcurrentHashMap<>();

    /**
     * @param contracts the contract for a session's project directory (the one given to serve, or the project's own),
     *                  empty when there is none: then nothing waits
     */
    public ClaudeSessions(LiveRoot root, StoreSync sync, Function<Path, Optional<Contract>> contracts, ApprovalWaiter waiter,
                          Clock clock, Path home) {
        this.root = root;
        this.sync = sync;
        this.contracts = contracts;
        this.waiter = waiter;
        this.clock = clock;
        this.home = home;
    }

    /**
     * Records one hook call and answers it.
     *
     * @throws IllegalArgumentException when the payload names no session or event
     */
    public HookAnswer handle(JsonNode payload) throws IOException, TraceFormatException, InterruptedException {
        String session = payload.path("session_id").asText("");
        String name = payload.path("hook_event_name").asText("");
        if (session.isBlank() || name.isBlank()) {
            throw new IllegalArgumentException("a Claude Code hook payload names its session_id and hook_event_name");
        }
        LiveBundle bundle = bundleOf(session, payload);
        Instant now = clock.instant();
        if (name.equals("PreToolUse")) {
            return preToolUse(bundle, payload, now);
        }
        bundle.append(soFar -> HookEvents.of(payload, soFar, now, content -> bundle.blobs().write(content)));
        sync.mark(new StoreSync.Source(bundle.directory(), false));
        if (name.equals("SessionEnd")) {
            foldTranscript(bundle, payload);
        }
        return HookAnswer.PASS;
    }

    /**
     * The session's bundle, created on its first hook call. The object is kept: it holds the events it last read or
     * wrote, so that a hook call reads the events file again only when someone else appended to it (a LiveBundle's
     * cache is read and written under the bundle's lock only).
     */
    public LiveBundle bundleOf(String session, JsonNode payload) throws IOException {
        Path directory = root.claudeSession(session);
        LiveBundle known = opened.get(directory);
        if (known != null && Files.isRegularFile(known.directory().resolve(Bundle.MANIFEST))) {
            return known;
        }
        Manifest manifest = Manifest.of(TRACE_ID_PREFIX + session, "Claude Code session " + session + " (live)", clock.instant(),
                "forkline-serve/claude-code-hooks");
        LiveBundle bundle = LiveBundle.openOrCreate(directory, manifest);
        opened.put(directory, bundle);
        return bundle;
    }

    private HookAnswer preToolUse(LiveBundle bundle, JsonNode payload, Instant now) throws IOException, TraceFormatException, InterruptedException {
        Path project = projectDir(bundle, payload);
        Optional<Contract> contract = contracts.apply(project);
        Optional<EscapeMatch> escape = contract.flatMap(c -> new EscapeClassifier(c.escapes())
                .classify(payload.path("tool_name").asText(""), payload.path("tool_input"), project, home));
        List<Event> written = bundle.append(soFar -> {
            List<NewEvent> drafts = new ArrayList<>(HookEvents.of(payload, soFar, now, content -> bundle.blobs().write(content)));
            if (escape.isPresent()) {
                long runEvents = soFar.stream().filter(event -> HookEvents.RUN.equals(event.run())).count();
                String callId = HookEvents.RUN + "." + (runEvents + drafts.size()); // the tool.call is the last draft
                drafts.add(request(escape.get(), contract.get(), bundle, callId, now));
            }
            return drafts;
        });
        sync.mark(new StoreSync.Source(bundle.directory(), false));
        if (escape.isEmpty()) {
            return HookAnswer.PASS;
        }
        Event request = written.getLast();
        Event call = written.get(written.size() - 2);
        if (!call.id().equals(request.text(ApprovalRequestData.SUBJECT))) {
            throw new IllegalStateException("approval request " + request.id() + " names " + request.text(ApprovalRequestData.SUBJECT) + ", the call is " + call.id());
        }
        LOG.info("live: {} waits for {}'s decision: {} (decide on event {} of {})", call.text(ToolCallData.TOOL), contract.get().owner().name(),
                escape.get().reason(), request.id(), bundle.directory());
        Contract.Escapes rules = contract.get().escapes();
        Optional<Decision> decision = waiter.await(bundle, request, call, contract.get().owner(), rules.waitFor());
        if (decision.isEmpty()) {
            timedOut(bundle, request, rules);
            return HookAnswer.deny(rules.onTimeout());
        }
        return answer(decision.get());
    }

    private static NewEvent request(EscapeMatch match, Contract contract, LiveBundle bundle, String callId, Instant now) {
        ObjectNode data = Json.object();
        data.put(ApprovalRequestData.SUBJECT, callId);
        data.put(ApprovalRequestData.REASON, match.reason());
        data.put(ApprovalRequestData.OWNER, contract.owner().name());
        data.put("rule", match.ruleId());
        data.put("kind", match.kind());
        data.put("waitForMs", contract.escapes().waitFor().toMillis());
        data.put("bundle", bundle.directory().toString());
        return NewEvent.of(HookEvents.RUN, "harness", EventType.APPROVAL_REQUEST).at(now).causes(callId).touches(StateKind.HARNESS)
                .data(data);
    }

    private void timedOut(LiveBundle bundle, Event request, Contract.Escapes rules) throws IOException, TraceFormatException {
        bundle.append(soFar -> {
            ObjectNode data = Json.object();
            data.put(NoteData.TEXT, rules.onTimeout());
            data.put("subject", request.id());
            data.put("timedOut", true);
            return List.of(NewEvent.of(HookEvents.RUN, "harness", EventType.NOTE).at(clock.instant()).causes(request.id()).data(data));
        });
        sync.mark(new StoreSync.Source(bundle.directory(), false));
    }

    static HookAnswer answer(Decision decision) {
        String by = decision.owner() + ": " + decision.rationale();
        return switch (decision.verdict()) {
            case APPROVE -> HookAnswer.allow("approved by " + by, null);
            case MODIFY -> HookAnswer.allow("approved with changed arguments by " + by, decision.arguments());
            case ESCALATE -> HookAnswer.ask("escalated by " + by);
            case DENY, TERMINATE -> HookAnswer.deny("denied by " + by);
        };
    }

    private void foldTranscript(LiveBundle bundle, JsonNode payload) {
        String transcript = payload.path("transcript_path").asText("");
        if (transcript.isBlank()) {
            return;
        }
        try {
            int folded = fold.fold(bundle, Path.of(transcript));
            if (folded > 0) {
                sync.mark(new StoreSync.Source(bundle.directory(), false));
            }
        } catch (IOException | TraceFormatException | RuntimeException e) {
            LOG.warn("live: cannot fold the transcript {} into {}: {}", transcript, bundle.directory(), e.getMessage());
        }
    }

    /** The directory the session started in (recorded in its session.start), else the payload's cwd. */
    private static Path projectDir(LiveBundle bundle, JsonNode payload) throws IOException, TraceFormatException {
        for (Event event : bundle.events()) {
            if (event.is(EventType.SESSION_START) && HookEvents.RUN.equals(event.run())) {
                String cwd = event.data().path("environment").path("cwd").asText("");
                if (!cwd.isEmpty()) {
                    return Path.of(cwd).toAbsolutePath().normalize();
                }
            }
        }
        return Path.of(payload.path("cwd").asText(System.getProperty("user.dir"))).toAbsolutePath().normalize();
    }
}
