package dev.forkline.views.shell;

import dev.forkline.views.viewmodel.LiveSessionsViewModel;
import javafx.scene.control.Button;
import javafx.scene.layout.Region;
import org.kordamp.ikonli.material2.Material2AL;

/**
 * Above the timeline, while the open trace is no longer what the store holds: another Forkline (a terminal's
 * {@code forkline import --replace}, a colleague on the team store) stored it again or deleted it. The reviewer reloads
 * when ready; nothing is reloaded under her.
 */
final class ChangedElsewhereBanner extends NoticeBanner {

    final Button reload = new Button("Reload", Icons.of(Material2AL.AUTORENEW));

    ChangedElsewhereBanner(LiveSessionsViewModel live) {
        super("changed-elsewhere-banner");
        getStyleClass().add("integrity-note");
        icon.setGraphic(Icons.of(Material2AL.INFO, 20));
        reload.setId("changed-elsewhere-reload");
        reload.setMinWidth(Region.USE_PREF_SIZE);
        reload.setOnAction(e -> live.reloadChanged());
        getChildren().add(reload);
        live.changedElsewhereProperty().addListener((obs, old, now) -> show(now));
        show(live.changedElsewhereProperty().get());
    }

    private void show(LiveSessionsViewModel.ChangedElsewhere changed) {
        showing(changed != null);
        if (changed != null) {
            headline.setText(changed.notice());
            detail.setText(changed.reloadable() ? "Another Forkline imported it again or replaced it. What is shown stays as it"
                    + " is until you reload." : "");
            reload.setVisible(changed.reloadable());
            reload.setManaged(changed.reloadable());
        }
    }
}
