package dev.forkline.views;

import dev.forkline.trace.columns.EventFacts;
import dev.forkline.views.data.RunEvents;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.views.concurrent.SameThreadTaskExecutor;
import dev.forkline.views.data.InMemoryTraceLibrary;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.state.ReconstructorStateProvider;
import dev.forkline.views.state.StateSnapshot;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.embed.swing.SwingFXUtils;
import javafx.scene.Node;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;

import javax.imageio.ImageIO;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Renders the workbench (or one part of it) for a trace into a PNG, headless. {@code forkline screenshot} calls
 * {@link #render(ScreenshotRequest)}.
 */
public final class Screenshots {

    private Screenshots() {
    }

    /**
     * Starts the FX platform headless if needed, builds the window at the requested size, opens the trace, selects the
     * run and event, snapshots the requested part and writes it as PNG.
     *
     * @return the PNG file written
     */
    public static Path render(ScreenshotRequest request) throws IOException, TraceFormatException {
        HeadlessFx.ensureStarted();
        Stage[] stage = new Stage[1];
        try {
            WritableImage image = HeadlessFx.call(() -> {
                stage[0] = new Stage();
                return capture(request, stage[0]);
            });
            Path output = request.output().toAbsolutePath();
            Files.createDirectories(output.getParent());
            if (!ImageIO.write(SwingFXUtils.fromFXImage(image, null), "png", output.toFile())) {
                throw new IOException("no PNG writer available");
            }
            return output;
        } catch (IllegalStateException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            if (e.getCause() instanceof TraceFormatException format) {
                throw format;
            }
            throw e;
        } finally {
            if (stage[0] != null) {
                HeadlessFx.call(() -> {
                    stage[0].close();
                    return null;
                });
            }
        }
    }

    private static WritableImage capture(ScreenshotRequest request, Stage stage) throws IOException, TraceFormatException {
        TraceLibrary library = request.library() != null ? request.library() : new InMemoryTraceLibrary(request.bundle());
        LaunchOptions options = new LaunchOptions(library, new ReconstructorStateProvider(), null, null,
                request.theme() == ThemeChoice.FOLLOW_OS ? ThemeChoice.FOLLOW_OS : request.theme(), null);
        Workbench workbench = Workbench.create(options, new SameThreadTaskExecutor(), request.width(), request.height());
        stage.setScene(workbench.scene());
        stage.setWidth(request.width());
        stage.setHeight(request.height());
        stage.show();

        WorkbenchViewModel model = workbench.model();
        Bundle bundle = request.bundle() != null ? request.bundle() : library.load(request.traceId());
        model.open(bundle);
        if (request.run() != null) {
            model.selectRun(request.run());
            if (!request.run().equals(model.currentRun())) {
                throw new IllegalArgumentException("trace " + bundle.manifest().traceId() + " has no run '" + request.run() + "'");
            }
        }
        selectEvent(model, request.selectEvent());
        StateSnapshot state = model.state().snapshot();
        state.workspace().stream().filter(StateSnapshot.FileEntry::changed).findFirst()
                .or(() -> state.workspace().stream().findFirst())
                .ifPresent(file -> workbench.view().showWorkspaceFile(file.path()));

        if (request.view() == ScreenshotRequest.View.COMPARE) {
            javafx.scene.Scene compare = new javafx.scene.Scene(new dev.forkline.views.shell.ComparePane(model.compareWithParent()),
                    request.width(), request.height());
            stage.setScene(compare);
            compare.getRoot().applyCss();
            compare.getRoot().layout();
            return compare.snapshot(null);
        }
        workbench.scene().getRoot().applyCss();
        workbench.scene().getRoot().layout();
        Node target = switch (request.view()) {
            case MAIN -> null;
            case TIMELINE -> workbench.view().timelineCanvas();
            case FORKS -> workbench.view().forkTreeNode();
            case INSPECTOR -> workbench.view().inspectorNode();
            case STATE -> workbench.view().statePanelNode();
            case COMPARE -> throw new IllegalStateException("handled above");
        };
        return target == null ? workbench.scene().snapshot(null) : target.snapshot(null, null);
    }

    private static void selectEvent(WorkbenchViewModel model, String eventId) {
        if (eventId != null) {
            if (!model.selectEvent(eventId)) {
                throw new IllegalArgumentException("run " + model.currentRun() + " has no event '" + eventId + "'");
            }
            return;
        }
        RunEvents events = model.timeline().events();
        for (int i = 0; i < events.size(); i++) {
            if (events.has(i, EventFacts.FAILURE)) {
                model.timeline().select(i);
                return;
            }
        }
        model.timeline().home();
    }
}
