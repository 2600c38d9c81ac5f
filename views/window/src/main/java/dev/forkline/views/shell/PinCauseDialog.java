package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.CauseNotesViewModel;
import javafx.scene.control.ButtonType;
import javafx.scene.control.TextInputDialog;
import javafx.stage.Window;

/** Asks the reviewer for the why in her own words before a cause is pinned to a failure (which writes a note into the trace). */
final class PinCauseDialog {

    private PinCauseDialog() {
    }

    /** Shows the dialog (without waiting); OK pins the cause. */
    static TextInputDialog show(Window owner, CauseNotesViewModel notes, String failureId, String causeId) {
        TextInputDialog dialog = new TextInputDialog();
        if (owner != null) {
            dialog.initOwner(owner);
        }
        dialog.setTitle("Pin the why");
        dialog.setHeaderText("Pin " + causeId + " as the cause of " + failureId);
        dialog.setContentText("Why, in your words (optional):");
        dialog.getDialogPane().setId("pin-cause-dialog");
        dialog.getDialogPane().lookupButton(ButtonType.OK).setId("pin-cause-ok");
        ((javafx.scene.control.Button) dialog.getDialogPane().lookupButton(ButtonType.OK)).setText("Pin as " + notes.reviewer());
        dialog.setOnHidden(e -> {
            if (dialog.getResult() != null) {
                notes.pin(causeId, dialog.getResult());
            }
        });
        dialog.show();
        return dialog;
    }
}
