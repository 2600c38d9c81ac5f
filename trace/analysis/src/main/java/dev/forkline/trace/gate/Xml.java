package dev.forkline.trace.gate;

/** Escaping for XML 1.0 text and attributes; characters XML cannot hold at all become U+FFFD. */
final class Xml {

    private Xml() {
    }

    static String text(String value) {
        return escape(value, false);
    }

    static String attribute(String value) {
        return escape(value, true);
    }

    private static String escape(String value, boolean attribute) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length());
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append(attribute ? "&quot;" : "\"");
                case '\'' -> out.append(attribute ? "&apos;" : "'");
                case '\n' -> out.append(attribute ? "&#10;" : "\n");
                case '\t' -> out.append(attribute ? "&#9;" : "\t");
                case '\r' -> out.append("&#13;");
                default -> {
                    boolean allowed = c >= 0x20 && c <= 0xD7FF || c >= 0xE000 && c <= 0xFFFD || c >= 0x10000 && c <= 0x10FFFF;
                    out.appendCodePoint(allowed ? c : 0xFFFD);
                }
            }
        }
        return out.toString();
    }
}
