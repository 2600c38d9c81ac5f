package dev.forkline.views;

import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.shell.Themes;
import dev.forkline.views.shell.WorkbenchView;
import dev.forkline.views.viewmodel.RecentFiles;
import dev.forkline.views.viewmodel.ThemeChoice;
import dev.forkline.views.viewmodel.WorkbenchViewModel;
import javafx.application.Platform;
import javafx.scene.Scene;

/** A view model, its window content and scene, wired together (theme included). Build on the FX thread. */
public record Workbench(WorkbenchViewModel model, WorkbenchView view, Scene scene) {

    public static Workbench create(LaunchOptions options, TaskExecutor executor, double width, double height) {
        WorkbenchViewModel model = new WorkbenchViewModel(executor, options.library(), options.state(), new RecentFiles(options.recentStore()),
                dev.forkline.views.data.IndexRunLineage::new, options.services(), options.trustedKeys(), options.contracts());
        model.themeProperty().set(options.theme());
        WorkbenchView view = new WorkbenchView(model);
        view.onTeamStoreConnected(opened -> TeamStoreWindow.replace(view.getScene() == null ? null : view.getScene().getWindow(),
                opened, options, executor));
        Scene scene = new Scene(view, width, height);
        view.install(scene);
        view.applyTheme(Themes.isDark(model.themeProperty().get()));
        model.themeProperty().addListener((obs, old, choice) -> view.applyTheme(Themes.isDark(choice)));
        Platform.getPreferences().colorSchemeProperty().addListener((obs, old, scheme) -> {
            if (model.themeProperty().get() == ThemeChoice.FOLLOW_OS) {
                view.applyTheme(Themes.isDark(ThemeChoice.FOLLOW_OS));
            }
        });
        return new Workbench(model, view, scene);
    }
}
