package dev.forkline.views.shell;

import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

/**
 * Keeps the content of a tab pane's tabs out of the scene until each tab is first selected. A control joining a scene
 * gets its skin, its CSS and its layout whether its tab is shown or not, and the window's first show does that for
 * every node in it: the tabs not shown at start (the state's four other kinds, the replay and recovery panes) were
 * 472 of the window's 1,149 nodes. The content is built as before (its bindings follow its view model from the
 * start); only its joining the scene waits. Content set on such a tab meanwhile is what it gets when selected.
 */
final class TabsBuiltWhenSelected {

    private TabsBuiltWhenSelected() {
    }

    /** Call once the tabs are added (the pane has selected one): every tab not selected now gets its content when it is. */
    static void apply(TabPane pane) {
        for (Tab tab : pane.getTabs()) {
            if (!tab.isSelected() && tab.getContent() != null) {
                new Waiting(tab);
            }
        }
    }

    /** A tab's content waiting for the tab's first selection. */
    private static final class Waiting {
        private final Tab tab;
        private Node content;
        private final ChangeListener<Node> contentSet = this::contentSet;
        private final ChangeListener<Boolean> selected = this::selected;

        Waiting(Tab tab) {
            this.tab = tab;
            this.content = tab.getContent();
            tab.setContent(null);
            tab.contentProperty().addListener(contentSet);
            tab.selectedProperty().addListener(selected);
        }

        private void contentSet(ObservableValue<? extends Node> property, Node was, Node now) {
            if (now != null) {
                content = now;
                tab.setContent(null);
            }
        }

        private void selected(ObservableValue<? extends Boolean> property, Boolean was, Boolean now) {
            if (now) {
                tab.contentProperty().removeListener(contentSet);
                tab.selectedProperty().removeListener(selected);
                tab.setContent(content);
            }
        }
    }
}
