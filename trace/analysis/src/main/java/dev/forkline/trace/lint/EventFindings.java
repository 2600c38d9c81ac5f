package dev.forkline.trace.lint;

import dev.forkline.trace.Finding;
import dev.forkline.trace.columns.EventColumns;

/** Makes findings about events given by their file-order index: the event's id from the columns, its line from the lines. */
final class EventFindings {

    private final EventColumns columns;
    private final int[] lines;

    /** @param lines {@code lines[i]} is the line of event {@code i}, or null when unknown */
    EventFindings(EventColumns columns, int[] lines) {
        this.columns = columns;
        this.lines = lines;
    }

    Finding of(Finding.Severity severity, String code, String message, int eventIndex) {
        return new Finding(severity, code, message, eventIndex < 0 ? null : columns.id(eventIndex), lineOf(eventIndex));
    }

    private long lineOf(int i) {
        return lines == null || i < 0 || i >= lines.length ? 0 : lines[i];
    }
}
