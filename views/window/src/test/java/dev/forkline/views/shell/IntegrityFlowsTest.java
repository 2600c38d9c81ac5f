package dev.forkline.views.shell;

import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.testing.AlteredSamples;
import dev.forkline.trace.testing.AlteredSamples.Alteration;
import dev.forkline.trace.testing.AlteredSamples.Altered;
import dev.forkline.trace.testing.SharedSamples;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.Workbench;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.inspector.EventDetails;
import dev.forkline.views.inspector.IntegrityDetails;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.viewmodel.Settings;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchServices;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.testfx.api.FxRobot;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Integrity in the window (TestFX, headless): each altered variant of a sample shows its badge in the library, a banner
 * naming its first bad event with a button that jumps to it, the event framed on the timeline and what does not match
 * in the inspector; an intact sample shows none of it, a foreign trace says it is not signed, an unverified one can be
 * verified from the banner, and a decision on an altered trace needs the owner's confirmation.
 */
class IntegrityFlowsTest {

    static final String WRONG_TOOL_CALL = "forkline-sample-wrong-tool-call";
    static final String PASSPHRASE = "correct horse battery";

    private final FxRobot robot = new FxRobot();
    @TempDir
    Path dir;
    private TraceStore store;
    private StoreTraceLibrary library;
    private OwnerKeys owner;
    private OwnerKeys forger;
    private Stage stage;
    private Workbench workbench;
    private WorkbenchViewModel model;

    @BeforeEach
    void openStore() throws Exception {
        store = TraceStore.open(dir.resolve("db").resolve("forkline").toAbsolutePath());
        library = new StoreTraceLibrary(store);
        owner = new OwnerKeys(dir.resolve("owners"), 2000);
        forger = new OwnerKeys(dir.resolve("forger"));
        library.useTrustedKeys(() -> {
            try {
                return owner.trustedKeys(); // read at each import: the owner's key is made when a variant needs a decision
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
    }

    @AfterEach
    void close() {
        if (stage != null) {
            HeadlessFx.call(() -> {
                javafx.stage.Window.getWindows().stream().filter(w -> w != stage).toList().forEach(javafx.stage.Window::hide);
                stage.close();
                return null;
            });
        }
        store.close();
    }

    private void show() throws java.io.IOException {
        HeadlessFx.ensureStarted();
        WorkbenchServices services = new WorkbenchServices(null, owner, new Settings(dir.resolve("settings.properties")), dir.resolve("exported"));
        LaunchOptions options = new LaunchOptions(library, new ReconstructorStateProvider(), null, null, ThemeChoice.LIGHT, null)
                .withTrustedKeys(owner.trustedKeys()).withServices(services);
        workbench = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, new SameThreadTaskExecutor());
        });
        model = workbench.model();
        HeadlessFx.waitForFx();
    }

    private WorkbenchView view() {
        return workbench.view();
    }

    private Altered importAltered(Path sample, Alteration alteration) throws Exception {
        Altered altered = AlteredSamples.alter(sample, dir.resolve("altered-" + alteration.name()), alteration, owner, forger);
        library.importTrace(altered.bundle(), Progress.NONE);
        return altered;
    }

    /** The library row of a trace, clicked: it opens. */
    private void openFromLibrary(String traceId) {
        Node cell = LibraryRows.of(robot, traceId);
        robot.clickOn(cell);
        HeadlessFx.waitForFx();
        assertThat(model.opened().bundle().manifest().traceId()).isEqualTo(traceId);
    }

    private String badgeOf(String traceId) {
        Node cell = LibraryRows.of(robot, traceId);
        return HeadlessFx.call(() -> ((Label) cell.lookup(".integrity-badge")).getText());
    }

    @ParameterizedTest
    @EnumSource(Alteration.class)
    void anAlteredTraceShowsItsBadgeBannerMarksAndWhatDoesNotMatch(Alteration alteration) throws Exception {
        Altered altered = importAltered(AlteredSamples.WRONG_TOOL_CALL, alteration);
        show();
        assertThat(badgeOf(WRONG_TOOL_CALL)).isEqualTo(alteration.expected().label());

        openFromLibrary(WRONG_TOOL_CALL);
        IntegrityBanner banner = view().integrityBanner;
        assertThat(banner.isVisible()).isTrue();
        assertThat(banner.getStyleClass()).contains("integrity-danger");
        assertThat(banner.headline.getText()).contains(altered.eventId() + " (line " + altered.line() + ")");
        assertThat(banner.detail.getText()).startsWith("First: ");
        assertThat(HeadlessFx.call(() -> banner.localToScene(banner.getBoundsInLocal()).getMaxY()
                <= view().timelineCanvas().localToScene(view().timelineCanvas().getBoundsInLocal()).getMinY())).as("above the timeline").isTrue();

        robot.clickOn(banner.jump);
        HeadlessFx.waitForFx();
        assertThat(model.currentRun()).isEqualTo("r1");
        assertThat(model.timeline().selectedEvent().id()).isEqualTo(altered.eventId());
        int position = model.timeline().selectedIndex();
        assertThat(model.timeline().alteredProperty().get()).isNotNull().satisfies(marks -> assertThat(marks.get(position)).isTrue());
        EventDetails details = model.inspector().details();
        assertThat(details.tone()).isEqualTo(EventDetails.Tone.DANGER);
        assertThat(details.sections().getFirst().title()).isEqualTo(IntegrityDetails.SECTION);
        assertThat(robot.lookup(".section-title").queryAllAs(Label.class)).extracting(Label::getText)
                .contains(IntegrityDetails.SECTION.toUpperCase(java.util.Locale.ROOT));
        assertThat(view().timelineCanvas().isDirty()).isFalse();
    }

    @Test
    void anIntactSampleShowsNoBannerAndTheFilterFindsOnlyAlteredTraces() throws Exception {
        library.importTrace(dev.forkline.trace.testing.DirectoryTrees.copy(AlteredSamples.WRONG_TOOL_CALL, dir.resolve("intact")), Progress.NONE);
        importAltered(AlteredSamples.SAMPLES.resolve("poisoned-artifact"), Alteration.CHANGED_BYTE);
        show();
        assertThat(badgeOf(WRONG_TOOL_CALL)).isEqualTo("intact");
        assertThat(badgeOf("forkline-sample-poisoned-artifact")).isEqualTo("altered");
        openFromLibrary(WRONG_TOOL_CALL);
        assertThat(view().integrityBanner.isVisible()).isFalse();
        assertThat(model.timeline().alteredProperty().get()).isNull();

        HeadlessFx.call(() -> {
            view().library.integrity.setValue(IntegrityStatus.ALTERED);
            return null;
        });
        HeadlessFx.waitForFx();
        assertThat(view().library.list.getItems()).extracting(TraceSummary::traceId).containsExactly("forkline-sample-poisoned-artifact");
    }

    @Test
    void aForeignTraceSaysItIsNotSigned() throws Exception {
        Path claudeCode = SharedSamples.require(SharedSamples.CLAUDE_CODE);
        String traceId = library.importTrace(claudeCode, Progress.NONE).trace().traceId();
        show();
        assertThat(badgeOf(traceId)).isEqualTo("not signed");
        openFromLibrary(traceId);
        assertThat(view().integrityBanner.isVisible()).isTrue();
        assertThat(view().integrityBanner.getStyleClass()).contains("integrity-note");
        assertThat(view().integrityBanner.headline.getText()).startsWith("Not signed: imported from claude-code");
        assertThat(view().integrityBanner.jump.isVisible()).isFalse();
    }

    @Test
    void anUnverifiedTraceCanBeVerifiedFromTheBanner() throws Exception {
        try (Bundle bundle = BundleReader.read(AlteredSamples.WRONG_TOOL_CALL)) {
            store.importTrace(bundle, List.of(), null);
        }
        show();
        assertThat(badgeOf(WRONG_TOOL_CALL)).isEqualTo("unverified");
        openFromLibrary(WRONG_TOOL_CALL);
        assertThat(view().integrityBanner.headline.getText()).startsWith("Not verified");
        robot.clickOn(view().integrityBanner.verify);
        HeadlessFx.waitForFx();
        assertThat(view().integrityBanner.isVisible()).isFalse();
        assertThat(model.integrity().verdict().status()).isEqualTo(IntegrityStatus.INTACT);
        assertThat(badgeOf(WRONG_TOOL_CALL)).isEqualTo("intact");
    }

    @Test
    void decidingOnAnAlteredTraceNeedsTheOwnersConfirmationWhichTheDecisionRecords() throws Exception {
        Altered altered = importAltered(AlteredSamples.SAMPLES.resolve("permission-escalation"), Alteration.CHANGED_BYTE);
        if (owner.hasKey("dana")) {
            owner.protect("dana", PASSPHRASE.toCharArray()); // a fixture wrote it unprotected
        } else {
            owner.create("dana", PASSPHRASE.toCharArray());
        }
        show();
        QueueItem item = model.escapeQueue().items().stream()
                .filter(i -> i.traceId().equals("forkline-sample-permission-escalation")).findFirst().orElseThrow();
        HeadlessFx.call(() -> {
            view().showEscapeQueue();
            view().showDecision(item);
            return null;
        });
        DecisionPane decision = view().decisionPane;
        assertThat(decision.alteredWarning.getText()).contains("event " + altered.eventId() + " (line " + altered.line() + ")")
                .contains("records that you saw the trace as altered");
        robot.clickOn(decision.rationale).write("denied after examining the altered trace");
        HeadlessFx.call(() -> {
            decision.verdict.setValue(Verdict.DENY);
            decision.owner.setValue("dana");
            return null;
        });
        assertThat(decision.review.isDisabled()).as("not before the owner confirms").isTrue();
        robot.clickOn(decision.acceptAltered);
        assertThat(decision.review.isDisabled()).isFalse();
        robot.clickOn(decision.review);
        assertThat(decision.summary.getText()).contains("Records that you saw the trace as altered");
        robot.clickOn(decision.passphrase).write(PASSPHRASE);
        robot.clickOn(decision.sign);
        HeadlessFx.waitForFx();
        assertThat(decision.status.getText()).as(decision.status.getText()).startsWith("Saved: ");

        try (Bundle bundle = BundleReader.read(altered.bundle())) {
            Decision recorded = Decision.fromEvent(bundle.events().getLast());
            assertThat(recorded.subject()).isEqualTo(item.eventId());
            assertThat(recorded.acknowledgedAltered()).isNotNull();
            assertThat(recorded.acknowledgedAltered().firstBadEvent()).isEqualTo(altered.eventId());
        }
    }
}
