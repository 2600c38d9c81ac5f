package dev.forkline.views.timeline;

/**
 * What a timeline item is, ordered by how important it is to see: when items merge into one aggregate mark, the
 * aggregate shows the most important kind it contains (a failure is never hidden behind ordinary ticks).
 */
public enum MarkKind {
    TICK("Event"),
    MODEL_SPAN("Model call"),
    TOOL_SPAN("Tool call"),
    CHECKPOINT("Checkpoint"),
    DECISION("Human decision"),
    UNKNOWN_EFFECT("Unknown-outcome effect"),
    ESCAPE("Escape attempt"),
    FAILURE("Failure");

    private static final MarkKind[] BY_CODE = values();

    private final String label;

    MarkKind(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    public byte code() {
        return (byte) ordinal();
    }

    public boolean isSpan() {
        return this == MODEL_SPAN || this == TOOL_SPAN;
    }

    public static MarkKind of(byte code) {
        return BY_CODE[code];
    }
}
