package dev.forkline.app;

import java.io.Console;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermission;
import java.util.Arrays;
import java.util.Map;
import java.util.Set;

/**
 * Where a command gets an owner's passphrase: {@code --passphrase-file FILE} (its first line), else the environment
 * variable {@value #ENVIRONMENT}, else the terminal (asked without echo). Files and the variable are for CI, where no
 * one types; docs/decisions.md says what they risk. Nothing else asks: a hook never gets a passphrase.
 */
final class Passphrases {

    static final String ENVIRONMENT = "FORKLINE_PASSPHRASE";

    /** Reads a passphrase without echo; null when there is no terminal to ask. */
    interface Terminal {
        char[] readPassword(String prompt);
    }

    private final Path file;
    private final Map<String, String> environment;
    private final Terminal terminal;

    Passphrases(Path file, Map<String, String> environment, Terminal terminal) {
        this.file = file;
        this.environment = environment;
        this.terminal = terminal;
    }

    /** The process's own sources: the file given, its environment, its terminal when stdin and stdout are one. */
    static Passphrases of(Path file) {
        Console console = System.console();
        Terminal terminal = console != null && console.isTerminal() ? prompt -> console.readPassword("%s", prompt) : null;
        return new Passphrases(file, System.getenv(), terminal);
    }

    /** The passphrase that unlocks {@code owner}'s key. */
    char[] toUnlock(String owner) throws IOException {
        char[] given = fromFileOrEnvironment();
        if (given != null) {
            return given;
        }
        requireTerminal(owner);
        char[] typed = terminal.readPassword("Passphrase of " + owner + "'s decision key: ");
        if (typed == null) {
            throw new UserInputException("no passphrase was given for " + owner + "'s key");
        }
        return typed;
    }

    /** A new passphrase for {@code owner}'s key: typed twice on a terminal (they must agree), or from the file or environment. */
    char[] toSetUp(String owner) throws IOException {
        char[] given = fromFileOrEnvironment();
        if (given != null) {
            return given;
        }
        requireTerminal(owner);
        char[] first = terminal.readPassword("New passphrase for " + owner + "'s decision key (at least 8 characters): ");
        char[] second = terminal.readPassword("Type it again: ");
        try {
            if (first == null || second == null || !Arrays.equals(first, second)) {
                throw new UserInputException("the two passphrases differ: nothing was written");
            }
            return first.clone();
        } finally {
            if (first != null) {
                Arrays.fill(first, '\0');
            }
            if (second != null) {
                Arrays.fill(second, '\0');
            }
        }
    }

    private void requireTerminal(String owner) {
        if (terminal == null) {
            throw new UserInputException(owner + "'s key is protected by a passphrase and there is no terminal to ask for it: run "
                    + "this in a terminal, or (CI only, see docs/decisions.md) give --passphrase-file FILE or set " + ENVIRONMENT);
        }
    }

    private char[] fromFileOrEnvironment() throws IOException {
        if (file != null) {
            requireOwnerOnly(file);
            String text = Files.readString(file, StandardCharsets.UTF_8);
            int end = text.indexOf('\n');
            String line = end < 0 ? text : text.substring(0, end);
            if (line.endsWith("\r")) {
                line = line.substring(0, line.length() - 1);
            }
            if (line.isEmpty()) {
                throw new UserInputException(file + ": the passphrase file is empty (the passphrase is its first line)");
            }
            return line.toCharArray();
        }
        String variable = environment.get(ENVIRONMENT);
        return variable == null || variable.isEmpty() ? null : variable.toCharArray();
    }

    /** A passphrase file others can read protects nothing: refuse it, as ssh refuses such key files. */
    private static void requireOwnerOnly(Path file) throws IOException {
        if (!file.getFileSystem().supportedFileAttributeViews().contains("posix") || !Files.exists(file)) {
            return;
        }
        Set<PosixFilePermission> permissions = Files.getPosixFilePermissions(file);
        if (permissions.contains(PosixFilePermission.GROUP_READ) || permissions.contains(PosixFilePermission.OTHERS_READ)) {
            throw new UserInputException(file + ": the passphrase file is readable by other users; make it private first (chmod 600 " + file + ")");
        }
    }
}
