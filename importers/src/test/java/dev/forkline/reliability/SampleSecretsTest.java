package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.secrets.SecretHit;
import dev.forkline.trace.secrets.SecretMasker;
import dev.forkline.trace.secrets.SecretScanner;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.Test;

/**
 * The secret scanner over every real sample (shared/samples, imported) and every sample bundle: the hits are counted
 * and listed (kind, event, field; never the value), and masking leaves none behind.
 */
class SampleSecretsTest {

    private final SecretScanner scanner = new SecretScanner();

    /** Guards against a vacuous zero: the same scan finds a fake key put into one of the sample's own events. */
    private boolean plantedKeyIsFound(Path source, Importers importers) throws Exception {
        try (Bundle bundle = importers.read(source).bundle()) {
            Event first = bundle.events().getFirst();
            var data = first.data().deepCopy();
            data.put("leaked", "AKIA" + "Z7XQ2VJ4KD3MPL6W");
            Event planted = new Event(first.id(), first.run(), first.seq(), first.ts(), first.actor(), first.type(), first.causes(),
                    first.state(), data, first.prev(), first.hash());
            return scanner.hits(planted).stream().anyMatch(hit -> hit.fieldPath().equals("data.leaked"));
        }
    }

    @Test
    void realSamplesAreScannedAndMaskingLeavesNoHit() throws Exception {
        List<Path> sources = new ArrayList<>(SharedSamples.sharedSampleFiles());
        sources.addAll(SharedSamples.sampleBundles());
        assumeTrue(!sources.isEmpty(), "no samples found: skipped");
        Importers importers = Importers.builtIn();
        Map<String, Integer> byKind = new TreeMap<>();
        List<String> listed = new ArrayList<>();
        int events = 0;
        for (Path source : sources) {
            ImportedTrace trace = importers.read(source);
            try (Bundle bundle = trace.bundle()) {
                events += bundle.events().size();
                for (SecretHit hit : scanner.hits(bundle)) {
                    byKind.merge(hit.kind().wireName(), 1, Integer::sum);
                    listed.add(source.getFileName() + " " + hit.eventId() + " " + hit.fieldPath() + " " + hit.kind().wireName());
                }
                for (Event masked : SecretMasker.masked(bundle).events()) {
                    assertThat(scanner.hits(masked)).as("hits left after masking %s in %s", masked.id(), source).isEmpty();
                }
            }
        }
        assertThat(plantedKeyIsFound(sources.getFirst(), importers)).as("a fake key planted in a real sample is found").isTrue();
        Reliability.record("secrets-samples", sources.size() + " samples, " + events + " events, hits by kind " + byKind
                + (listed.isEmpty() ? "" : "\n" + String.join("\n", listed)));
    }
}
