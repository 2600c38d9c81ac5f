package dev.forkline.views.shell;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.live.LiveRoot;
import dev.forkline.live.LiveService;
import dev.forkline.trace.Json;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.data.LiveTraces;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.DecisionFormViewModel;
import dev.forkline.views.viewmodel.TimelineViewModel;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import javafx.scene.Node;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A live Claude Code session seen in the window (TestFX, headless), with {@code forkline serve} writing to the store the
 * window reads: the session appears in the library with a "live" badge, the open trace's title has one too, the
 * timeline follows the tail as hook events arrive until the reviewer moves away (and again after Follow), an escape
 * that waits shows up in the escape queue by itself with a notification, and the owner's decision made in the window
 * releases the waiting hook with "allow".
 */
class LiveSessionsFlowsTest {

    static final String CONTRACT = """
            contract: live-window
            isolation: {}
            retention: 30d
            checkpointCadence: {maxToolCalls: 10}
            revert: {mechanism: directory}
            owner: {name: dana}
            recoveryTimeBound: 5m
            scenarios: []
            escapes:
              waitFor: 2m
              rules:
                - {id: push, kind: command, match: ["git push*"]}
            """;
    static final String SESSION = "s-live";
    static final String TRACE = LiveTraces.CLAUDE_CODE_PREFIX + SESSION;

    @TempDir
    Path dir;
    private final FxTaskExecutor executor = new FxTaskExecutor(2);
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
    private Samples samples;
    private LiveService serve;
    private Stage stage;
    private Workbench workbench;
    private Path project;

    @AfterEach
    void close() {
        if (stage != null) {
            HeadlessFx.call(() -> {
                javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList().forEach(javafx.stage.Window::hide);
                stage.close();
                return null;
            });
        }
        executor.close();
        if (serve != null) {
            serve.close();
        }
        if (samples != null) {
            samples.close();
        }
    }

    @Test
    void aLiveSessionIsFollowedItsEscapeIsQueuedAtOnceAndTheWindowsDecisionReleasesTheWaitingHook() throws Exception {
        samples = Samples.empty(dir);
        samples.setUpOwner("dana");
        project = Files.createDirectories(dir.resolve("project"));
        serve = LiveService.start(samples.store, new LiveService.Settings(new LiveRoot(dir.resolve("live")),
                InetAddress.getLoopbackAddress(), 0, null, this::trusted,
                folder -> Optional.of(parseContract()), dir.resolve("home"), 20));
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(null);
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor);
        });
        WorkbenchViewModel model = workbench.model();
        WorkbenchView view = workbench.view();
        TimelineViewModel timeline = model.timeline();
        awaitFx(() -> !model.escapeQueue().loadingProperty().get());

        // the session starts while the window is open: its row appears by itself, with the live badge
        hook(payload("SessionStart").put("source", "startup"));
        hook(payload("UserPromptSubmit").put("prompt", "ship it"));
        awaitFx(() -> model.library().traces().stream().anyMatch(trace -> trace.traceId().equals(TRACE)));
        awaitFx(() -> model.live().liveTraces().contains(TRACE));
        awaitFx(() -> view.library.list.lookupAll(".live-badge").stream().anyMatch(Node::isVisible));

        HeadlessFx.call(() -> {
            model.openStored(TRACE);
            return null;
        });
        awaitFx(() -> model.isOpen(TRACE) && timeline.events().size() == 2);
        assertThat(HeadlessFx.call(() -> view.liveUi.titleBadge.isVisible() && view.liveUi.follow.isVisible())).isTrue();
        assertThat(HeadlessFx.call(model.live()::isFollowing)).isTrue();

        // following: each new event becomes the cursor
        hook(preToolUse("toolu_1", "git status"));
        awaitFx(() -> timeline.events().size() == 3 && timeline.selectedIndex() == 2);
        hook(postToolUse("toolu_1", "On branch main"));
        awaitFx(() -> timeline.events().size() == 4 && timeline.selectedIndex() == 3);

        // the reviewer goes back to the first event: following stops, and the view stays where she put it
        HeadlessFx.call(() -> {
            timeline.home();
            return null;
        });
        assertThat(HeadlessFx.call(model.live()::isFollowing)).isFalse();
        assertThat(HeadlessFx.call(view.liveUi.follow::isSelected)).isFalse();
        hook(preToolUse("toolu_2", "ls"));
        awaitFx(() -> timeline.events().size() == 5);
        assertThat(HeadlessFx.call(timeline::selectedIndex)).isZero();

        // Follow takes her back to the tail, and the timeline follows again
        HeadlessFx.call(() -> {
            view.liveUi.follow.fire();
            return null;
        });
        assertThat(HeadlessFx.call(() -> model.live().isFollowing() && timeline.selectedIndex() == 4)).isTrue();
        hook(postToolUse("toolu_2", "src"));
        awaitFx(() -> timeline.events().size() == 6 && timeline.selectedIndex() == 5);

        // an escape: the hook waits, the queue shows the request without a refresh, with a notification
        CompletableFuture<String> push = CompletableFuture.supplyAsync(() -> hookQuietly(preToolUse("toolu_3", "git push origin main")));
        awaitFx(() -> model.escapeQueue().items().stream().anyMatch(item -> item.kind() == QueueItem.Kind.APPROVAL_REQUEST));
        assertThat(HeadlessFx.call(() -> model.live().announcedProperty().get())).isEqualTo(1);
        assertThat(HeadlessFx.call(() -> view.liveUi.notifications.shown)).singleElement()
                .satisfies(text -> assertThat(text).contains("approval requested").contains("git push origin main"));
        assertThat(push).isNotDone();

        // dana decides in the window: the waiting hook returns allow
        QueueItem request = HeadlessFx.call(() -> model.escapeQueue().items().stream()
                .filter(item -> item.kind() == QueueItem.Kind.APPROVAL_REQUEST).findFirst().orElseThrow());
        DecisionFormViewModel form = HeadlessFx.call(() -> {
            DecisionFormViewModel decision = model.escapeQueue().decide(request);
            decision.verdictProperty().set(Verdict.APPROVE);
            decision.ownerProperty().set("dana");
            decision.rationaleProperty().set("the release is due");
            decision.review();
            decision.confirm(Samples.PASSPHRASE.toCharArray());
            return decision;
        });
        // bounded waits (failure bounds, not speed measurements)
        JsonNode answer = Json.MAPPER.readTree(push.get(60, TimeUnit.SECONDS)).path("hookSpecificOutput");
        assertThat(answer.path("permissionDecision").asText()).isEqualTo("allow");
        assertThat(answer.path("permissionDecisionReason").asText()).contains("dana").contains("the release is due");
        awaitFx(() -> form.state() == DecisionFormViewModel.State.SAVED);
        awaitFx(() -> model.escapeQueue().items().stream().noneMatch(item -> item.kind() == QueueItem.Kind.APPROVAL_REQUEST));
    }

    private dev.forkline.trace.gate.Contract parseContract() {
        try {
            return ContractReader.parse(CONTRACT, "contract.yaml");
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private TrustedKeys trusted() {
        try {
            return samples.keys.trustedKeys();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private ObjectNode payload(String event) {
        ObjectNode payload = Json.object();
        payload.put("session_id", SESSION);
        payload.put("transcript_path", dir.resolve("no-transcript.jsonl").toString());
        payload.put("cwd", project.toString());
        payload.put("permission_mode", "default");
        payload.put("hook_event_name", event);
        return payload;
    }

    private ObjectNode preToolUse(String id, String command) {
        ObjectNode payload = payload("PreToolUse");
        payload.put("tool_name", "Bash");
        payload.putObject("tool_input").put("command", command);
        payload.put("tool_use_id", id);
        return payload;
    }

    private ObjectNode postToolUse(String id, String output) {
        ObjectNode payload = payload("PostToolUse");
        payload.put("tool_name", "Bash");
        payload.putObject("tool_input").put("command", "git status");
        payload.putObject("tool_response").put("stdout", output).put("stderr", "").put("interrupted", false);
        payload.put("tool_use_id", id);
        return payload;
    }

    private String hook(ObjectNode payload) throws Exception {
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + serve.port() + "/v1/hooks/claude-code"))
                .timeout(Duration.ofMinutes(3)).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(payload.toString(), StandardCharsets.UTF_8)).build();
        HttpResponse<String> response = http.send(request, HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).as(response.body()).isEqualTo(200);
        return response.body();
    }

    private String hookQuietly(ObjectNode payload) {
        try {
            return hook(payload);
        } catch (Exception e) {
            throw new RuntimeException(e);
        }
    }
}
