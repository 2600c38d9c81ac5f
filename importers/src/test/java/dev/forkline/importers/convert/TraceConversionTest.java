package dev.forkline.importers.convert;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.importers.NativeBundleImporter;
import dev.forkline.importers.samples.SampleFiles;
import dev.forkline.importers.support.Samples;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.verify.BlobReferences;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Instant;
import java.util.HexFormat;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Every shared sample converted to a bundle that verifies and names its source file and SHA-256. */
class TraceConversionTest {

    @TempDir
    Path out;

    @Test
    void bundlesAreNamedAfterTheSourceAndAHiddenFileGetsAVisibleNameSayingWhoseItIs() {
        assertThat(TraceConversion.bundleName(Path.of("/x/session.jsonl"))).isEqualTo("session.forkline");
        assertThat(TraceConversion.bundleName(Path.of("/x/run.trace.json"))).isEqualTo("run.forkline");
        assertThat(TraceConversion.bundleName(Path.of("/home/dev/myrepo/.aider.chat.history.md"))).isEqualTo("myrepo-aider-chat-history.forkline");
        assertThat(TraceConversion.bundleName(Path.of("/home/dev/.hidden-repo/.aider.chat.history.md")))
                .isEqualTo("hidden-repo-aider-chat-history.forkline");
        assertThat(TraceConversion.bundleName(Path.of("/.aider.chat.history.md"))).isEqualTo("aider-chat-history.forkline");
        assertThat(TraceConversion.bundleName(Path.of("/x/..."))).doesNotStartWith(".").endsWith(".forkline");
    }

    @Test
    void everySampleBecomesABundleThatVerifiesAndNamesItsSource() throws Exception {
        SampleFiles.require("SOURCES.tsv");
        List<Path> samples = Samples.traceFiles();
        assertThat(samples).hasSizeGreaterThanOrEqualTo(20);
        TraceConversion conversion = new TraceConversion(Importers.builtIn());
        for (Path sample : samples) {
            // samples of different folders may share a name: one output folder per sample folder
            TraceConversion.Converted converted = conversion.convert(sample, out.resolve(sample.getParent().getFileName().toString()));
            assertThat(converted.verification().ok()).as("%s verifies: %s", sample, converted.verification().problems()).isTrue();
            assertThat(converted.bundle().getFileName().toString()).isEqualTo(TraceConversion.bundleName(sample)).endsWith(".forkline");
            String sha256 = "sha256:" + HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(sample)));
            ImportedTrace direct = Importers.builtIn().read(sample);
            try (Bundle written = BundleReader.read(converted.bundle()); Bundle imported = direct.bundle()) {
                assertThat(written.manifest().source()).isEqualTo(new Manifest.Source(sample.getFileName().toString(), sha256));
                assertThat(written.manifest().sourceFormat()).isEqualTo(imported.manifest().sourceFormat());
                assertThat(written.events()).extracting(Event::hash).containsExactlyElementsOf(imported.events().stream().map(Event::hash).toList());
                // every blob the import made is in the bundle, including those no verified field names (patches, submissions)
                for (Event event : imported.events()) {
                    for (BlobReferences.Reference reference : BlobReferences.of(event)) {
                        assertThat(written.blobs().contains(reference.hash())).as("%s %s", event.id(), reference.field()).isTrue();
                    }
                }
            }
            // read back as a native bundle: nothing missing
            assertThat(new NativeBundleImporter().read(converted.bundle()).findings()).as(sample.toString()).isEmpty();
        }
        assertThatThrownBy(() -> conversion.convert(samples.getFirst(), out.resolve(samples.getFirst().getParent().getFileName().toString())))
                .isInstanceOf(FileAlreadyExistsException.class)
                .hasMessageContaining("already exists");
    }

    @Test
    void aManifestWithoutASourceIsWrittenAsBeforeAndAFolderSourceHasADigestOfItsFiles(@TempDir Path dir) throws Exception {
        Instant t0 = Instant.parse("2026-01-01T00:00:00Z");
        Manifest plain = Manifest.of("t", "title", t0, "test");
        assertThat(plain.toJson().has("source")).isFalse();
        assertThat(Manifest.fromJson(plain.toJson(), "m").source()).isNull();
        Manifest sourced = plain.withSource(new Manifest.Source("a.jsonl", "sha256:00"));
        assertThat(Manifest.fromJson(sourced.toJson(), "m")).isEqualTo(sourced);
        try (BundleWriter writer = BundleWriter.create(dir.resolve("b"), plain)) {
            writer.commit();
        }
        assertThat(Files.readString(dir.resolve("b").resolve(Bundle.MANIFEST))).doesNotContain("source\"");

        Path folder = Files.createDirectories(dir.resolve("conversation/events"));
        Files.writeString(folder.resolve("e1.json"), "{}");
        String before = SourceDigest.of(dir.resolve("conversation"));
        Files.writeString(folder.resolve("e1.json"), "{ }");
        assertThat(SourceDigest.of(dir.resolve("conversation"))).isNotEqualTo(before).startsWith("sha256:");
    }

    @Test
    void aBundleWithAMissingBlobSaysWhichEventNeedsIt() throws Exception {
        Path sample = SampleFiles.require("openhands/tests_runtime_trajs_basic_gui_mode.json");
        Path bundle = new TraceConversion(Importers.builtIn()).convert(sample, out).bundle();
        Path blobs = bundle.resolve(Bundle.BLOBS);
        Path removed;
        try (Stream<Path> files = Files.walk(blobs)) {
            removed = files.filter(Files::isRegularFile).findFirst().orElseThrow();
        }
        Files.delete(removed);

        ImportedTrace reread = new NativeBundleImporter().read(bundle);

        assertThat(reread.findings()).isNotEmpty().allSatisfy(finding -> {
            assertThat(finding.code()).isEqualTo("missing-blob");
            assertThat(finding.eventId()).isNotNull();
            assertThat(finding.line()).isPositive();
            assertThat(finding.message()).contains("names blob sha256:").contains("line " + finding.line());
        });
        // a large bundle's events are parsed only where their lines may refer to blobs: the same findings
        var held = dev.forkline.trace.bundle.BundleReader.read(bundle);
        var lazy = new dev.forkline.trace.testing.CountingLines(held.events(), bundle.resolve(Bundle.EVENTS).toString()).bundleLike(held);
        assertThat(dev.forkline.importers.MissingBlobs.findings(lazy)).isEqualTo(reread.findings()).isNotEmpty();
    }
}
