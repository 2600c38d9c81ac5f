package dev.forkline.views.viewmodel;

import dev.forkline.trace.decision.KeyProtection;
import dev.forkline.trace.decision.Owners;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.util.Arrays;
import java.util.function.Consumer;

/**
 * The window's own key set-up (the twin of {@code forkline keys init} and {@code keys protect}): an owner name and a
 * passphrase typed twice. A new key is encrypted with the passphrase and unlocked in this window; an unprotected key
 * of an older Forkline is encrypted in place.
 */
public final class OwnerKeySetupViewModel {

    private final EscapeQueueViewModel queue;
    private final StringProperty owner = new SimpleStringProperty("");
    private final StringProperty message = new SimpleStringProperty("");
    private final BooleanProperty busy = new SimpleBooleanProperty();

    public OwnerKeySetupViewModel(EscapeQueueViewModel queue) {
        this.queue = queue;
    }

    /** Whether the named owner already has a key here that is not protected: the set-up then protects it. */
    public boolean protectsExisting() {
        return queue.protection(owner.get().strip()) == KeyProtection.UNPROTECTED;
    }

    /**
     * Sets up (or, for an unprotected key, protects) the owner's key with the passphrase; both arrays are cleared.
     * {@code done} gets the owner once the key is on disk and unlocked in this window.
     */
    public void submit(char[] passphrase, char[] repeated, Consumer<String> done) {
        String name = owner.get().strip();
        try {
            if (!Owners.isValid(name)) {
                message.set(name.isEmpty() ? "Type the owner's name" : "'" + name + "' is not a valid owner name: use 1-64 letters, "
                        + "digits, '.', '_', '-' or '@', starting with a letter or digit");
                return;
            }
            if (!Arrays.equals(passphrase, repeated)) {
                message.set("The two passphrases differ");
                return;
            }
            if (passphrase.length < 8) {
                message.set("A passphrase needs at least 8 characters");
                return;
            }
        } finally {
            Arrays.fill(repeated, '\0');
        }
        KeyProtection protection = queue.protection(name);
        if (protection == KeyProtection.PASSPHRASE) {
            Arrays.fill(passphrase, '\0');
            message.set("'" + name + "' already has a protected key: choose it as the owner");
            return;
        }
        busy.set(true);
        message.set(protection == KeyProtection.UNPROTECTED ? "Protecting the key…" : "Setting up the key…");
        Consumer<String> finished = fingerprint -> {
            busy.set(false);
            message.set("Key of " + name + " " + (protection == KeyProtection.UNPROTECTED ? "protected" : "set up") + ": " + fingerprint);
            done.accept(name);
        };
        Consumer<Throwable> failed = error -> {
            busy.set(false);
            message.set(WorkbenchViewModel.message(error));
        };
        if (protection == KeyProtection.UNPROTECTED) {
            queue.protectKey(name, passphrase, finished, failed);
        } else {
            queue.setUpKey(name, passphrase, finished, failed);
        }
    }

    public StringProperty ownerProperty() {
        return owner;
    }

    public StringProperty messageProperty() {
        return message;
    }

    public BooleanProperty busyProperty() {
        return busy;
    }
}
