package dev.forkline.importers.support;

/** Joins the text parts of a message into paragraphs (a blank line between parts; empty parts left out). */
public final class Paragraphs {

    private Paragraphs() {
    }

    public static void append(StringBuilder text, String part) {
        if (part == null || part.isEmpty()) {
            return;
        }
        if (!text.isEmpty()) {
            text.append("\n\n");
        }
        text.append(part);
    }
}
