package dev.forkline.trace.decision;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decide.DecisionRecorder;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Owner keys protected by a passphrase: set up on purpose, stored as an encrypted PKCS#8 EncryptedPrivateKeyInfo, usable
 * only with the passphrase; plain keys of older versions are refused for signing until protected; nothing creates a
 * key by being asked for one.
 */
class ProtectedOwnerKeysTest {

    /** Few rounds keep the tests fast; the count is stored in the file, so the real default is exercised by {@link #theDefaultCostIsStoredInTheFile}. */
    static final int TEST_ITERATIONS = 2000;
    static final char[] PASSPHRASE = "correct horse battery".toCharArray();

    @TempDir
    Path temp;

    private OwnerKeys ring() {
        return new OwnerKeys(temp.resolve("owners"), TEST_ITERATIONS);
    }

    @Test
    void aKeySetUpWithAPassphraseIsEncryptedOnDiskAndUnlocksOnlyWithIt() throws Exception {
        OwnerKeys ring = ring();
        assertThat(ring.protection("dana")).isEqualTo(KeyProtection.NONE);
        OwnerKey created = ring.create("dana", PASSPHRASE.clone());

        Path privateFile = ring.ownerDirectory("dana").resolve(OwnerKeys.PRIVATE_FILE);
        String onDisk = Files.readString(privateFile);
        assertThat(onDisk).contains("-----BEGIN ENCRYPTED PRIVATE KEY-----").doesNotContain("-----BEGIN PRIVATE KEY-----");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(privateFile))).isEqualTo("rw-------");
        assertThat(ring.protection("dana")).isEqualTo(KeyProtection.PASSPHRASE);
        assertThat(ring.owners()).containsExactly("dana");

        OwnerKey unlocked = new OwnerKeys(temp.resolve("owners")).unlock("dana", PASSPHRASE.clone());
        assertThat(unlocked.fingerprint()).isEqualTo(created.fingerprint());
        assertThatThrownBy(() -> ring.unlock("dana", "wrong horse battery".toCharArray()))
                .isInstanceOfSatisfying(OwnerKeyUnavailableException.class,
                        e -> assertThat(e.reason()).isEqualTo(OwnerKeyUnavailableException.Reason.WRONG_PASSPHRASE))
                .hasMessageContaining("does not unlock the key of 'dana'").hasMessageContaining(privateFile.toString());
        assertThatThrownBy(() -> ring.unlock("dana", new char[0])).isInstanceOf(OwnerKeyUnavailableException.class);
    }

    @Test
    void nothingCreatesAKeyByAskingForOneAndAKeyIsNeverReplaced() throws Exception {
        OwnerKeys ring = ring();
        assertThatThrownBy(() -> ring.unlock("dana", PASSPHRASE.clone()))
                .isInstanceOfSatisfying(OwnerKeyUnavailableException.class,
                        e -> assertThat(e.reason()).isEqualTo(OwnerKeyUnavailableException.Reason.NO_KEY))
                .hasMessageContaining("forkline keys init --owner dana");
        assertThatThrownBy(() -> ring.exportPublicKey("dana", temp.resolve("dana.pub"))).isInstanceOf(OwnerKeyUnavailableException.class);
        assertThat(ring.hasKey("dana")).isFalse();
        assertThat(temp.resolve("dana.pub")).doesNotExist();

        OwnerKey first = ring.create("dana", PASSPHRASE.clone());
        assertThatThrownBy(() -> ring.create("dana", "another passphrase".toCharArray()))
                .isInstanceOfSatisfying(OwnerKeyUnavailableException.class,
                        e -> assertThat(e.reason()).isEqualTo(OwnerKeyUnavailableException.Reason.ALREADY_EXISTS));
        assertThat(ring.unlock("dana", PASSPHRASE.clone()).fingerprint()).isEqualTo(first.fingerprint());
        assertThatThrownBy(() -> ring.create("erin", "short".toCharArray())).hasMessageContaining("at least 8 characters");
        assertThat(ring.hasKey("erin")).isFalse();
    }

    @Test
    void anUnprotectedKeyIsRefusedForSigningUntilProtectedAndKeepsItsIdentity() throws Exception {
        OwnerKeys ring = ring();
        OwnerKey old = ring.loadOrCreate("dana"); // as older versions wrote it
        assertThat(ring.protection("dana")).isEqualTo(KeyProtection.UNPROTECTED);
        assertThatThrownBy(() -> ring.unlock("dana", PASSPHRASE.clone()))
                .isInstanceOfSatisfying(OwnerKeyUnavailableException.class,
                        e -> assertThat(e.reason()).isEqualTo(OwnerKeyUnavailableException.Reason.NOT_PROTECTED))
                .hasMessageContaining("not protected by a passphrase").hasMessageContaining("forkline keys protect --owner dana");

        ring.protect("dana", PASSPHRASE.clone());
        assertThat(ring.protection("dana")).isEqualTo(KeyProtection.PASSPHRASE);
        assertThat(ring.unlock("dana", PASSPHRASE.clone()).fingerprint()).as("the same key: its decisions still verify").isEqualTo(old.fingerprint());
        assertThatThrownBy(() -> ring.loadOrCreate("dana")).as("no plain use of a protected key")
                .isInstanceOfSatisfying(OwnerKeyUnavailableException.class,
                        e -> assertThat(e.reason()).isEqualTo(OwnerKeyUnavailableException.Reason.LOCKED));
        assertThatThrownBy(() -> ring.protect("dana", PASSPHRASE.clone())).hasMessageContaining("already protected");
    }

    @Test
    void aProtectedKeyIsTrustedAndExportedWithoutItsPassphrase() throws Exception {
        OwnerKeys ring = ring();
        OwnerKey dana = ring.create("dana", PASSPHRASE.clone());
        assertThat(ring.trustedKeys().trusts("dana", dana.fingerprint())).isTrue();
        Path exported = temp.resolve("dana.pub");
        assertThat(ring.exportPublicKey("dana", exported).fingerprint()).isEqualTo(dana.fingerprint());
        assertThat(Files.readString(ring.ownerDirectory("dana").resolve(OwnerKeys.PUBLIC_FILE))).contains(dana.fingerprint());
    }

    @Test
    void aRecorderBuiltWithAnUnlockedKeySignsOnlyItsOwnersDecisions() throws Exception {
        OwnerKeys ring = ring();
        OwnerKey dana = ring.create("dana", PASSPHRASE.clone());
        Path bundle = DecisionFixtures.writeBundle(temp.resolve("bundle"), DecisionFixtures.sampleTrace());
        String subject = DecisionFixtures.ESCAPE_ATTEMPT;
        DecisionRecorder recorder = new DecisionRecorder(ring.unlock("dana", PASSPHRASE.clone()));

        assertThatThrownBy(() -> recorder.record(bundle, Decision.of(subject, Verdict.DENY, "mallory", "no")))
                .isInstanceOf(DecisionRefusedException.class).hasMessageContaining("only with its owner's key");
        Event recorded = recorder.record(bundle, Decision.of(subject, Verdict.DENY, "dana", "no"));
        try (var read = BundleReader.read(bundle)) {
            List<DecisionCheck> checks = DecisionVerifier.verify(read, ring.trustedKeys());
            assertThat(checks).singleElement().satisfies(check -> {
                assertThat(check.ok()).as(check.describe()).isTrue();
                assertThat(check.fingerprint()).isEqualTo(dana.fingerprint());
            });
        }
        assertThat(recorded.actor()).isEqualTo("human:dana");
    }

    @Test
    void theDefaultCostIsStoredInTheFileAndOpenSslCanReadIt() throws Exception {
        OwnerKeys ring = new OwnerKeys(temp.resolve("owners"));
        ring.create("dana", PASSPHRASE.clone());
        byte[] der = KeyCodec.unpem(KeyCodec.ENCRYPTED_PRIVATE_PEM, Files.readString(ring.ownerDirectory("dana").resolve(OwnerKeys.PRIVATE_FILE)));
        var info = new javax.crypto.EncryptedPrivateKeyInfo(der);
        assertThat(info.getAlgParameters().toString()).isEqualTo("PBEWithHmacSHA256AndAES_256");
        var spec = info.getAlgParameters().getParameterSpec(javax.crypto.spec.PBEParameterSpec.class);
        assertThat(spec.getIterationCount()).isEqualTo(600_000);
        assertThat(spec.getSalt()).hasSize(16);
    }
}
