package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.PublicKeyFile;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.Parameter;
import org.junit.jupiter.params.ParameterizedClass;
import org.junit.jupiter.params.provider.MethodSource;

/** The owner keys a store trusts, with who added each and when. */
@ParameterizedClass(name = "{0}")
@MethodSource("dev.forkline.trace.store.StoreBackend#both")
@ExtendWith(SharedPostgres.class)
class TrustedOwnerKeysTest {

    @Parameter
    StoreBackend backend;

    @TempDir
    Path dir;

    @BeforeEach
    void assumeAvailable() {
        backend.assumeAvailable();
    }

    @Test
    void aTrustedKeyIsListedWithWhoAddedItAndWhenAndTrustedForItsOwnerOnly() throws Exception {
        Instant now = Instant.parse("2026-12-02T08:00:00Z");
        PublicKeyFile ann = new OwnerKeys(dir.resolve("keys")).loadOrCreate("ann").publicKeyFile();
        PublicKeyFile bob = new OwnerKeys(dir.resolve("keys")).loadOrCreate("bob").publicKeyFile();
        try (TraceStore store = backend.open(dir, "db", Clock.fixed(now, ZoneOffset.UTC))) {
            assertThat(store.trustOwnerKey(ann, "lead")).isTrue();
            assertThat(store.trustOwnerKey(ann, "someone else")).isFalse();
            assertThat(store.trustOwnerKey(bob, "lead")).isTrue();
        }
        try (TraceStore store = backend.open(dir, "db")) {
            assertThat(store.trustedOwnerKeys()).extracting(TrustedOwnerKey::owner, TrustedOwnerKey::fingerprint,
                            TrustedOwnerKey::addedBy, TrustedOwnerKey::addedAt)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("ann", ann.fingerprint(), "lead", now),
                            org.assertj.core.groups.Tuple.tuple("bob", bob.fingerprint(), "lead", now));
            assertThat(store.trustedKeys().trusts("ann", ann.fingerprint())).isTrue();
            assertThat(store.trustedKeys().trusts("ann", bob.fingerprint())).isFalse();
        }
    }
}
