package dev.forkline.views.shell;

import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.javafx.FontIcon;

/** Ikonli icons sized for toolbars and lists; their colour follows the theme through the text fill. */
final class Icons {

    private Icons() {
    }

    static FontIcon of(Ikon ikon) {
        return of(ikon, 16);
    }

    static FontIcon of(Ikon ikon, int size) {
        FontIcon icon = new FontIcon(ikon);
        icon.setIconSize(size);
        return icon;
    }

    static FontIcon of(Ikon ikon, int size, String styleClass) {
        FontIcon icon = of(ikon, size);
        icon.getStyleClass().add(styleClass);
        return icon;
    }
}
