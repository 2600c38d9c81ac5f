package dev.forkline.views.shell;

import static dev.forkline.views.shell.ActionsFlowsTest.awaitFx;
import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.testing.ThrowawayPostgres;
import dev.forkline.views.HeadlessFx;
import dev.forkline.views.LaunchOptions;
import dev.forkline.views.WorkbenchApp;
import dev.forkline.views.shell.FxTaskExecutor;
import dev.forkline.views.concurrent.Progress;
import dev.forkline.views.data.StoreTraceLibrary;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.testdata.Samples;
import dev.forkline.views.viewmodel.TeamStoreViewModel;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.util.List;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * "Connect to team store…" in the window (TestFX, headless) against a throwaway PostgreSQL cluster: a malformed address
 * and a server that does not answer are each told in the form, and nothing changes; the team's address opens a window
 * over the team's library in place of the local one, and the address is remembered for the next time.
 */
class TeamStoreFlowsTest {

    @TempDir
    Path dir;
    private final FxTaskExecutor executor = new FxTaskExecutor(2);
    private ThrowawayPostgres cluster;
    private Samples samples;
    private Stage stage;

    @AfterEach
    void close() {
        HeadlessFx.hideAllWindows();
        executor.close();
        if (samples != null) {
            samples.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @Test
    void theWindowConnectsToTheTeamStoreAfterSayingWhyItCouldNot() throws Exception {
        assumeTrue(ThrowawayPostgres.find().isPresent(), ThrowawayPostgres.unavailableReason());
        cluster = ThrowawayPostgres.start();
        cluster.psql("postgres", "CREATE DATABASE team_window");
        String address = cluster.forklineUrl(ThrowawayPostgres.SUPERUSER, "team_window");
        try (TraceStore team = TraceStore.open(address)) {
            new StoreTraceLibrary(team).importTrace(Samples.ROOT.resolve("permission-escalation"), Progress.NONE);
        }

        samples = Samples.imported(dir, "wrong-tool-call");
        HeadlessFx.ensureStarted();
        LaunchOptions options = samples.launchOptions(null);
        WorkbenchView view = HeadlessFx.call(() -> {
            stage = new Stage();
            return WorkbenchApp.show(stage, options, executor).view();
        });
        awaitFx(() -> view.library.list.getItems().size() == 1);
        HeadlessFx.call(() -> {
            view.showTeamStore();
            return null;
        });
        TeamStorePane form = view.teamStorePane;

        // a password in the address is refused before anything is sent
        connect(form, "postgresql://ann:secret@127.0.0.1/team", "");
        awaitFx(() -> form.message.getText().startsWith("Could not connect"));
        assertThat(HeadlessFx.call(form.message::getText)).contains("must not hold a password");

        // a server that does not answer: said, and the local window stays
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0)) {
            closedPort = socket.getLocalPort();
        }
        connect(form, "postgresql://ann@127.0.0.1:" + closedPort + "/team", "");
        awaitFx(() -> form.message.getText().startsWith("Could not connect"));
        assertThat(HeadlessFx.call(form.message::getText)).contains("127.0.0.1:" + closedPort);
        assertThat(HeadlessFx.call(stage::isShowing)).isTrue();

        // the team's store: a window over its library takes the local one's place
        connect(form, address, "");
        awaitFx(() -> !stage.isShowing() && teamWindow() != null);
        WorkbenchView teamView = HeadlessFx.call(() -> (WorkbenchView) teamWindow().getScene().getRoot());
        awaitFx(() -> !teamView.library.list.getItems().isEmpty());
        assertThat(HeadlessFx.call(() -> List.copyOf(teamView.library.list.getItems()))).extracting(TraceSummary::traceId)
                .containsExactly(Samples.traceId("permission-escalation"));
        assertThat(HeadlessFx.call(() -> ((Stage) teamWindow()).getTitle())).contains("team_window");
        assertThat(samples.settings.get(TeamStoreViewModel.LAST_ADDRESS)).contains(address);
    }

    private static void connect(TeamStorePane form, String address, String password) {
        HeadlessFx.call(() -> {
            form.address.setText(address);
            form.password.setText(password);
            form.connect.fire();
            return null;
        });
    }

    private Window teamWindow() {
        return Window.getWindows().stream()
                .filter(window -> window instanceof Stage other && other.getTitle() != null && other.getTitle().startsWith("Forkline — "))
                .findFirst().orElse(null);
    }
}
