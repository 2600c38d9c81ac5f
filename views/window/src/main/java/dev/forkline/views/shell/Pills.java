package dev.forkline.views.shell;

import dev.forkline.trace.integrity.IntegrityStatus;
import javafx.scene.control.Label;

/** Small rounded labels for badges and outcomes; colours come from workbench.css. */
final class Pills {

    private Pills() {
    }

    static Label pill(String text, String tone) {
        Label label = new Label(text);
        label.getStyleClass().addAll("pill", "pill-" + tone);
        label.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        return label;
    }

    static String outcomeTone(String outcome) {
        return switch (outcome == null ? "" : outcome) {
            case "success" -> "success";
            case "failure" -> "danger";
            case "aborted" -> "warning";
            default -> "neutral";
        };
    }

    static String integrityTone(IntegrityStatus status) {
        return switch (status) {
            case INTACT -> "success";
            case ALTERED, UNTRUSTED_DECISIONS -> "danger";
            case NOT_SIGNED -> "neutral";
            case UNVERIFIED -> "warning";
        };
    }

    /** A run's origin badge: a replay's agreement is information (a match of a failed run is no good news), a divergence a warning. */
    static String originTone(dev.forkline.views.data.RunNode node) {
        return switch (node.origin()) {
            case "replay" -> "diverged".equals(node.divergence()) ? "warning" : "accent";
            case "fork" -> "accent";
            case "revert" -> "warning";
            default -> "neutral";
        };
    }

    static String badgeTone(String badge) {
        if (badge.contains("diverged")) {
            return "warning";
        }
        if (badge.contains("matched")) {
            return "success";
        }
        return switch (badge) {
            case "original" -> "neutral";
            case "imported" -> "neutral";
            case "revert" -> "warning";
            default -> "accent";
        };
    }
}
