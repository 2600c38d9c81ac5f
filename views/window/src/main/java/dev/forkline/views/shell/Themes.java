package dev.forkline.views.shell;

import atlantafx.base.theme.PrimerDark;
import atlantafx.base.theme.PrimerLight;
import dev.forkline.views.timeline.render.TimelinePalette;
import dev.forkline.views.viewmodel.ThemeChoice;
import javafx.application.Application;
import javafx.application.ColorScheme;
import javafx.application.Platform;

/** Applies AtlantaFX Primer light or dark; FOLLOW_OS reads and follows the platform's colour scheme. */
public final class Themes {

    private Themes() {
    }

    /** Whether a choice resolves to dark right now. */
    public static boolean isDark(ThemeChoice choice) {
        return switch (choice) {
            case DARK -> true;
            case LIGHT -> false;
            case FOLLOW_OS -> Platform.getPreferences().getColorScheme() == ColorScheme.DARK;
        };
    }

    /** Sets the application-wide user agent stylesheet; call on the FX thread. */
    public static void apply(boolean dark) {
        Application.setUserAgentStylesheet(dark ? new PrimerDark().getUserAgentStylesheet() : new PrimerLight().getUserAgentStylesheet());
    }

    public static TimelinePalette palette(boolean dark) {
        return dark ? TimelinePalette.DARK : TimelinePalette.LIGHT;
    }
}
