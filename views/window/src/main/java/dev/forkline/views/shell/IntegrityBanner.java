package dev.forkline.views.shell;

import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.control.Button;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * Above the timeline, whenever the open trace is not intact: an altered trace (or one whose decisions are signed by
 * untrusted keys) names its first bad event, with a button that puts the cursor on it; a foreign trace says it is not
 * signed; an unverified one offers to verify it, except the part of a trace an import has read so far, which is verified
 * once it is stored whole.
 */
final class IntegrityBanner extends NoticeBanner {

    final Button jump = new Button("", Icons.of(Material2MZ.MY_LOCATION));
    final Button verify = new Button("Verify again", Icons.of(Material2MZ.VERIFIED_USER));

    IntegrityBanner(WorkbenchViewModel model) {
        super("integrity-banner");
        jump.setId("integrity-jump");
        jump.setMinWidth(USE_PREF_SIZE);
        jump.setOnAction(e -> model.jumpToFirstBreak());
        verify.setId("integrity-verify");
        verify.setMinWidth(USE_PREF_SIZE);
        verify.setTooltip(new javafx.scene.control.Tooltip("Verify the stored trace again against the keys trusted now, and store the verdict"));
        verify.setOnAction(e -> model.verifyOpenedAgain());
        getChildren().addAll(jump, verify);
        model.integrityProperty().addListener((obs, old, now) -> show(model, now));
        model.openedProperty().addListener((obs, old, now) -> show(model, model.integrity()));
        model.previewingProperty().addListener((obs, old, now) -> show(model, model.integrity()));
        show(model, model.integrity());
    }

    private void show(WorkbenchViewModel model, TraceIntegrity integrity) {
        IntegrityStatus status = integrity == null ? IntegrityStatus.INTACT : integrity.verdict().status();
        boolean visible = status != IntegrityStatus.INTACT;
        showing(visible);
        getStyleClass().removeAll("integrity-danger", "integrity-note");
        if (!visible) {
            return;
        }
        IntegrityVerdict verdict = integrity.verdict();
        getStyleClass().add(verdict.fails() ? "integrity-danger" : "integrity-note");
        icon.setGraphic(Icons.of(verdict.fails() ? Material2MZ.WARNING : Material2AL.INFO, 20));
        String format = model.opened() == null ? "an agent's own format" : model.opened().bundle().manifest().sourceFormat();
        headline.setText(switch (status) {
            case ALTERED -> "This trace is altered: event " + verdict.eventId() + where(verdict) + " does not match what was recorded — "
                    + count(verdict) + ". What follows it may not be what happened.";
            case UNTRUSTED_DECISIONS -> "Decisions signed by keys not trusted for their owners: decision " + verdict.eventId() + where(verdict)
                    + ", " + count(verdict) + ". Anyone can make a key pair: they may be forged.";
            case NOT_SIGNED -> "Not signed: imported from " + format + ", which has no hash chain or signatures. Nothing shows whether it "
                    + "was changed after the run.";
            case UNVERIFIED -> model.previewingProperty().get()
                    ? "Not verified yet: a part read while the import goes on. "
                    + "Forkline verifies the trace when its import has stored it whole."
                    : "Not verified: stored before Forkline verified traces at import, or changed since.";
            case INTACT -> "";
        });
        detail.setText(verdict.fails() ? "First: " + verdict.detail() : "");
        detail.setVisible(verdict.fails());
        detail.setManaged(verdict.fails());
        jump.setText(verdict.eventId() == null ? "" : "Show event " + verdict.eventId());
        jump.setVisible(verdict.fails() && model.firstBreakRun() != null);
        jump.setManaged(jump.isVisible());
        verify.setVisible(status != IntegrityStatus.NOT_SIGNED && !model.previewingProperty().get());
        verify.setManaged(verify.isVisible());
    }

    private static String where(IntegrityVerdict verdict) {
        return verdict.line() > 0 ? " (line " + verdict.line() + ")" : "";
    }

    private static String count(IntegrityVerdict verdict) {
        return verdict.problems() + (verdict.problems() == 1 ? " problem" : " problems");
    }
}
