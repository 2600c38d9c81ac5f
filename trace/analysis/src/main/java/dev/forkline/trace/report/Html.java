package dev.forkline.trace.report;

/** Escaping for text that comes from traces: safe in HTML text, attribute values and inline SVG. */
final class Html {

    private Html() {
    }

    /**
     * Escapes {@code & < > " '} and replaces characters HTML should not carry (C0/C1 controls other than tab and
     * newline, lone surrogates, non-characters) with U+FFFD. Null becomes the empty string.
     */
    static String esc(String value) {
        if (value == null) {
            return "";
        }
        StringBuilder out = new StringBuilder(value.length() + 16);
        for (int i = 0; i < value.length(); ) {
            int c = value.codePointAt(i);
            i += Character.charCount(c);
            switch (c) {
                case '&' -> out.append("&amp;");
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                case '\n', '\t' -> out.appendCodePoint(c);
                default -> out.appendCodePoint(allowed(c) ? c : 0xFFFD);
            }
        }
        return out.toString();
    }

    /** {@link #esc} of at most {@code limit} characters of {@code value}, with an ellipsis when cut. */
    static String esc(String value, int limit) {
        if (value == null) {
            return "";
        }
        String flat = value.replaceAll("\\s+", " ").strip();
        if (flat.length() > limit) {
            int cut = limit;
            if (Character.isHighSurrogate(flat.charAt(cut - 1))) {
                cut--;
            }
            flat = flat.substring(0, cut) + "…";
        }
        return esc(flat);
    }

    private static boolean allowed(int c) {
        if (c < 0x20 || c >= 0x7F && c <= 0x9F) {
            return false;
        }
        if (c >= 0xD800 && c <= 0xDFFF) {
            return false;
        }
        return c != 0xFFFE && c != 0xFFFF && !(c >= 0xFDD0 && c <= 0xFDEF);
    }
}
