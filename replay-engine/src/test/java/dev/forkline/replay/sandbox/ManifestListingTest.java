package dev.forkline.replay.sandbox;

import dev.forkline.trace.Hashes;
import org.junit.jupiter.api.Test;

import java.nio.charset.StandardCharsets;

import static org.assertj.core.api.Assertions.assertThat;

class ManifestListingTest {

    private static final String A = "a".repeat(64);
    private static final String B = "b".repeat(64);

    private static byte[] listing(String text) {
        // '|' stands for NUL here
        return text.replace('|', '\u0000').getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void gnuRecordsGiveTheManifestWithEachFileTakingItsHashRecord() {
        ManifestListing.Parsed parsed = ManifestListing.parse(listing("T|100.5|gnu|-|"
                + "f|./x\\y\nz|755:3:11:99.1||l|./link|777:5:12:99.2|x\\y\nz|f|./locked|0:4:13:99.3||"
                + "S|" + A + "|./x\\y\nz|-|"), null);
        assertThat(parsed.mode()).isEqualTo(ManifestListing.GNU);
        assertThat(parsed.complete()).isTrue();
        assertThat(parsed.nextSince()).isEqualTo("99.5");
        WorkspaceManifest manifest = parsed.manifest();
        assertThat(manifest.entries().keySet()).containsExactly("link", "locked", "x\\y\nz");
        assertThat(manifest.get("x\\y\nz")).isEqualTo(new ManifestEntry("sha256:" + A, 0755, 3, null));
        assertThat(manifest.get("link").linkTarget()).isEqualTo("x\\y\nz");
        assertThat(manifest.get("link").sha256()).isEqualTo(Hashes.sha256("x\\y\nz".getBytes(StandardCharsets.UTF_8)));
        assertThat(manifest.get("locked").sha256()).as("unreadable").isNull();
        assertThat(parsed.signatures()).containsEntry("locked", "13:99.3");
    }

    @Test
    void aListingSinceAnEarlierOneKeepsTheHashesOfFilesWhoseStatusDidNotChange() {
        ManifestListing.Parsed earlier = ManifestListing.parse(listing("T|100|gnu|-|"
                + "f|./same|644:1:1:50.0||f|./edited|644:1:2:50.0||S|" + A + "|./same|-|S|" + A + "|./edited|-|"), null);

        ManifestListing.Parsed later = ManifestListing.parse(listing("T|200|gnu|-|"
                + "f|./same|644:1:1:50.0||f|./edited|644:2:2:150.0||S|" + B + "|./edited|-|"), earlier);
        assertThat(later.complete()).isTrue();
        assertThat(later.manifest().get("same").sha256()).isEqualTo("sha256:" + A);
        assertThat(later.manifest().get("edited").sha256()).isEqualTo("sha256:" + B);

        ManifestListing.Parsed missed = ManifestListing.parse(listing("T|200|gnu|-|"
                + "f|./same|644:1:1:60.0||f|./edited|644:2:2:150.0||S|" + B + "|./edited|-|"), earlier);
        assertThat(missed.complete()).as("'same' changed status but was not hashed").isFalse();

        ManifestListing.Parsed unreadable = ManifestListing.parse(listing("T|200|gnu|-|"
                + "f|./same|644:1:1:50.0||f|./edited|0:2:2:150.0||"), earlier);
        assertThat(unreadable.complete()).as("'edited' is newer than since: it was hashed and could not be read").isTrue();
        assertThat(unreadable.manifest().get("edited").sha256()).isNull();
    }

    @Test
    void contentsAfterTheArchiveRecordAreKeptOnlyWhenTheyMatchTheirHash() throws Exception {
        byte[] good = "good\n".getBytes(StandardCharsets.UTF_8);
        String goodHex = Hashes.sha256(good).substring(Hashes.PREFIX.length());
        java.io.ByteArrayOutputStream tar = new java.io.ByteArrayOutputStream();
        try (var out = new org.apache.commons.compress.archivers.tar.TarArchiveOutputStream(tar)) {
            for (String name : new String[] {"./good.txt", "./stale.txt"}) {
                var entry = new org.apache.commons.compress.archivers.tar.TarArchiveEntry(name);
                entry.setSize(good.length);
                out.putArchiveEntry(entry);
                out.write(good);
                out.closeArchiveEntry();
            }
        }
        java.io.ByteArrayOutputStream output = new java.io.ByteArrayOutputStream();
        output.write(listing("T|100|gnu|-|f|./good.txt|644:5:1:99.9||f|./stale.txt|644:5:2:99.9||"
                + "S|" + goodHex + "|./good.txt|-|S|" + A + "|./stale.txt|-|A|-|-|-|"));
        output.write(tar.toByteArray());

        ManifestListing.Parsed parsed = ManifestListing.parse(output.toByteArray(), null);
        assertThat(parsed.manifest().entries().keySet()).containsExactly("good.txt", "stale.txt");
        assertThat(parsed.contents()).containsOnlyKeys("good.txt");
        assertThat(parsed.contents().get("good.txt")).isEqualTo(good);
    }
}
