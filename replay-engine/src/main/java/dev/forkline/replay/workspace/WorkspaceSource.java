package dev.forkline.replay.workspace;

import dev.forkline.replay.sandbox.WorkspaceFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/** Placeholder until the workspace package lands: directories only. */
public final class WorkspaceSource {

    private final Path dir;

    private WorkspaceSource(Path dir) {
        this.dir = dir;
    }

    public static WorkspaceSource forTrace(String spec, String pinnedCommit) {
        Path dir = Path.of(spec);
        if (!Files.isDirectory(dir)) {
            throw new IllegalArgumentException("--workspace " + spec + " is not a directory");
        }
        return new WorkspaceSource(dir);
    }

    public StartingTree load() throws IOException {
        List<WorkspaceFile> files = new ArrayList<>();
        try (Stream<Path> walk = Files.walk(dir)) {
            for (Path p : walk.filter(f -> Files.isRegularFile(f, LinkOption.NOFOLLOW_LINKS)).sorted().toList()) {
                files.add(WorkspaceFile.regular(dir.relativize(p).toString(), Files.readAllBytes(p), Files.isExecutable(p) ? 0755 : 0644));
            }
        }
        return new StartingTree("directory " + dir, files, null, List.of());
    }
}
