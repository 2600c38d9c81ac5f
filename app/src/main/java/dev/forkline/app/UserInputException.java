package dev.forkline.app;

/** Bad input or usage detected by a command itself (exit 2); the message names the file, line or option. */
public final class UserInputException extends RuntimeException {

    public UserInputException(String message) {
        super(message);
    }
}
