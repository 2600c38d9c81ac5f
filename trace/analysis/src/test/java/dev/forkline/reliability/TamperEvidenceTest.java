package dev.forkline.reliability;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.DecisionCheck;
import dev.forkline.trace.decision.DecisionVerifier;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Tamper evidence on the repository's sample bundles: changing any single byte of any event line is caught naming that
 * event (or its line, when the line no longer parses); changing any byte of any blob is caught naming an event that
 * references it; a decision cannot be changed, even with the whole chain re-hashed, without the owner's key, and a
 * decision signed by someone else's key for the same owner is not trusted.
 */
class TamperEvidenceTest {

    private static final long SEED = Long.getLong("forkline.fuzz.seed", 20261130L);
    /** Byte changes per event line; -Dforkline.tamper.perLine=N for more. */
    private static final int CHANGES_PER_LINE = Integer.getInteger("forkline.tamper.perLine", 2);

    @TempDir
    Path dir;

    @Test
    void anyChangedByteOfAnyEventIsCaughtNamingTheEvent() throws Exception {
        List<Path> samples = sampleBundles();
        Random random = new Random(SEED);
        int changes = 0;
        for (Path sample : samples) {
            Path copy = copy(sample, dir.resolve("events-" + sample.getFileName()));
            Path eventsFile = copy.resolve(Bundle.EVENTS);
            byte[] original = Files.readAllBytes(eventsFile);
            List<int[]> lines = lineSpans(original);
            List<String> ids = readIds(copy);
            for (int line = 0; line < lines.size(); line++) {
                for (int n = 0; n < CHANGES_PER_LINE; n++) {
                    int[] span = lines.get(line);
                    int at = span[0] + random.nextInt(span[1] - span[0]);
                    byte[] tampered = original.clone();
                    tampered[at] = differentPrintable(original[at], random);
                    Files.write(eventsFile, tampered);
                    assertCaught(copy, line + 1, ids.get(line), sample + " line " + (line + 1) + " byte " + (at - span[0])
                            + " '" + (char) original[at] + "' -> '" + (char) tampered[at] + "'");
                    changes++;
                }
            }
            Files.write(eventsFile, original);
        }
        Reliability.record("tamper-events", changes + " single-byte changes over " + samples.size() + " sample bundles, all caught");
    }

    @Test
    void anyChangedByteOfAnyBlobIsCaughtNamingAnEventThatUsesIt() throws Exception {
        Random random = new Random(SEED + 1);
        int changes = 0;
        for (Path sample : sampleBundles()) {
            Path copy = copy(sample, dir.resolve("blobs-" + sample.getFileName()));
            List<Path> blobs = files(copy.resolve(Bundle.BLOBS));
            for (Path blob : blobs) {
                byte[] original = Files.readAllBytes(blob);
                if (original.length == 0) {
                    continue;
                }
                byte[] tampered = original.clone();
                tampered[random.nextInt(tampered.length)] ^= (byte) (1 << random.nextInt(8));
                Files.write(blob, tampered);
                String hash = "sha256:" + blob.getFileName();
                try (Bundle bundle = BundleReader.read(copy)) {
                    VerificationReport report = Verifier.verify(bundle);
                    assertThat(report.problems()).as("changed blob %s of %s", blob.getFileName(), sample).isNotEmpty();
                    Map<String, Event> byId = byId(bundle.events());
                    assertThat(report.problems()).as("a problem names an event using blob %s", hash)
                            .anyMatch(p -> p.eventId() != null && byId.containsKey(p.eventId())
                                    && byId.get(p.eventId()).data().toString().contains(hash));
                }
                Files.write(blob, original);
                changes++;
            }
        }
        Reliability.record("tamper-blobs", changes + " blobs changed by one bit, all caught naming an event that uses them");
        assumeTrue(changes > 0, "the sample bundles hold no blobs");
    }

    @Test
    void aDecisionCannotBeChangedOrForgedWithoutTheOwnersKey() throws Exception {
        int forged = 0;
        for (Path sample : sampleBundles()) {
            Path copy = copy(sample, dir.resolve("decision-" + sample.getFileName()));
            Path owners = dir.resolve("owners-" + sample.getFileName());
            Optional<Event> subject;
            try (Bundle bundle = BundleReader.read(copy)) {
                subject = bundle.events().stream().filter(EscapeQueue::isDecidable).findFirst();
            }
            if (subject.isEmpty()) {
                continue;
            }
            Event decision = new DecisionRecorder(new OwnerKeys(owners))
                    .record(copy, Decision.of(subject.get().id(), Verdict.DENY, "alice", "too risky"));
            List<Event> events;
            try (Bundle bundle = BundleReader.read(copy)) {
                events = bundle.events();
                assertThat(DecisionVerifier.verify(bundle, new OwnerKeys(owners).trustedKeys())).allMatch(DecisionCheck::ok);
            }

            // 1. The verdict flipped and the whole chain re-hashed: the chain verifies, the signature does not.
            List<Event> flipped = rehashedWith(events, decision.id(), data -> data.deepCopy().put("verdict", "approve"));
            Path forgedBundle = withEvents(copy(copy, dir.resolve("forged-" + sample.getFileName())), flipped);
            try (Bundle bundle = BundleReader.read(forgedBundle)) {
                assertThat(Verifier.verify(bundle).problems()).as("re-hashed chain of %s", sample).isEmpty();
                DecisionCheck check = only(DecisionVerifier.verify(bundle, new OwnerKeys(owners).trustedKeys()), decision.id());
                assertThat(check.ok()).isFalse();
                assertThat(check.problems()).anyMatch(f -> f.code().equals(DecisionCheck.BAD_SIGNATURE) && decision.id().equals(f.eventId()));
            }

            // 2. A decision in alice's name signed with another key (the forger's own "alice"): not trusted.
            Path impostorCopy = copy(sample, dir.resolve("impostor-" + sample.getFileName()));
            Event impostor = new DecisionRecorder(new OwnerKeys(dir.resolve("forger-keys-" + sample.getFileName())))
                    .record(impostorCopy, Decision.of(subject.get().id(), Verdict.APPROVE, "alice", "looks fine"));
            try (Bundle bundle = BundleReader.read(impostorCopy)) {
                DecisionCheck check = only(DecisionVerifier.verify(bundle, new OwnerKeys(owners).trustedKeys()), impostor.id());
                assertThat(check.trusted()).isFalse();
                assertThat(check.problems()).anyMatch(f -> f.code().equals(DecisionCheck.UNTRUSTED_KEY));
            }
            forged++;
        }
        Reliability.record("tamper-decisions", forged + " sample bundles: re-hashed verdict flips and impostor keys all refused");
        assumeTrue(forged > 0, "no sample bundle has a decidable event");
    }

    private static void assertCaught(Path bundleDir, int line, String originalId, String what) throws IOException {
        Bundle bundle;
        try {
            bundle = BundleReader.read(bundleDir);
        } catch (TraceFormatException e) {
            assertThat(e.line()).as("rejected %s at the changed line: %s", what, e.getMessage()).isEqualTo(line);
            return;
        }
        try (bundle) {
            VerificationReport report = Verifier.verify(bundle);
            List<Problem> problems = report.problems();
            assertThat(problems).as("changed %s", what).isNotEmpty();
            assertThat(problems).as("a problem names the changed event %s (line %d) for %s", originalId, line, what)
                    .anyMatch(p -> p.line() == line || originalId.equals(p.eventId()));
        }
    }

    private static List<Event> rehashedWith(List<Event> events, String id, java.util.function.UnaryOperator<com.fasterxml.jackson.databind.node.ObjectNode> change) {
        Map<String, String> renamed = new HashMap<>();
        List<Event> out = new ArrayList<>();
        for (Event original : events) {
            var data = original.id().equals(id) ? change.apply(original.data()) : original.data();
            String prev = original.prev() != null ? renamed.getOrDefault(original.prev(), original.prev()) : null;
            Event rehashed = EventChain.withHash(new Event(original.id(), original.run(), original.seq(), original.ts(),
                    original.actor(), original.type(), original.causes(), original.state(), data, prev, null));
            renamed.put(original.hash(), rehashed.hash());
            out.add(rehashed);
        }
        return out;
    }

    /** The bundle with its trace.jsonl replaced by these events (blobs and manifest kept), as a forger would write it. */
    private static Path withEvents(Path bundleDir, List<Event> events) throws IOException {
        StringBuilder lines = new StringBuilder();
        events.forEach(event -> lines.append(EventCodec.toLine(event)).append('\n'));
        Files.writeString(bundleDir.resolve(Bundle.EVENTS), lines, StandardCharsets.UTF_8);
        return bundleDir;
    }

    private static DecisionCheck only(List<DecisionCheck> checks, String id) {
        return checks.stream().filter(c -> c.eventId().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no check of decision " + id + " in " + checks));
    }

    private static Map<String, Event> byId(List<Event> events) {
        Map<String, Event> byId = new HashMap<>();
        events.forEach(e -> byId.put(e.id(), e));
        return byId;
    }

    private static List<String> readIds(Path bundleDir) throws IOException {
        List<String> ids = new ArrayList<>();
        for (String line : Files.readAllLines(bundleDir.resolve(Bundle.EVENTS), StandardCharsets.UTF_8)) {
            if (!line.isBlank()) {
                try {
                    ids.add(EventCodec.parseLine(line, "trace.jsonl", 0).id());
                } catch (TraceFormatException e) {
                    throw new IllegalStateException(e);
                }
            }
        }
        return ids;
    }

    private static byte differentPrintable(byte original, Random random) {
        byte replacement;
        do {
            replacement = (byte) (0x20 + random.nextInt(0x5F));
        } while (replacement == original);
        return replacement;
    }

    /** [start, end) of each non-empty line, newline excluded. */
    private static List<int[]> lineSpans(byte[] bytes) {
        List<int[]> spans = new ArrayList<>();
        int start = 0;
        for (int i = 0; i <= bytes.length; i++) {
            if (i == bytes.length || bytes[i] == '\n') {
                if (i > start) {
                    spans.add(new int[] {start, i});
                }
                start = i + 1;
            }
        }
        return spans;
    }

    static List<Path> sampleBundles() throws IOException {
        Path dir = Path.of("").toAbsolutePath();
        while (dir != null && !Files.isDirectory(dir.resolve("sample-traces"))) {
            dir = dir.getParent();
        }
        assumeTrue(dir != null, "sample-traces/ not found above " + Path.of("").toAbsolutePath());
        try (Stream<Path> walk = Files.walk(dir.resolve("sample-traces"))) {
            List<Path> bundles = walk.filter(p -> Files.isRegularFile(p.resolve(Bundle.MANIFEST))).sorted().toList();
            assumeTrue(!bundles.isEmpty(), "no bundles in sample-traces/");
            return bundles;
        }
    }

    private static List<Path> files(Path root) throws IOException {
        if (!Files.isDirectory(root)) {
            return List.of();
        }
        try (Stream<Path> walk = Files.walk(root)) {
            return walk.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private static Path copy(Path source, Path target) throws IOException {
        try (Stream<Path> walk = Files.walk(source)) {
            for (Path from : walk.sorted(Comparator.naturalOrder()).toList()) {
                Path to = target.resolve(source.relativize(from).toString());
                if (Files.isDirectory(from)) {
                    Files.createDirectories(to);
                } else {
                    Files.copy(from, to);
                }
            }
        }
        return target;
    }

}
