package dev.forkline.trace.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Real agent traces kept beside the repository ({@code shared/samples}), read-only and never copied in. A test that
 * needs one is skipped, saying so, where they are absent. For tests of the modules above this one.
 */
public final class SharedSamples {

    /** A Claude Code session transcript and a Codex rollout: foreign formats, so traces with nothing to verify. */
    public static final String CLAUDE_CODE = "claude-code/claude-code-viewer_5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl";
    /** A Claude Code session of 217 records whose assistant messages are written a content block per record. */
    public static final String CLAUDE_CODE_SPLIT_MESSAGES = "claude-code/entireio-cli_checkpoint_1a8a83a35a9b_full.jsonl";
    public static final String CODEX_ROLLOUT = "codex-rollout/localpush_rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl";

    /** An Inspect AI eval log of one sample whose model events repeat the conversation: large trees per event. */
    public static final String INSPECT_LOG = "inspect-ai/2025-05-12T20-27-36-04-00_browser.json";

    /** A Langfuse trace export of a pydantic-ai agent calling tools: 12 observations with their messages. */
    public static final String LANGFUSE_EXPORT = "langfuse/pydantic-ai-tools-2025-12-04.trace.json";

    private SharedSamples() {
    }

    /** The sample file, or the test is skipped with a message saying where it was looked for. */
    public static Path require(String relative) {
        Path root = root();
        assumeTrue(root != null, "shared/samples not found beside the repository: real-sample test skipped");
        Path file = root.resolve(relative);
        assumeTrue(Files.exists(file), "sample " + file + " is absent: real-sample test skipped");
        return file;
    }

    /** Walks up from the working directory looking for a {@code shared/samples} folder in an ancestor or beside one. */
    static Path root() {
        return sharedFolder("samples");
    }

    /**
     * The folder {@code shared/<name>} ({@code samples}, {@code replay}) found by walking up from the working directory,
     * or null where there is none.
     */
    public static Path sharedFolder(String name) {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            Path candidate = dir.resolve("shared").resolve(name);
            if (Files.isDirectory(candidate)) {
                return candidate;
            }
        }
        return null;
    }
}
