package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.replay.engine.Reverter;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.StateKind;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A restored checkpoint whose files include links out of the workspace (shared by an outsider, or written by a
 * compromised agent) is reverted into a host directory without anything being written, linked or followed outside it.
 */
class CheckpointLinkRevertTest {

    @TempDir
    Path dir;

    private Path outside;
    private Path sentinel;

    @BeforeEach
    void hostFiles() throws IOException {
        outside = Files.createDirectories(dir.resolve("outside"));
        sentinel = Files.writeString(outside.resolve("sentinel.txt"), "host file\n");
    }

    @Test
    void linksPointingOutOfTheWorkspaceAreNotCreatedAndInsideOnesAre() throws Exception {
        Path bundle = bundleWithCheckpoint(Map.of(
                "notes.txt", regular("hello\n"),
                "passwd", link("/etc/passwd"),
                "sentinel", link(sentinel.toString()),
                "up", link("../../outside/sentinel.txt"),
                "deep/climb", link("../../../../../../../../etc/shadow"),
                "inner", link("notes.txt")));
        Path out = dir.resolve("restored");

        RevertResult result = new Reverter(null).revert(RevertRequest.toDirectory(bundle, "cp1", out).withoutRecording());

        assertThat(result.skipped()).hasSize(4).anyMatch(s -> s.startsWith("passwd")).anyMatch(s -> s.startsWith("up"))
                .anyMatch(s -> s.startsWith("sentinel")).anyMatch(s -> s.startsWith("deep/climb"));
        assertThat(Files.readString(out.resolve("notes.txt"))).isEqualTo("hello\n");
        assertThat(Files.readSymbolicLink(out.resolve("inner"))).isEqualTo(Path.of("notes.txt"));
        for (String name : new String[] {"passwd", "sentinel", "up", "deep/climb"}) {
            assertThat(Files.exists(out.resolve(name), LinkOption.NOFOLLOW_LINKS)).as(name).isFalse();
        }
        assertHostUntouched();
    }

    @Test
    void aFileBehindALinkedDirectoryIsRefusedAndNothingIsWrittenThroughIt() throws Exception {
        Path bundle = bundleWithCheckpoint(Map.of(
                "a", link("b"),
                "a/payload.sh", regular("rm -rf ~\n"),
                "b/keep.txt", regular("fine\n")));
        Path out = dir.resolve("restored-through-link");

        assertThatThrownBy(() -> new Reverter(null).revert(RevertRequest.toDirectory(bundle, "cp1", out).withoutRecording()))
                .isInstanceOf(IOException.class).hasMessageContaining("refused");
        assertHostUntouched();
        assertThat(Files.exists(out.resolve("b").resolve("payload.sh"), LinkOption.NOFOLLOW_LINKS)).isFalse();
    }

    @Test
    void anExistingLinkAsTheTargetDirectoryIsRefused() throws Exception {
        Path bundle = bundleWithCheckpoint(Map.of("notes.txt", regular("hello\n")));
        Path linkedOut = Files.createSymbolicLink(dir.resolve("linked-out"), outside);

        assertThatThrownBy(() -> new Reverter(null).revert(RevertRequest.toDirectory(bundle, "cp1", linkedOut).withoutRecording()))
                .isInstanceOf(IOException.class);
        assertHostUntouched();
    }

    private void assertHostUntouched() throws IOException {
        assertThat(Files.readString(sentinel)).isEqualTo("host file\n");
        try (Stream<Path> files = Files.list(outside)) {
            assertThat(files.map(p -> p.getFileName().toString()).toList()).containsExactly("sentinel.txt");
        }
    }

    private record Entry(String content, String linkTarget) {
    }

    private static Entry regular(String content) {
        return new Entry(content, null);
    }

    private static Entry link(String target) {
        return new Entry(null, target);
    }

    private Path bundleWithCheckpoint(Map<String, Entry> files) throws IOException {
        Path target = dir.resolve("bundle-" + System.nanoTime());
        Instant t0 = Instant.parse("2026-03-01T10:00:00Z");
        EventChain chain = new EventChain();
        try (BundleWriter writer = BundleWriter.create(target, Manifest.of("links", "links", t0, "test"))) {
            ObjectNode start = Json.object().put("title", "links");
            start.putObject("environment").put("image", "forkline/sandbox:1");
            writer.write(chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(t0).data(start)));
            ObjectNode checkpoint = Json.object().put("checkpointId", "cp1").put("label", "hostile");
            ObjectNode workspace = checkpoint.putObject("workspace").put("root", "/workspace");
            ObjectNode listed = workspace.putObject("files");
            for (Map.Entry<String, Entry> file : files.entrySet()) {
                ObjectNode entry = listed.putObject(file.getKey());
                if (file.getValue().linkTarget() != null) {
                    entry.put("symlink", file.getValue().linkTarget()).put("mode", "0777");
                } else {
                    entry.put("blob", writer.putBlob(file.getValue().content().getBytes(StandardCharsets.UTF_8))).put("mode", "0644");
                }
            }
            writer.write(chain.append(NewEvent.of("r1", "harness", EventType.CHECKPOINT).at(t0.plusSeconds(1))
                    .touches(StateKind.WORKSPACE).data(checkpoint)));
            return writer.commit();
        }
    }
}
