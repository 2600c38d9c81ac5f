package dev.forkline.trace.samples;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.lint.Linter;
import dev.forkline.trace.state.ExternalEffect;
import dev.forkline.trace.state.StateAt;
import dev.forkline.trace.state.StateReconstructor;
import dev.forkline.trace.testing.DirectoryTrees;
import dev.forkline.trace.testing.RepositoryFiles;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WrongDirectoryDeletedSampleTest {

    static final Path COMMITTED = RepositoryFiles.resolve("sample-traces", "hand-written", WrongDirectoryDeletedSample.NAME);

    @TempDir
    Path temp;

    /** Run with -Dforkline.regenerateSamples=true to rewrite the committed copy after changing the generator. */
    @Test
    void theCommittedBundleIsExactlyWhatTheGeneratorWrites() throws Exception {
        Path fresh = temp.resolve("fresh");
        WrongDirectoryDeletedSample.write(fresh);
        if (Boolean.getBoolean("forkline.regenerateSamples")) {
            if (Files.exists(COMMITTED)) {
                try (Stream<Path> old = Files.walk(COMMITTED)) {
                    for (Path path : old.sorted(java.util.Comparator.reverseOrder()).toList()) {
                        if (!path.getFileName().toString().equals("README.md") && !path.equals(COMMITTED)) {
                            Files.delete(path);
                        }
                    }
                }
            }
            Files.createDirectories(COMMITTED.resolve("blobs"));
            try (Stream<Path> files = Files.walk(fresh)) {
                for (Path file : files.filter(Files::isRegularFile).toList()) {
                    Files.copy(file, COMMITTED.resolve(fresh.relativize(file).toString()));
                }
            }
        }
        assertThat(listing(COMMITTED)).isEqualTo(listing(fresh));
        for (String file : listing(fresh)) {
            assertThat(Files.readAllBytes(COMMITTED.resolve(file))).as(file).isEqualTo(Files.readAllBytes(fresh.resolve(file)));
        }
    }

    private static List<String> listing(Path root) throws Exception {
        try (Stream<Path> files = Files.walk(root)) {
            return files.filter(Files::isRegularFile).map(f -> root.relativize(f).toString())
                    .filter(name -> !name.equals("README.md")).sorted().toList();
        }
    }

    @Test
    void itVerifiesAndLintsWithoutFindings() throws Exception {
        try (Bundle bundle = BundleReader.read(COMMITTED)) {
            VerificationReport report = Verifier.verify(bundle);
            assertThat(report.problems()).isEmpty();
            assertThat(report.blobsChecked()).isEqualTo(7);
            List<Finding> findings = Linter.lint(bundle);
            assertThat(findings).as("only the approval request nobody answered, which is part of the story")
                    .extracting(Finding::code).containsExactly("approval-without-decision");
            assertThat(bundle.events()).hasSize(31);
        }
    }

    @Test
    void itTellsTheStory() throws Exception {
        try (Bundle bundle = BundleReader.read(COMMITTED)) {
            TraceIndex index = TraceIndex.of(bundle.events());
            assertThat(index.roots()).extracting(RunInfo::id).containsExactly("main");
            RunInfo retry = index.run("retry-1").orElseThrow();
            assertThat(retry.parentRun()).isEqualTo("main");
            assertThat(retry.forkCheckpointId()).isEqualTo("cp-start");
            assertThat(retry.outcome()).isEqualTo("success");
            assertThat(index.run("main").orElseThrow().outcome()).isEqualTo("failure");
            assertThat(index.checkpoints()).hasSize(2);
            assertThat(bundle.events()).extracting(Event::actor).contains("agent:planner", "agent:coder", "harness", "sandbox");

            StateReconstructor states = new StateReconstructor(bundle);
            StateAt mainEnd = states.atEnd("main");
            assertThat(mainEnd.workspace().files()).containsOnlyKeys(".gitignore", "build/app.o", "tests/test_app.py");
            assertThat(mainEnd.external().effects()).extracting(ExternalEffect::status).containsExactly(ExternalEffect.Status.FAILED);
            assertThat(mainEnd.harness().escapeAttempts()).hasSize(1);
            assertThat(mainEnd.session().modelCalls()).hasSize(3);

            StateAt retryEnd = states.atEnd("retry-1");
            assertThat(retryEnd.workspace().files()).containsOnlyKeys(".gitignore", "src/app.py", "src/util.py", "tests/test_app.py");
            assertThat(retryEnd.workspace().lastCheckpointId()).isEqualTo("cp-start");
            assertThat(retryEnd.workspace().changedSinceCheckpoint()).containsOnlyKeys("build/app.o", ".gitignore");
            assertThat(new String(retryEnd.workspace().read(".gitignore").orElseThrow(), StandardCharsets.UTF_8)).isEqualTo("__pycache__/\nbuild/\n");
            assertThat(retryEnd.harness().escapeAttempts()).as("the escape happened after the fork point").isEmpty();
            assertThat(retryEnd.session().modelCalls()).hasSize(1);
        }
    }

    @Test
    void aTamperedCopyFailsVerificationNamingTheEventAndLine() throws Exception {
        Path copy = DirectoryTrees.copy(COMMITTED, temp.resolve("tampered"));
        Path trace = copy.resolve("trace.jsonl");
        List<String> lines = Files.readAllLines(trace);
        int callLine = -1;
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains("\"type\":\"tool.call\"") && lines.get(i).contains("rm -rf src")) {
                callLine = i + 1;
                lines.set(i, lines.get(i).replace("rm -rf src", "rm -rf build"));
            }
        }
        assertThat(callLine).isEqualTo(10);
        Files.write(trace, lines);
        try (Bundle bundle = BundleReader.read(copy)) {
            VerificationReport report = Verifier.verify(bundle);
            assertThat(report.ok()).isFalse();
            Problem first = report.first().orElseThrow();
            assertThat(first.code()).isEqualTo("hash-mismatch");
            assertThat(first.eventId()).isEqualTo("main.10");
            assertThat(first.line()).isEqualTo(10);
            assertThat(first.describe(bundle.eventsFile())).startsWith(bundle.eventsFile() + ":10: event main.10: hash sha256:");
        }
    }
}
