package dev.forkline.views.shell;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Label;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;

/**
 * A notice above the timeline about the open trace as a whole: an icon, a headline and a muted detail line, both
 * wrapping; subclasses add their buttons after the text and say when it shows.
 */
abstract class NoticeBanner extends HBox {

    final Label icon = new Label();
    final Label headline = new Label();
    final Label detail = new Label();

    /** @param id the banner's id, ending in {@code -banner}: its headline's and detail's put {@code -headline} and {@code -detail} there */
    NoticeBanner(String id) {
        setId(id);
        getStyleClass().add("integrity-banner");
        setSpacing(10);
        setPadding(new Insets(8, 12, 8, 12));
        setAlignment(Pos.CENTER_LEFT);
        String part = id.replace("-banner", "");
        headline.setId(part + "-headline");
        headline.getStyleClass().add("integrity-headline");
        headline.setWrapText(true);
        detail.setId(part + "-detail");
        detail.getStyleClass().add("muted");
        detail.setWrapText(true);
        VBox text = new VBox(2, headline, detail);
        HBox.setHgrow(text, Priority.ALWAYS);
        text.setMinWidth(0);
        icon.getStyleClass().add("integrity-icon");
        getChildren().addAll(icon, text);
    }

    /** Shows or hides the banner, taking its room only while shown. */
    void showing(boolean shown) {
        setVisible(shown);
        setManaged(shown);
    }
}
