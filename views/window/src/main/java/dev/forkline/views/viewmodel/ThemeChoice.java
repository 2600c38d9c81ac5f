package dev.forkline.views.viewmodel;

/** The colour theme the user picked; FOLLOW_OS tracks the platform's light/dark preference. */
public enum ThemeChoice {
    LIGHT, DARK, FOLLOW_OS
}
