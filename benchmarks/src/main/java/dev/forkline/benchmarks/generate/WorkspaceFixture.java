package dev.forkline.benchmarks.generate;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/** A large checkpoint workspace (path to content), deterministic from a seed, and a copy with some files changed. */
public final class WorkspaceFixture {

    private WorkspaceFixture() {
    }

    /** {@code files} files of code-like text adding up to about {@code totalBytes}, in nested directories. */
    public static Map<String, byte[]> of(int files, long totalBytes, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        TextMaker text = new TextMaker(random);
        int average = (int) Math.max(64, totalBytes / files);
        Map<String, byte[]> workspace = new LinkedHashMap<>();
        for (int i = 0; i < files; i++) {
            String path = "pkg" + (i % 50) + "/sub" + (i % 7) + "/file" + i + ".txt";
            int size = average / 2 + random.nextInt(average);
            workspace.put(path, text.codeBytes(size));
        }
        return workspace;
    }

    /** A copy where every {@code 1/share}-th file (e.g. 100 for 1%) has new content. */
    public static Map<String, byte[]> changed(Map<String, byte[]> workspace, int everyNth, long seed) {
        TextMaker text = new TextMaker(new SplittableRandom(seed));
        Map<String, byte[]> copy = new LinkedHashMap<>(workspace);
        List<String> paths = new ArrayList<>(workspace.keySet());
        for (int i = 0; i < paths.size(); i += everyNth) {
            byte[] old = workspace.get(paths.get(i));
            byte[] edit = ("// edited\n" + text.code(200)).getBytes(StandardCharsets.UTF_8);
            byte[] content = new byte[old.length + edit.length];
            System.arraycopy(old, 0, content, 0, old.length);
            System.arraycopy(edit, 0, content, old.length, edit.length);
            copy.put(paths.get(i), content);
        }
        return copy;
    }

    public static long bytes(Map<String, byte[]> workspace) {
        long total = 0;
        for (byte[] content : workspace.values()) {
            total += content.length;
        }
        return total;
    }
}
