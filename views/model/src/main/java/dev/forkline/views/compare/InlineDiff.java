package dev.forkline.views.compare;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What changed inside one cell of the comparison: a text cut into words, spaces and punctuation, each piece marked
 * changed when the other side's text does not have it at that place (aligned word by word with {@link SequenceAlignment}).
 */
public final class InlineDiff {

    /** A piece of the text and whether it differs from the other side. Neighbouring pieces of one kind are joined. */
    public record Segment(String text, boolean changed) {
    }

    private static final Pattern TOKEN = Pattern.compile("\\w+|\\s+|[^\\w\\s]");

    private InlineDiff() {
    }

    /** The pieces of {@code text}, those not found in {@code other} at their aligned place marked changed. */
    public static List<Segment> segments(String text, String other) {
        List<String> mine = tokens(text == null ? "" : text);
        if (other == null) {
            return mine.isEmpty() ? List.of() : List.of(new Segment(String.join("", mine), false));
        }
        List<String> theirs = tokens(other);
        List<Segment> segments = new ArrayList<>();
        for (SequenceAlignment.Pair pair : SequenceAlignment.align(mine, theirs)) {
            if (pair.left() < 0) {
                continue;
            }
            add(segments, mine.get(pair.left()), !pair.matched());
        }
        return segments;
    }

    /** Whether some piece of {@code text} differs from {@code other}. */
    public static boolean differs(String text, String other) {
        return segments(text, other).stream().anyMatch(Segment::changed);
    }

    private static void add(List<Segment> segments, String token, boolean changed) {
        // a space between two changed words reads as part of the change
        if (!segments.isEmpty() && segments.getLast().changed() == changed) {
            Segment last = segments.removeLast();
            segments.add(new Segment(last.text() + token, changed));
        } else {
            segments.add(new Segment(token, changed));
        }
    }

    static List<String> tokens(String text) {
        List<String> tokens = new ArrayList<>();
        Matcher matcher = TOKEN.matcher(text);
        while (matcher.find()) {
            tokens.add(matcher.group());
        }
        return tokens;
    }
}
