package dev.forkline.trace.decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OwnerKeysTest {

    @TempDir
    Path temp;

    @Test
    void createsAKeyPairOnFirstUseAndLoadsTheSameOneLater() throws Exception {
        OwnerKeys ring = new OwnerKeys(temp.resolve("owners"));
        assertThat(ring.hasKey("alice")).isFalse();

        OwnerKey created = ring.loadOrCreate("alice");
        OwnerKey loaded = new OwnerKeys(temp.resolve("owners")).loadOrCreate("alice");

        assertThat(ring.hasKey("alice")).isTrue();
        assertThat(loaded.fingerprint()).isEqualTo(created.fingerprint()).matches("sha256:[0-9a-f]{64}");
        assertThat(loaded.publicKey().getEncoded()).isEqualTo(created.publicKey().getEncoded());
        assertThat(ring.loadOrCreate("bob").fingerprint()).isNotEqualTo(created.fingerprint());
    }

    @Test
    void thePrivateKeyFileIsReadableByItsOwnerOnly() throws Exception {
        OwnerKeys ring = new OwnerKeys(temp.resolve("owners"));
        ring.loadOrCreate("alice");

        Path ownerDir = ring.ownerDirectory("alice");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(ownerDir.resolve(OwnerKeys.PRIVATE_FILE))))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(ownerDir))).isEqualTo("rwx------");
        assertThat(Files.readString(ownerDir.resolve(OwnerKeys.PRIVATE_FILE))).contains("-----BEGIN PRIVATE KEY-----");
        assertThat(Files.readString(ownerDir.resolve(OwnerKeys.PUBLIC_FILE))).doesNotContain("PRIVATE");
        assertThat(ring.loadOrCreate("alice").toString()).doesNotContain("PRIVATE").contains("alice");
    }

    @Test
    void fingerprintIsSha256OfTheSubjectPublicKeyInfo() throws Exception {
        OwnerKey key = new OwnerKeys(temp).loadOrCreate("alice");

        assertThat(key.publicKey().getFormat()).isEqualTo("X.509");
        assertThat(key.fingerprint()).isEqualTo(dev.forkline.trace.Hashes.sha256(key.publicKey().getEncoded()));
    }

    @Test
    void theConfigDirectoryFollowsXdgConfigHomeWhenItIsAbsolute() {
        assertThat(OwnerKeys.defaultOwnersDirectory(Map.of("XDG_CONFIG_HOME", "/cfg"), "/home/u"))
                .isEqualTo(Path.of("/cfg/forkline/owners"));
        assertThat(OwnerKeys.defaultOwnersDirectory(Map.of(), "/home/u")).isEqualTo(Path.of("/home/u/.config/forkline/owners"));
        assertThat(OwnerKeys.defaultOwnersDirectory(Map.of("XDG_CONFIG_HOME", "relative/cfg"), "/home/u"))
                .isEqualTo(Path.of("/home/u/.config/forkline/owners"));
    }

    @Test
    void anExportedKeyImportedElsewhereIsTrustedForItsOwnerOnly() throws Exception {
        OwnerKeys alicesMachine = new OwnerKeys(temp.resolve("alice-machine"));
        OwnerKeys reviewersMachine = new OwnerKeys(temp.resolve("reviewer-machine"));
        Path exported = temp.resolve("alice.pub");
        alicesMachine.loadOrCreate("alice");

        PublicKeyFile written = alicesMachine.exportPublicKey("alice", exported);
        PublicKeyFile imported = reviewersMachine.importTrusted(exported, null);

        assertThat(Files.readString(exported)).startsWith("# Forkline decision key").contains("Owner: alice")
                .contains("Fingerprint: " + written.fingerprint()).contains("-----BEGIN PUBLIC KEY-----");
        assertThat(imported.owner()).isEqualTo("alice");
        assertThat(imported.fingerprint()).isEqualTo(written.fingerprint());
        TrustedKeys trusted = reviewersMachine.trustedKeys();
        assertThat(trusted.trusts("alice", written.fingerprint())).isTrue();
        assertThat(trusted.trusts("mallory", written.fingerprint())).isFalse();
        assertThat(reviewersMachine.hasKey("alice")).as("importing does not create a signing key").isFalse();
    }

    @Test
    void theRingTrustsItsOwnKeysAndExplicitKeyFilesAddToIt() throws Exception {
        OwnerKeys ring = new OwnerKeys(temp.resolve("ring"));
        OwnerKey alice = ring.loadOrCreate("alice");
        OwnerKeys other = new OwnerKeys(temp.resolve("other"));
        Path bobFile = temp.resolve("bob.pub");
        other.loadOrCreate("bob");
        PublicKeyFile bob = other.exportPublicKey("bob", bobFile);

        TrustedKeys ringOnly = ring.trustedKeys();
        TrustedKeys both = ringOnly.and(TrustedKeys.fromFiles(List.of(bobFile)));

        assertThat(ringOnly.trusts("alice", alice.fingerprint())).isTrue();
        assertThat(ringOnly.trusts("bob", bob.fingerprint())).isFalse();
        assertThat(both.trusts("bob", bob.fingerprint())).isTrue();
        assertThat(TrustedKeys.none().trusts("alice", alice.fingerprint())).isFalse();
    }

    @Test
    void aKeyFileWhoseFingerprintLineWasAlteredIsRefused() throws Exception {
        Path exported = temp.resolve("alice.pub");
        new OwnerKeys(temp.resolve("a")).loadOrCreate("alice");
        new OwnerKeys(temp.resolve("a")).exportPublicKey("alice", exported);
        OwnerKey otherKey = new OwnerKeys(temp.resolve("b")).loadOrCreate("alice");
        String text = Files.readString(exported).replaceFirst("Fingerprint: \\S+", "Fingerprint: " + otherKey.fingerprint());
        Files.writeString(exported, text);

        assertThatThrownBy(() -> new OwnerKeys(temp.resolve("c")).importTrusted(exported, null))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alice.pub").hasMessageContaining("Fingerprint line");
    }

    @Test
    void aBarePemNeedsAnExplicitOwnerAndAConflictingOwnerIsRefused() throws Exception {
        OwnerKey key = new OwnerKeys(temp.resolve("a")).loadOrCreate("carol");
        Path bare = temp.resolve("bare.pem");
        Files.writeString(bare, KeyCodec.pem("PUBLIC KEY", key.publicKey().getEncoded()));
        Path named = temp.resolve("carol.pub");
        Files.writeString(named, key.publicKeyFile().toText());
        OwnerKeys ring = new OwnerKeys(temp.resolve("ring"));

        assertThatThrownBy(() -> ring.importTrusted(bare, null)).hasMessageContaining("names no owner");
        assertThat(ring.importTrusted(bare, "carol").fingerprint()).isEqualTo(key.fingerprint());
        assertThatThrownBy(() -> ring.importTrusted(named, "dave")).hasMessageContaining("not of 'dave'");
    }

    @Test
    void ownerNamesThatCouldEscapeTheKeyRingAreRefused() {
        OwnerKeys ring = new OwnerKeys(temp);
        for (String bad : List.of("..", "../x", "a/b", "", " ", ".hidden", "x".repeat(65))) {
            assertThatThrownBy(() -> ring.loadOrCreate(bad)).as(bad).isInstanceOf(IllegalArgumentException.class);
        }
        assertThatThrownBy(() -> ring.loadOrCreate(null)).hasMessageContaining("owner's identity");
    }
}
