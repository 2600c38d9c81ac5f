package dev.forkline.views.data;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.LazyEventList.DamagedEventException;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.payload.MutationOp;
import dev.forkline.trace.payload.StateMutationData;

import java.util.BitSet;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Pattern;

/**
 * Which test files a run deleted, with its ancestry up to where it forked, and did not create again: a success that
 * deleted its tests proves nothing. Only state.mutation events are read (the columns say which they are), each at most
 * once however many lineages pass through it; on a large trace that is still a pass over much of the stored trace, so
 * it runs off the UI thread once the trace is shown ({@link RunLineage#checkTests}). Not thread-safe.
 */
final class DeletedTests {

    /**
     * Test files by their usual names: a folder test/, tests/, __tests__/ or spec/, or a file test_*.py, *_test.*,
     * *.test.*, *.spec.*, *Test.java, *Tests.java. A heuristic: it errs towards warning.
     */
    private static final Pattern TEST_PATH = Pattern.compile(
            "(^|.*/)(tests?|__tests__|specs?)/.*|(^|.*/)test_[^/]*\\.py|.*_test\\.[^/]+|.*\\.(test|spec)\\.[^/]+|.*Tests?\\.java");

    /** A state mutation of a test file. */
    private record Mutation(String path, boolean deletes) {
    }

    private final EventColumns columns;
    /** The mutations read so far, by event index: those of test files kept, the others only marked in {@link #read}. */
    private final Map<Integer, Mutation> ofTestFiles = new HashMap<>();
    private final BitSet read = new BitSet();

    DeletedTests(EventColumns columns) {
        this.columns = columns;
    }

    /** Whether a path looks like a test file. */
    static boolean isTestPath(String path) {
        return path != null && TEST_PATH.matcher(path.replace('\\', '/')).matches();
    }

    /**
     * The test files deleted along {@code lineage} and not created again.
     *
     * @throws DamagedEventException when a state mutation on the way cannot be read
     */
    Set<String> along(Lineage lineage) {
        Set<String> deleted = new TreeSet<>();
        for (int position = 0; position < lineage.size(); position++) {
            int index = lineage.indexAt(position);
            if (columns.kind(index) != EventType.STATE_MUTATION) {
                continue;
            }
            Mutation mutation = mutationAt(lineage, position, index);
            if (mutation == null) {
                continue;
            }
            if (mutation.deletes()) {
                deleted.add(mutation.path());
            } else {
                deleted.remove(mutation.path());
            }
        }
        return deleted;
    }

    private Mutation mutationAt(Lineage lineage, int position, int index) {
        if (read.get(index)) {
            return ofTestFiles.get(index);
        }
        Event event = lineage.get(position);
        String path = event.data().path(StateMutationData.PATH).asText(null);
        Mutation mutation = null;
        if (isTestPath(path)) {
            mutation = new Mutation(path, MutationOp.DELETE.wireName().equals(event.data().path(StateMutationData.OP).asText()));
            ofTestFiles.put(index, mutation);
        }
        read.set(index);
        return mutation;
    }
}
