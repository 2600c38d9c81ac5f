package dev.forkline.importers.langfuse;

import java.util.List;

/**
 * A chat message written as a Python object's repr ({@code role='user' content='...' name=None ...}), as Agno puts
 * its messages into a generation's input: the role and the content are read back; anything else is left as text.
 */
final class PythonRepr {

    private PythonRepr() {
    }

    /** The message, or null when the text is not such a repr. Scanned by hand: the content may be long. */
    static GenAiMessages.Message message(String text) {
        if (!text.startsWith("role='")) {
            return null;
        }
        int roleEnd = text.indexOf('\'', 6);
        if (roleEnd < 0 || !text.startsWith(" content=", roleEnd + 1)) {
            return null;
        }
        String role = text.substring(6, roleEnd);
        if (role.isEmpty() || !role.chars().allMatch(c -> Character.isLetter(c) || c == '_')) {
            return null;
        }
        int at = roleEnd + 1 + " content=".length();
        if (text.startsWith("None", at)) {
            return new GenAiMessages.Message(role, "", List.of(), null);
        }
        if (at >= text.length() || text.charAt(at) != '\'' && text.charAt(at) != '"') {
            return null;
        }
        char quote = text.charAt(at);
        for (int i = at + 1; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\') {
                i++;
            } else if (c == quote) {
                return new GenAiMessages.Message(role, unescape(text.substring(at + 1, i)), List.of(), null);
            }
        }
        return null;
    }

    /** Python string escapes: {@code \n}, {@code \t}, {@code \'}, {@code \"}, {@code \\}. */
    private static String unescape(String text) {
        StringBuilder out = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '\\' && i + 1 < text.length()) {
                char next = text.charAt(++i);
                out.append(switch (next) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    case 'r' -> '\r';
                    default -> next;
                });
            } else {
                out.append(c);
            }
        }
        return out.toString();
    }
}
