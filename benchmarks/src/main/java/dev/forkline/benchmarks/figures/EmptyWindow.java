package dev.forkline.benchmarks.figures;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/**
 * The floor of {@code library.window-start}, run in a JVM of its own: a JavaFX stage of the workbench's size with one
 * label, which prints {@link #LAID_OUT} after its first layout, as the workbench logs its own (with a listener of its
 * own: {@code StartupLog}'s would bring the start of logging into the floor). The main class is not the
 * {@code Application}: the launcher refuses one that is when JavaFX is on the class path.
 */
public final class EmptyWindow {

    static final String LAID_OUT = "empty window: laid out";

    private EmptyWindow() {
    }

    public static void main(String[] args) {
        Application.launch(Shown.class, args);
    }

    public static final class Shown extends Application {
        @Override
        public void start(Stage stage) {
            Scene scene = new Scene(new StackPane(new Label("Forkline")), 1600, 1000);
            scene.addPostLayoutPulseListener(new Runnable() {
                @Override
                public void run() {
                    scene.removePostLayoutPulseListener(this);
                    System.out.println(LAID_OUT);
                    System.out.flush();
                }
            });
            stage.setScene(scene);
            stage.show();
        }
    }
}
