package dev.forkline.trace.store;

import dev.forkline.trace.decision.PublicKeyFile;
import java.time.Instant;

/**
 * An owner's public key the team store trusts for that owner's decisions, with who added it and when.
 *
 * @param key     the key and the owner it is trusted for
 * @param addedBy who added it (the operating-system user and the database role)
 * @param addedAt when
 */
public record TrustedOwnerKey(PublicKeyFile key, String addedBy, Instant addedAt) {

    public String owner() {
        return key.owner();
    }

    public String fingerprint() {
        return key.fingerprint();
    }
}
