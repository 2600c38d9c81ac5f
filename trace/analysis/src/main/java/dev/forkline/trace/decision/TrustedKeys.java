package dev.forkline.trace.decision;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Which public keys may sign decisions for which owner. Trust always comes from outside the bundle (the local key
 * ring, or key files the user names): a bundle carries public keys, but anyone can make a key pair, so a key embedded
 * in a decision proves nothing by itself.
 */
public final class TrustedKeys {

    private final Map<String, Set<String>> fingerprintsByOwner;

    private TrustedKeys(Map<String, Set<String>> fingerprintsByOwner) {
        this.fingerprintsByOwner = fingerprintsByOwner;
    }

    public static TrustedKeys none() {
        return new TrustedKeys(Map.of());
    }

    public static TrustedKeys of(Collection<PublicKeyFile> keys) {
        Map<String, Set<String>> trusted = new HashMap<>();
        for (PublicKeyFile key : keys) {
            trusted.computeIfAbsent(key.owner(), owner -> new HashSet<>()).add(key.fingerprint());
        }
        return new TrustedKeys(freeze(trusted));
    }

    /**
     * Reads exported public key files ({@link PublicKeyFile} format; each must name its owner).
     *
     * @throws IllegalArgumentException naming the file when one is not a usable key
     */
    public static TrustedKeys fromFiles(Collection<Path> files) throws IOException {
        List<PublicKeyFile> keys = new ArrayList<>();
        for (Path file : files) {
            keys.add(PublicKeyFile.parse(Files.readString(file, StandardCharsets.UTF_8), file.toString(), null));
        }
        return of(keys);
    }

    /** Keys trusted by this or by {@code other}. */
    public TrustedKeys and(TrustedKeys other) {
        Map<String, Set<String>> union = new HashMap<>();
        fingerprintsByOwner.forEach((owner, prints) -> union.computeIfAbsent(owner, o -> new HashSet<>()).addAll(prints));
        other.fingerprintsByOwner.forEach((owner, prints) -> union.computeIfAbsent(owner, o -> new HashSet<>()).addAll(prints));
        return new TrustedKeys(freeze(union));
    }

    public boolean trusts(String owner, String fingerprint) {
        return fingerprintsByOwner.getOrDefault(owner, Set.of()).contains(fingerprint);
    }

    public Set<String> fingerprintsOf(String owner) {
        return fingerprintsByOwner.getOrDefault(owner, Set.of());
    }

    private static Map<String, Set<String>> freeze(Map<String, Set<String>> map) {
        Map<String, Set<String>> frozen = new HashMap<>();
        map.forEach((owner, prints) -> frozen.put(owner, Set.copyOf(prints)));
        return Map.copyOf(frozen);
    }
}
