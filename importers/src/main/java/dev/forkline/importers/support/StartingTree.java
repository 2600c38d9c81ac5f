package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.CheckpointData;
import java.util.ArrayList;
import java.util.List;

/**
 * What a trace says about the tree its session started from: the {@code startingTree} of the start checkpoint. Only
 * what the trace records is set (a null value is left out, never guessed); {@link #hint} turns it into one sentence
 * saying what a reviewer should supply with {@code --workspace}.
 */
public final class StartingTree {

    private final String format;
    private String repository;
    private String commit;
    /** A symbolic base such as {@code HEAD} recorded where a commit belongs: it pins nothing. */
    private String ref;
    private String branch;
    private String cwd;

    public StartingTree(String format) {
        this.format = format;
    }

    /** The repository's name or URL, as the trace records it. */
    public StartingTree repository(String value) {
        repository = blankToNull(value);
        return this;
    }

    /** The base commit; a symbolic ref ({@code HEAD}, {@code HEAD~1}) is kept as an unpinned {@code ref} instead. */
    public StartingTree commit(String value) {
        String given = blankToNull(value);
        if (isUnpinned(given)) {
            ref = given;
            commit = null;
        } else {
            commit = given;
        }
        return this;
    }

    /** Whether a recorded "commit" is a symbolic ref that names no commit of its own ({@code HEAD}, {@code HEAD~2}, ...). */
    public static boolean isUnpinned(String commit) {
        return commit != null && commit.strip().matches("(?i)HEAD([~^][0-9]*)*");
    }

    public StartingTree branch(String value) {
        branch = blankToNull(value);
        return this;
    }

    /** The working directory the session recorded for itself. */
    public StartingTree cwd(String value) {
        cwd = blankToNull(value);
        return this;
    }

    public String format() {
        return format;
    }

    /**
     * The {@code startingTree} object: format, the known fields, and the hint.
     *
     * @param root         the workspace root of the checkpoint
     * @param rootRecorded false when the trace records no working directory and {@code root} is a stand-in
     */
    public ObjectNode toJson(String root, boolean rootRecorded) {
        ObjectNode json = Json.object();
        json.put(CheckpointData.TREE_FORMAT, format);
        Payloads.putIfPresent(json, CheckpointData.TREE_REPOSITORY, repository);
        Payloads.putIfPresent(json, CheckpointData.TREE_COMMIT, commit);
        Payloads.putIfPresent(json, CheckpointData.TREE_REF, ref);
        Payloads.putIfPresent(json, CheckpointData.TREE_BRANCH, branch);
        Payloads.putIfPresent(json, CheckpointData.TREE_CWD, cwd);
        json.put(CheckpointData.TREE_HINT, hint(root, rootRecorded));
        return json;
    }

    /** One sentence saying what to supply, e.g. "Supply a checkout of testbed at commit bfd2… as it was at /testbed …". */
    public String hint(String root, boolean rootRecorded) {
        StringBuilder hint = new StringBuilder("Supply ");
        if (repository != null || commit != null) {
            hint.append("a checkout of ").append(repository != null ? repository : "the repository");
            if (commit != null) {
                hint.append(" at commit ").append(commit);
            } else if (branch != null) {
                hint.append(" on branch ").append(branch);
            }
            hint.append(", as it was at ").append(root).append(" when the session started");
        } else {
            hint.append("the tree that was at ").append(root).append(" when the session started");
        }
        hint.append(", without the session's own changes");
        List<String> notes = new ArrayList<>();
        if (repository == null && commit == null && branch != null) {
            notes.add("branch " + branch);
        }
        if (ref != null) {
            notes.add("the base commit is recorded as " + ref + ", which pins no commit: the tree is whatever " + ref
                    + " was when the session started");
        } else if (commit == null) {
            notes.add("no commit is recorded");
        }
        if (!rootRecorded) {
            notes.add("no working directory is recorded: " + root + " stands for it");
        }
        if (!notes.isEmpty()) {
            hint.append(" (").append(String.join("; ", notes)).append(')');
        }
        return hint.append('.').toString();
    }

    /** Where the tree may come from, for the finding: {@code repository@commit}, else what is known of it. */
    public String suggestion(String root) {
        String where = repository != null ? repository : cwd != null ? cwd : root;
        StringBuilder suggestion = new StringBuilder(where);
        if (commit != null) {
            suggestion.append('@').append(commit);
        }
        if (branch != null) {
            suggestion.append(" (branch ").append(branch).append(')');
        }
        if (ref != null) {
            suggestion.append(" at ").append(ref).append(" (unpinned: whatever it was when the session started)");
        } else if (commit == null) {
            suggestion.append(", as it was when the session started; no commit is recorded");
        }
        return suggestion.toString();
    }

    private static String blankToNull(String value) {
        return value == null || value.isBlank() ? null : value;
    }
}
