package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.ManifestEntry;
import dev.forkline.replay.sandbox.SandboxPayloads;
import dev.forkline.replay.sandbox.WorkspaceManifest;
import dev.forkline.trace.Event;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.StateMutationData;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.TreeSet;

/** Compares what a replayed step did to the workspace with what the recording says it did. */
final class WorkspaceComparison {

    private WorkspaceComparison() {
    }

    /** A mutation reduced to what is compared: op, content hash after, mode after (null when deleted). */
    record Change(MutationOp op, String after, String mode) {
        String describe() {
            return (op == null ? "change" : op.wireName()) + (after == null ? "" : " " + after) + (mode == null ? "" : " mode " + mode);
        }
    }

    /** The changes from {@code before} to {@code after}, by path. */
    static SortedMap<String, Change> actual(WorkspaceManifest before, WorkspaceManifest after) {
        SortedMap<String, Change> changes = new TreeMap<>();
        for (WorkspaceManifest.Change c : before.changesTo(after)) {
            ManifestEntry a = c.after();
            changes.put(c.path(), new Change(SandboxPayloads.op(c.kind()), a == null ? null : a.sha256(),
                    a == null ? null : a.modeString()));
        }
        return changes;
    }

    /** The recorded state.mutation events, by path (the last one wins when a path changed twice). */
    static SortedMap<String, Change> recorded(List<Event> mutations) {
        SortedMap<String, Change> changes = new TreeMap<>();
        for (Event m : mutations) {
            StateMutationData mutation = StateMutationData.from(m.data());
            if (mutation.path() != null) {
                changes.put(mutation.path(), new Change(mutation.op(), mutation.after(), mutation.mode()));
            }
        }
        return changes;
    }

    /** One diff per path whose change differs, field {@code workspace:<path>}. */
    static List<FieldDiff> diff(SortedMap<String, Change> recorded, SortedMap<String, Change> actual) {
        List<FieldDiff> diffs = new ArrayList<>();
        TreeSet<String> paths = new TreeSet<>(recorded.keySet());
        paths.addAll(actual.keySet());
        for (String path : paths) {
            Change r = recorded.get(path);
            Change a = actual.get(path);
            if (!sameChange(r, a)) {
                diffs.add(FieldDiff.of("workspace:" + path, r == null ? "unchanged" : r.describe(), a == null ? "unchanged" : a.describe()));
            }
        }
        return diffs;
    }

    private static boolean sameChange(Change r, Change a) {
        if (r == null || a == null) {
            return r == a;
        }
        // create vs modify depends on the state before, which earlier steps already compared: content and mode decide
        boolean deletedR = r.op() == MutationOp.DELETE;
        boolean deletedA = a.op() == MutationOp.DELETE;
        if (deletedR || deletedA) {
            return deletedR == deletedA;
        }
        return Objects.equals(r.after(), a.after()) && (r.mode() == null || a.mode() == null || r.mode().equals(a.mode()));
    }

    /** The workspace in the sandbox against what a checkpoint recorded, field {@code workspace:<path>}. */
    static List<FieldDiff> againstCheckpoint(SortedMap<String, CheckpointFiles.Expected> expected, WorkspaceManifest actual) {
        List<FieldDiff> diffs = new ArrayList<>();
        TreeSet<String> paths = new TreeSet<>(expected.keySet());
        paths.addAll(actual.entries().keySet());
        for (String path : paths) {
            CheckpointFiles.Expected e = expected.get(path);
            ManifestEntry a = actual.get(path);
            if (e == null) {
                diffs.add(FieldDiff.of("workspace:" + path, "absent", describe(a)));
            } else if (a == null) {
                diffs.add(FieldDiff.of("workspace:" + path, describe(e), "absent"));
            } else if (!Objects.equals(e.sha256(), a.sha256()) || !Objects.equals(e.linkTarget(), a.linkTarget())
                    || (e.linkTarget() == null && e.mode() != a.mode())) {
                diffs.add(FieldDiff.of("workspace:" + path, describe(e), describe(a)));
            }
        }
        return diffs;
    }

    private static String describe(CheckpointFiles.Expected e) {
        return e.linkTarget() != null ? "link -> " + e.linkTarget() : e.sha256() + " mode " + String.format("%04o", e.mode());
    }

    private static String describe(ManifestEntry a) {
        return a.isSymlink() ? "link -> " + a.linkTarget() : a.sha256() + " mode " + a.modeString();
    }
}
