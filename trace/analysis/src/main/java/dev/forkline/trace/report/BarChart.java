package dev.forkline.trace.report;

import static dev.forkline.trace.report.Html.esc;

import java.util.List;
import java.util.Locale;

/** A small horizontal bar chart as inline SVG. */
final class BarChart {

    /** One bar: its label, its value (for length), the value as shown, and a CSS class for its colour. */
    record Bar(String label, double value, String shown, String cssClass) {
    }

    private static final int LABEL = 210;
    private static final int PLOT = 330;
    private static final int ROW = 24;

    private BarChart() {
    }

    /** @param limit a value to mark with a dashed line (e.g. a contract's bound), or a negative number for none */
    static String render(String ariaLabel, List<Bar> bars, double limit, String limitLabel) {
        double max = Math.max(limit, bars.stream().mapToDouble(Bar::value).max().orElse(0));
        if (max <= 0) {
            max = 1;
        }
        int height = bars.size() * ROW + (limit >= 0 ? 22 : 6);
        int width = LABEL + PLOT + 130;
        StringBuilder svg = new StringBuilder("<svg class=\"chart\" xmlns=\"http://www.w3.org/2000/svg\" role=\"img\" width=\"")
                .append(width).append("\" height=\"").append(height).append("\" viewBox=\"0 0 ").append(width).append(' ')
                .append(height).append("\" aria-label=\"").append(esc(ariaLabel)).append("\">\n");
        for (int i = 0; i < bars.size(); i++) {
            Bar bar = bars.get(i);
            int y = 4 + i * ROW;
            double length = Math.max(bar.value() > 0 ? 2 : 0, bar.value() / max * PLOT);
            svg.append("<text x=\"").append(LABEL - 8).append("\" y=\"").append(y + 14).append("\" class=\"chart-label\">")
                    .append(esc(bar.label(), 34)).append("</text>\n");
            svg.append("<rect x=\"").append(LABEL).append("\" y=\"").append(y + 3).append("\" width=\"").append(fmt(length))
                    .append("\" height=\"15\" class=\"bar ").append(bar.cssClass()).append("\"><title>").append(esc(bar.label() + ": " + bar.shown()))
                    .append("</title></rect>\n");
            svg.append("<text x=\"").append(fmt(LABEL + length + 6)).append("\" y=\"").append(y + 15).append("\" class=\"chart-value\">")
                    .append(esc(bar.shown())).append("</text>\n");
        }
        if (limit >= 0) {
            double x = LABEL + limit / max * PLOT;
            int bottom = bars.size() * ROW + 6;
            svg.append("<line x1=\"").append(fmt(x)).append("\" x2=\"").append(fmt(x)).append("\" y1=\"2\" y2=\"").append(bottom)
                    .append("\" class=\"chart-limit\"/>\n<text x=\"").append(fmt(Math.min(x, LABEL + PLOT))).append("\" y=\"")
                    .append(bottom + 13).append("\" class=\"chart-limit-label\">").append(esc(limitLabel)).append("</text>\n");
        }
        return svg.append("</svg>\n").toString();
    }

    private static String fmt(double value) {
        return String.format(Locale.ROOT, "%.1f", value);
    }
}
