package dev.forkline.trace.bundle;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.forkline.trace.Event;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.testing.RepositoryFiles;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * {@link BundleSoFar}: after each batch the reader hands over, its snapshot is the bundle's first events, with their
 * lines, columns and line numbers as the whole bundle has them, parsed from the file when looked at.
 */
class BundleSoFarTest {

    private static final Path BUNDLE = RepositoryFiles.resolve("sample-traces").resolve("multi-agent-conflict");

    @Test
    void eachSnapshotIsTheEventsReadSoFarAsTheWholeBundleHasThem() throws Exception {
        Bundle whole = BundleReader.read(BUNDLE);
        BundleSoFar soFar = new BundleSoFar(BUNDLE);
        assertNull(soFar.snapshot(), "nothing to show before the reader began");
        soFar.begin(BUNDLE + "/" + Bundle.EVENTS, whole.manifest(), whole.blobs());
        List<Integer> sizes = new ArrayList<>();
        EventBatchSink checking = new EventBatchSink() {
            @Override
            public void begin(String eventsFile, Manifest manifest, BlobSource blobs) {
            }

            @Override
            public void accept(EventBatch batch) {
                soFar.accept(batch);
                Bundle snapshot = soFar.snapshot();
                int n = snapshot.events().size();
                sizes.add(n);
                assertEquals(whole.events().subList(0, n), List.copyOf(snapshot.events()));
                assertEquals(whole.manifest(), snapshot.manifest());
                for (int i = 0; i < n; i++) {
                    assertEquals(whole.lineOf(i), snapshot.lineOf(i));
                    assertEquals(whole.columns().id(i), snapshot.columns().id(i));
                    assertEquals(whole.columns().tool(i), snapshot.columns().tool(i));
                    assertEquals(whole.columns().causes(i), snapshot.columns().causes(i));
                }
            }
        };
        ScannedEventsReader.read(BUNDLE.resolve(Bundle.EVENTS), BUNDLE + "/" + Bundle.EVENTS, LineReader.DEFAULT_MAX_LINE_BYTES,
                2048, checking);
        assertTrue(sizes.size() > 2, "small blocks hand the events over in several batches: " + sizes);
        assertEquals(whole.events().size(), sizes.getLast());
        assertEquals(whole.events().size(), soFar.size());
        Event last = whole.events().getLast();
        assertEquals(last, soFar.snapshot().events().getLast());
    }
}
