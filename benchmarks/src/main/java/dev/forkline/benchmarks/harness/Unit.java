package dev.forkline.benchmarks.harness;

import java.util.Locale;

/** How a figure's value is printed. Durations are kept in milliseconds, sizes in bytes. */
public enum Unit {
    MILLIS {
        @Override
        public String format(double value) {
            if (value >= 10_000) {
                return String.format(Locale.ROOT, "%.1f s", value / 1000);
            }
            if (value >= 1000) {
                return String.format(Locale.ROOT, "%.2f s", value / 1000);
            }
            return String.format(Locale.ROOT, value >= 10 ? "%.1f ms" : "%.3f ms", value);
        }
    },
    BYTES {
        @Override
        public String format(double value) {
            if (Double.isInfinite(value)) {
                return "failed";
            }
            if (value >= 1 << 20) {
                return String.format(Locale.ROOT, "%.1f MB", value / (1 << 20));
            }
            if (value >= 1 << 10) {
                return String.format(Locale.ROOT, "%.1f KB", value / (1 << 10));
            }
            return String.format(Locale.ROOT, "%.0f B", value);
        }
    };

    public abstract String format(double value);

    /** Each value formatted, in order, comma-separated. */
    public String formatEach(double[] values) {
        StringBuilder line = new StringBuilder();
        for (double value : values) {
            line.append(line.isEmpty() ? "" : ", ").append(format(value));
        }
        return line.toString();
    }
}
