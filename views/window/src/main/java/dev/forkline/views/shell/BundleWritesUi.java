package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.BundleWrites;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.scene.control.Alert;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.stage.DirectoryChooser;
import javafx.stage.Window;
import org.kordamp.ikonli.material2.Material2MZ;

import java.io.File;
import java.nio.file.Path;
import java.util.function.Supplier;

/**
 * The window's side of {@link BundleWrites}: the question before the first write into a bundle the reviewer opened,
 * the status bar's note naming the file after each write, and File › Save bundle as….
 */
final class BundleWritesUi {

    static final String WRITE_TO_BUNDLE = "Write to the bundle I opened";
    static final String WRITE_TO_COPY = "Write to a copy";

    private final WorkbenchViewModel model;
    private final Supplier<Window> window;

    BundleWritesUi(WorkbenchViewModel model, Supplier<Window> window) {
        this.model = model;
        this.window = window;
        model.bundleWrites().setAsker(this::ask);
    }

    /** A modal question: append to her bundle, write to Forkline's copy, or cancel. */
    private BundleWrites.Choice ask(String what, Path bundle, Path copy) {
        ButtonType here = new ButtonType(WRITE_TO_BUNDLE, ButtonBar.ButtonData.OTHER);
        ButtonType elsewhere = new ButtonType(WRITE_TO_COPY, ButtonBar.ButtonData.OK_DONE);
        Alert alert = new Alert(Alert.AlertType.CONFIRMATION, "", elsewhere, here, ButtonType.CANCEL);
        alert.initOwner(window.get());
        alert.setTitle("Forkline — where to write");
        alert.setHeaderText(what + " will be appended to the bundle you opened");
        alert.setContentText(what + " adds events to\n" + bundle.resolve(dev.forkline.trace.bundle.Bundle.EVENTS)
                + "\n\nThe hash chain keeps that honest, but the file changes. Write to a copy instead to leave it as it is:\n" + copy
                + "\n\nYour answer holds for this trace. File › Save bundle as… writes the trace anywhere later.");
        alert.getDialogPane().setId("write-target-dialog");
        alert.getDialogPane().setMinWidth(620);
        alert.setResizable(true);
        ButtonType answer = alert.showAndWait().orElse(ButtonType.CANCEL);
        if (answer == here) {
            return BundleWrites.Choice.WRITE_TO_BUNDLE;
        }
        return answer == elsewhere ? BundleWrites.Choice.WRITE_TO_COPY : BundleWrites.Choice.CANCEL;
    }

    /** The status bar's note of the last write: which file it went to. */
    Label lastWriteLabel() {
        Label label = new Label();
        label.setId("last-write-status");
        label.textProperty().bind(model.bundleWrites().lastWriteProperty());
        label.setGraphic(Icons.of(Material2MZ.SAVE, 14));
        label.graphicProperty().bind(javafx.beans.binding.Bindings.createObjectBinding(
                () -> model.bundleWrites().lastWriteProperty().get().isEmpty() ? null : Icons.of(Material2MZ.SAVE, 14),
                model.bundleWrites().lastWriteProperty()));
        label.setMinWidth(0);
        label.tooltipProperty().bind(javafx.beans.binding.Bindings.createObjectBinding(
                () -> new javafx.scene.control.Tooltip(model.bundleWrites().lastWriteProperty().get()), model.bundleWrites().lastWriteProperty()));
        return label;
    }

    /** File › Save bundle as…: the open trace, with every run and decision stored, as a new bundle folder. */
    MenuItem saveAsItem() {
        MenuItem item = new MenuItem("Save bundle as…", Icons.of(Material2MZ.SAVE));
        item.setId("save-bundle-as");
        item.disableProperty().bind(model.openedProperty().isNull().or(model.previewingProperty()));
        item.setOnAction(e -> chooseTarget());
        return item;
    }

    private void chooseTarget() {
        var trace = model.opened();
        if (trace == null) {
            return;
        }
        String traceId = trace.bundle().manifest().traceId();
        DirectoryChooser chooser = new DirectoryChooser();
        chooser.setTitle("Save the bundle into (a new folder named after the trace is made there)");
        File folder = chooser.showDialog(window.get());
        if (folder != null) {
            saveInto(traceId, folder.toPath().resolve(traceId.replaceAll("[^A-Za-z0-9._-]", "_") + ".forkline"));
        }
    }

    /** Writes the trace as the bundle folder {@code target} (which must not exist); the status bar names it. */
    void saveInto(String traceId, Path target) {
        model.bundleWrites().saveAs(traceId, target, message -> {
            Alert alert = new Alert(Alert.AlertType.ERROR, message);
            alert.initOwner(window.get());
            alert.setHeaderText("The bundle was not saved");
            alert.show();
        });
    }
}
