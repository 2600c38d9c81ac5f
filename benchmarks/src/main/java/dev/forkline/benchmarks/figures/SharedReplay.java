package dev.forkline.benchmarks.figures;

import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The real SWE-agent session of {@code shared/replay} that {@code replay.real.step} replays: the trajectory, the tree it
 * started from and SWE-agent's tool bundles. Found by walking up from the working directory, then from where the
 * benchmarks' classes are, to a folder holding {@code shared/replay}; never copied into the repository.
 *
 * @param trajectory the SWE-agent trajectory ({@code .traj})
 * @param tree       the repository at the trajectory's base commit ({@code git archive}, one top-level folder)
 * @param tools      SWE-agent's {@code tools/} folder, holding the bundles the trajectory names
 */
public record SharedReplay(Path trajectory, Path tree, Path tools) {

    static final String TRAJECTORY = "swe-agent/replay__marshmallow-code__marshmallow-1867__function_calling__install-1.traj";
    static final String TREE = "repos/marshmallow-code__marshmallow@bfd2593d.tar.gz";
    static final String TOOLS = "swe-agent-tools/a47c00880b4334785021f2a0e86f0e6a59f5fc93/tools";
    /** What the task's SWE-bench image had beyond the Debian image: the repository installed, editable. */
    public static final String INSTALL_REPOSITORY = "pip install --no-deps --no-build-isolation --break-system-packages -e .";

    /** The material, or empty when some of it is absent; {@link #whyMissing()} says what. */
    public static Optional<SharedReplay> find() {
        Path root = root();
        if (root == null) {
            return Optional.empty();
        }
        SharedReplay material = new SharedReplay(root.resolve(TRAJECTORY), root.resolve(TREE), root.resolve(TOOLS));
        return material.absent().isEmpty() ? Optional.of(material) : Optional.empty();
    }

    /** Why {@link #find()} finds nothing, for the skipped figure's line; null when it finds the material. */
    public static String whyMissing() {
        Path root = root();
        if (root == null) {
            return "shared/replay not found above " + Path.of("").toAbsolutePath() + " (the real sessions to replay)";
        }
        List<String> absent = new SharedReplay(root.resolve(TRAJECTORY), root.resolve(TREE), root.resolve(TOOLS)).absent();
        return absent.isEmpty() ? null : String.join(", ", absent) + " absent";
    }

    private List<String> absent() {
        List<String> absent = new ArrayList<>();
        if (!Files.isRegularFile(trajectory)) {
            absent.add(trajectory.toString());
        }
        if (!Files.isRegularFile(tree)) {
            absent.add(tree.toString());
        }
        if (!Files.isDirectory(tools)) {
            absent.add(tools.toString());
        }
        return absent;
    }

    private static Path root() {
        List<Path> starts = new ArrayList<>(List.of(Path.of("").toAbsolutePath()));
        try {
            starts.add(Path.of(SharedReplay.class.getProtectionDomain().getCodeSource().getLocation().toURI()));
        } catch (URISyntaxException | RuntimeException e) {
            // no code source to start from: the working directory alone
        }
        for (Path start : starts) {
            for (Path dir = start; dir != null; dir = dir.getParent()) {
                Path candidate = dir.resolve("shared").resolve("replay");
                if (Files.isDirectory(candidate)) {
                    return candidate;
                }
            }
        }
        return null;
    }
}
