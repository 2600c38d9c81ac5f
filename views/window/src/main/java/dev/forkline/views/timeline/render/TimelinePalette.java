package dev.forkline.views.timeline.render;

import dev.forkline.views.timeline.MarkKind;
import javafx.scene.paint.Color;

/** The timeline's colours for one theme; a canvas is not styled by CSS, so the shell hands it the matching palette. */
public record TimelinePalette(Color background, Color laneAlternate, Color gutter, Color text, Color mutedText, Color grid,
                              Color cursor, Color match, Color overviewWindow, Color[] kinds) {

    public Color kind(MarkKind kind) {
        return kinds[kind.ordinal()];
    }

    public static final TimelinePalette LIGHT = new TimelinePalette(
            Color.web("#ffffff"), Color.web("#f6f8fa"), Color.web("#f6f8fa"), Color.web("#1f2328"), Color.web("#656d76"),
            Color.web("#d0d7de"), Color.web("#0969da"), Color.web("#f2cc60"), Color.web("#0969da"),
            new Color[]{
                    Color.web("#6e7781"), // tick
                    Color.web("#8250df"), // model span
                    Color.web("#218bff"), // tool span
                    Color.web("#1a7f37"), // checkpoint
                    Color.web("#bf3989"), // human decision
                    Color.web("#bf8700"), // unknown-outcome effect
                    Color.web("#e16f24"), // escape attempt
                    Color.web("#cf222e"), // failure
            });

    public static final TimelinePalette DARK = new TimelinePalette(
            Color.web("#0d1117"), Color.web("#161b22"), Color.web("#161b22"), Color.web("#e6edf3"), Color.web("#7d8590"),
            Color.web("#30363d"), Color.web("#58a6ff"), Color.web("#bb8009"), Color.web("#58a6ff"),
            new Color[]{
                    Color.web("#8b949e"),
                    Color.web("#a371f7"),
                    Color.web("#388bfd"),
                    Color.web("#3fb950"),
                    Color.web("#db61a2"),
                    Color.web("#d29922"),
                    Color.web("#f0883e"),
                    Color.web("#f85149"),
            });
}
