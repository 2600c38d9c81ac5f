package dev.forkline.live.escape;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * The simple commands of a shell command line, as far as rules need them: split at {@code && || ; | &} and newlines
 * (outside quotes), leading {@code NAME=value} assignments dropped, and the words of each (quotes removed). Not a
 * shell parser: a command hidden in {@code eval}, a variable or a script is not seen, which docs/live.md says.
 */
final class ShellCommands {

    private static final Pattern ASSIGNMENT = Pattern.compile("[A-Za-z_][A-Za-z0-9_]*=.*");

    /** One simple command: its text (trimmed, assignments dropped) and its words. */
    record Simple(String text, List<String> words) {
        String program() {
            if (words.isEmpty()) {
                return "";
            }
            String first = words.getFirst();
            return first.substring(first.lastIndexOf('/') + 1);
        }
    }

    private ShellCommands() {
    }

    static List<Simple> split(String commandLine) {
        List<Simple> commands = new ArrayList<>();
        if (commandLine == null) {
            return commands;
        }
        List<String> words = new ArrayList<>();
        StringBuilder text = new StringBuilder();
        StringBuilder word = new StringBuilder();
        boolean inWord = false;
        char quote = 0;
        for (int i = 0; i < commandLine.length(); i++) {
            char c = commandLine.charAt(i);
            if (quote != 0) {
                if (c == quote) {
                    quote = 0;
                } else if (c == '\\' && quote == '"' && i + 1 < commandLine.length()) {
                    word.append(commandLine.charAt(++i));
                    text.append(c);
                    c = commandLine.charAt(i);
                } else {
                    word.append(c);
                }
                text.append(c);
                continue;
            }
            if (c == '\'' || c == '"') {
                quote = c;
                inWord = true;
                text.append(c);
                continue;
            }
            if (c == '\\' && i + 1 < commandLine.length()) {
                word.append(commandLine.charAt(i + 1));
                text.append(c).append(commandLine.charAt(++i));
                inWord = true;
                continue;
            }
            if (c == ';' || c == '|' || c == '&' || c == '\n') {
                inWord = endWord(words, word, inWord);
                finish(commands, words, text);
                words = new ArrayList<>();
                text.setLength(0);
                continue;
            }
            if (Character.isWhitespace(c)) {
                inWord = endWord(words, word, inWord);
                text.append(c);
                continue;
            }
            if ((c == '>' || c == '<') && inWord && !word.isEmpty() && word.chars().allMatch(Character::isDigit)) {
                word.setLength(0); // 2> : the descriptor number is not a word
                inWord = false;
            }
            if (c == '>' || c == '<') {
                inWord = endWord(words, word, inWord);
                StringBuilder op = new StringBuilder().append(c);
                while (i + 1 < commandLine.length() && (commandLine.charAt(i + 1) == '>' || commandLine.charAt(i + 1) == '&')) {
                    op.append(commandLine.charAt(++i));
                }
                words.add(op.toString());
                text.append(op);
                continue;
            }
            word.append(c);
            text.append(c);
            inWord = true;
        }
        endWord(words, word, inWord);
        finish(commands, words, text);
        return commands;
    }

    private static boolean endWord(List<String> words, StringBuilder word, boolean inWord) {
        if (inWord) {
            words.add(word.toString());
            word.setLength(0);
        }
        return false;
    }

    private static void finish(List<Simple> commands, List<String> words, StringBuilder text) {
        int first = 0;
        while (first < words.size() && ASSIGNMENT.matcher(words.get(first)).matches()) {
            first++;
        }
        List<String> kept = List.copyOf(words.subList(first, words.size()));
        if (kept.isEmpty()) {
            return;
        }
        commands.add(new Simple(String.join(" ", kept), kept));
    }
}
