package dev.forkline.views;

import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.DockerProbe;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.data.TeamStoreConnection;
import java.util.List;
import javafx.stage.Stage;
import javafx.stage.Window;

/**
 * What "Connect to team store…" does once the store is open: a workbench window over the team's library (its trusted
 * owner keys added to the local ones, the same services and theme) takes the place of the one it was asked from. The
 * team store is closed with that window.
 */
final class TeamStoreWindow {

    private TeamStoreWindow() {
    }

    static Workbench replace(Window previous, TeamStoreConnection.Opened opened, LaunchOptions options, TaskExecutor executor) {
        LaunchOptions team = options.withLibrary(new StoreTraceLibrary(opened.store()))
                .withTrustedKeys(options.trustedKeys().and(opened.trustedKeys()))
                .withOpenFiles(List.of())
                .withOpenTraceId(null);
        Stage stage = new Stage();
        Workbench workbench = WorkbenchApp.show(stage, team, executor);
        stage.setTitle("Forkline — " + opened.store().address());
        stage.setOnHidden(e -> opened.store().close());
        workbench.model().checkDocker(DockerProbe.engine());
        if (previous != null) {
            previous.hide(); // after the new window shows: the application ends when its last window closes
        }
        return workbench;
    }
}
