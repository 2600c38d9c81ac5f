package dev.forkline.views.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.views.HeadlessFx;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** The content of the tabs not shown joins the scene when each is first selected, as it stands by then. */
class TabsBuiltWhenSelectedTest {

    @BeforeAll
    static void start() {
        HeadlessFx.ensureStarted();
    }

    @AfterEach
    void close() {
        HeadlessFx.hideAllWindows();
    }

    private record Shown(TabPane pane, Tab first, Tab second, Tab third, Label one, Label two, Label three) {
    }

    private static Shown shown() {
        Label one = new Label("one");
        Label two = new Label("two");
        Label three = new Label("three");
        Tab first = new Tab("First", one);
        Tab second = new Tab("Second", two);
        Tab third = new Tab("Third", three);
        TabPane pane = new TabPane(first, second, third);
        TabsBuiltWhenSelected.apply(pane);
        Stage stage = new Stage();
        stage.setScene(new Scene(pane, 400, 300));
        stage.show();
        return new Shown(pane, first, second, third, one, two, three);
    }

    @Test
    void onlyTheSelectedTabsContentIsInTheShownSceneUntilAnotherIsSelected() {
        HeadlessFx.call(() -> {
            Shown shown = shown();
            assertThat(shown.one().getScene()).isNotNull();
            assertThat(shown.two().getScene()).isNull();
            assertThat(shown.three().getScene()).isNull();
            assertThat(shown.two().getSkin()).isNull();

            shown.pane().getSelectionModel().select(shown.second());
            shown.pane().applyCss();
            assertThat(shown.second().getContent()).isSameAs(shown.two());
            assertThat(shown.two().getScene()).isSameAs(shown.pane().getScene());
            assertThat(shown.two().getSkin()).isNotNull();
            assertThat(shown.three().getScene()).isNull();

            shown.pane().getSelectionModel().select(shown.first());
            assertThat(shown.second().getContent()).isSameAs(shown.two()); // once joined, it stays
            return null;
        });
    }

    @Test
    void contentSetOnAWaitingTabIsWhatItShowsWhenSelected() {
        HeadlessFx.call(() -> {
            Shown shown = shown();
            Label replaced = new Label("replaced");
            shown.third().setContent(replaced);
            assertThat(replaced.getScene()).isNull();

            shown.pane().getSelectionModel().select(shown.third());
            assertThat(shown.third().getContent()).isSameAs(replaced);
            assertThat(replaced.getScene()).isNotNull();
            assertThat(shown.three().getScene()).isNull();

            Label later = new Label("later");
            shown.third().setContent(later); // selected once: content set now is shown at once
            assertThat(shown.third().getContent()).isSameAs(later);
            return null;
        });
    }
}
