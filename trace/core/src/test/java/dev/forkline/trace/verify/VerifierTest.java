package dev.forkline.trace.verify;

import static dev.forkline.trace.EventType.*;
import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.LineReader;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class VerifierTest {

    @TempDir
    Path temp;

    private final MemoryBlobStore blobs = new MemoryBlobStore();

    private List<Event> validTrace() {
        String v1 = blobs.put("v1\n".getBytes(StandardCharsets.UTF_8));
        String v2 = blobs.put("v2\n".getBytes(StandardCharsets.UTF_8));
        String out = blobs.put("lots of output".getBytes(StandardCharsets.UTF_8));
        var trace = new TraceBuilder();
        trace.add("r1", "harness", SESSION_START, "{'model':{'model':'m'}}");
        Event cp = trace.add("r1", "harness", CHECKPOINT, "{'checkpointId':'cp1','label':'start','workspace':{'root':'/workspace','files':{'a.txt':{'blob':'" + v1 + "','mode':'0644'}}}}");
        Event call = trace.add("r1", "agent:a", TOOL_CALL, "{'callId':'c1','tool':'bash','arguments':{},'effect':'workspace'}");
        trace.add("r1", "agent:a", TOOL_RESULT, "{'callId':'c1','exitCode':0,'stdoutBlob':'" + out + "'}", call.id());
        trace.add("r1", "agent:a", STATE_MUTATION, "{'path':'a.txt','op':'modify','before':'" + v1 + "','after':'" + v2 + "'}", call.id());
        trace.add("r1", "harness", SESSION_END, "{'outcome':'failure'}");
        trace.fork("r2", cp, "fork", "[]");
        trace.add("r2", "harness", SESSION_END, "{'outcome':'success'}");
        return trace.events();
    }

    private static int[] lines(int n) {
        int[] lines = new int[n];
        for (int i = 0; i < n; i++) {
            lines[i] = i + 1;
        }
        return lines;
    }

    private static VerificationReport verify(List<Event> events, BlobSource blobs) {
        return Verifier.verify(events, lines(events.size()), blobs, List.of());
    }

    private static Event with(Event e, String prev, long seq, String id) {
        return new Event(id, e.run(), seq, e.ts(), e.actor(), e.type(), e.causes(), e.state(), e.data(), prev, e.hash());
    }

    private static Event rehashed(Event e) {
        return EventChain.withHash(e);
    }

    @Test
    void acceptsAValidTraceWithAForkAndBlobs() {
        VerificationReport report = verify(validTrace(), blobs);
        assertThat(report.problems()).isEmpty();
        assertThat(report.ok()).isTrue();
        assertThat(report.first()).isEmpty();
        assertThat(report.eventsChecked()).isEqualTo(8);
        assertThat(report.blobsChecked()).isEqualTo(3);
    }

    @Test
    void changedContentBreaksTheHash() {
        List<Event> events = new ArrayList<>(validTrace());
        Event e = events.get(2);
        e.data().put("tool", "sh");
        VerificationReport report = verify(events, blobs);
        assertThat(report.problems()).extracting(Problem::code, Problem::eventId, Problem::line)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("hash-mismatch", "r1.3", 3L));
    }

    @Test
    void aRehashedEventStillBreaksThePrevChainOfItsSuccessor() {
        List<Event> events = new ArrayList<>(validTrace());
        Event e = events.get(2);
        e.data().put("tool", "sh");
        events.set(2, rehashed(new Event(e.id(), e.run(), e.seq(), e.ts(), e.actor(), e.type(), e.causes(), e.state(), e.data(), e.prev(), null)));
        VerificationReport report = verify(events, blobs);
        assertThat(report.problems()).extracting(Problem::code, Problem::eventId)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("prev-chain-break", "r1.4"));
    }

    @Test
    void aDeletedEventBreaksTheChainAndLeavesACauseDangling() {
        List<Event> events = new ArrayList<>(validTrace());
        events.remove(2);
        VerificationReport report = verify(events, blobs);
        assertThat(report.problems()).extracting(Problem::code, Problem::eventId).containsExactly(
                org.assertj.core.groups.Tuple.tuple("unknown-cause", "r1.4"),
                org.assertj.core.groups.Tuple.tuple("prev-chain-break", "r1.4"),
                org.assertj.core.groups.Tuple.tuple("unknown-cause", "r1.5"));
        assertThat(report.first().orElseThrow().line()).isEqualTo(3);
    }

    @Test
    void rootRunMustStartWithPrevNull() {
        List<Event> events = new ArrayList<>(validTrace());
        Event first = events.getFirst();
        events.set(0, rehashed(with(first, events.get(4).hash(), 1, first.id())));
        VerificationReport report = verify(events, blobs);
        assertThat(report.problems()).extracting(Problem::code, Problem::eventId).contains(
                org.assertj.core.groups.Tuple.tuple("prev-chain-break", "r1.1"));
    }

    @Test
    void aForkMustChainToItsCheckpoint() {
        List<Event> events = new ArrayList<>(validTrace());
        Event fork = events.get(6);
        events.set(6, rehashed(with(fork, events.get(2).hash(), 1, fork.id())));
        events.set(7, rehashed(with(events.get(7), events.get(6).hash(), 2, "r2.2")));
        VerificationReport report = verify(events, blobs);
        assertThat(report.problems()).extracting(Problem::code, Problem::eventId).containsExactly(
                org.assertj.core.groups.Tuple.tuple("prev-chain-break", "r2.1"));
        assertThat(report.first().orElseThrow().message()).contains("fork point r1.2");
    }

    @Test
    void aForkFromAnUnknownEventIsReported() {
        List<Event> events = new ArrayList<>(validTrace());
        Event fork = events.get(6);
        fork.data().put("checkpointEvent", "r9.9");
        events.set(6, rehashed(with(fork, fork.prev(), 1, fork.id())));
        events.set(7, rehashed(with(events.get(7), events.get(6).hash(), 2, "r2.2")));
        assertThat(verify(events, blobs).problems()).extracting(Problem::code).containsExactly("fork-point-unknown");
    }

    @Test
    void seqMustStartAtOneAndIncrease() {
        List<Event> events = new ArrayList<>(validTrace());
        events.set(3, rehashed(with(events.get(3), events.get(3).prev(), 2, "r1.4")));
        events.set(6, rehashed(with(events.get(6), events.get(6).prev(), 3, "r2.1")));
        VerificationReport report = verify(events, blobs);
        assertThat(report.problems()).extracting(Problem::code, Problem::eventId).contains(
                org.assertj.core.groups.Tuple.tuple("seq-order", "r1.4"),
                org.assertj.core.groups.Tuple.tuple("seq-order", "r2.1"));
    }

    @Test
    void idsMustBeUnique() {
        List<Event> events = new ArrayList<>(validTrace());
        events.set(5, rehashed(with(events.get(5), events.get(5).prev(), 6, "r1.2")));
        VerificationReport report = verify(events, blobs);
        assertThat(report.problems()).extracting(Problem::code, Problem::eventId, Problem::line).containsExactly(
                org.assertj.core.groups.Tuple.tuple("duplicate-id", "r1.2", 6L));
    }

    @Test
    void missingAndCorruptBlobsAreReportedWithTheEventReferringToThem() throws IOException {
        Path dir = temp.resolve("b");
        List<Event> events = validTrace();
        try (BundleWriter writer = BundleWriter.create(dir, Manifest.of("t", "t", Instant.EPOCH, "test"))) {
            for (var blob : blobs.all().values()) {
                writer.putBlob(blob);
            }
            for (Event event : events) {
                writer.write(event);
            }
            writer.commit();
        }
        var blobsDir = dir.resolve("blobs");
        try (var files = Files.list(blobsDir)) {
            for (Path blob : files.toList()) {
                String content = Files.readString(blob);
                if (content.equals("v2\n")) {
                    Files.writeString(blob, "v3\n");
                } else if (content.equals("lots of output")) {
                    Files.delete(blob);
                }
            }
        }
        try (Bundle bundle = BundleReader.read(dir)) {
            VerificationReport report = Verifier.verify(bundle);
            assertThat(report.problems()).extracting(Problem::code, Problem::eventId, Problem::line).containsExactly(
                    org.assertj.core.groups.Tuple.tuple("missing-blob", "r1.4", 4L),
                    org.assertj.core.groups.Tuple.tuple("corrupt-blob", "r1.5", 5L));
            assertThat(report.problems().get(1).message()).startsWith("after: blob sha256:").contains("is corrupt");
        } catch (TraceFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aBlobThatIsALinkIsNotFollowed() throws Exception {
        Path dir = temp.resolve("linked");
        List<Event> events = validTrace();
        try (BundleWriter writer = BundleWriter.create(dir, Manifest.of("t", "t", Instant.EPOCH, "test"))) {
            for (var blob : blobs.all().values()) {
                writer.putBlob(blob);
            }
            for (Event event : events) {
                writer.write(event);
            }
            writer.commit();
        }
        Path outside = temp.resolve("outside");
        Files.writeString(outside, "lots of output");
        Path blob = dir.resolve("blobs").resolve(dev.forkline.trace.Hashes.sha256("lots of output".getBytes(StandardCharsets.UTF_8)).substring(7));
        Files.delete(blob);
        Files.createSymbolicLink(blob, outside);
        try (Bundle bundle = BundleReader.read(dir)) {
            assertThat(Verifier.verify(bundle).problems()).extracting(Problem::code, Problem::eventId)
                    .containsExactly(org.assertj.core.groups.Tuple.tuple("missing-blob", "r1.4"));
        } catch (TraceFormatException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    void aBadBlobReferenceIsReported() {
        List<Event> events = new ArrayList<>(validTrace());
        Event mutation = events.get(4);
        mutation.data().put("after", "v2");
        assertThat(verify(events, blobs).problems()).extracting(Problem::code).contains("bad-blob-reference", "hash-mismatch");
    }

    @Test
    void runsExtraChecks() {
        EventCheck noHumans = new EventCheck() {
            @Override
            public String code() {
                return "no-harness";
            }

            @Override
            public List<String> check(Event event, dev.forkline.trace.index.TraceIndex index) {
                return event.actor().equals("harness") && index.size() > 0 ? List.of("harness did " + event.type()) : List.of();
            }
        };
        List<Event> events = validTrace();
        VerificationReport report = Verifier.verify(events, lines(events.size()), blobs, List.of(noHumans));
        assertThat(report.problems()).extracting(Problem::code).containsOnly("no-harness").hasSize(5);
        assertThat(report.first().orElseThrow().describe("x/trace.jsonl")).isEqualTo("x/trace.jsonl:1: event r1.1: harness did session.start");
    }

    @Test
    void aTraceOfManyRangesGetsItsProblemsInFileOrderAndRunsExtraChecksOneEventAtATime() {
        var trace = new TraceBuilder();
        trace.add("r1", "harness", SESSION_START, "{'model':{'model':'m'}}");
        for (int k = 0; k < 3 * EventSweep.RANGE; k++) {
            trace.add("r1", "agent:a", NOTE, "{'text':'note " + k + "'}");
        }
        List<Event> events = trace.events();
        List<String> tampered = new ArrayList<>();
        for (int i : new int[] {3, EventSweep.RANGE - 1, EventSweep.RANGE, 2 * EventSweep.RANGE + 7, events.size() - 1}) {
            events.get(i).data().put("text", "changed");
            tampered.add(events.get(i).id());
        }
        List<String> calls = java.util.Collections.synchronizedList(new ArrayList<>());
        List<EventCheck> recorders = List.of(recorder("first", calls), recorder("second", calls));

        VerificationReport report = Verifier.verify(events, lines(events.size()), null, recorders);

        assertThat(report.problems()).extracting(Problem::code).containsOnly("hash-mismatch");
        assertThat(report.problems()).extracting(Problem::eventId).containsExactlyElementsOf(tampered);
        assertThat(calls).hasSize(2 * events.size());
        for (int k = 0; k < calls.size(); k += 2) {
            assertThat(calls.get(k)).startsWith("first ");
            assertThat(calls.get(k + 1)).isEqualTo("second " + calls.get(k).substring("first ".length()));
        }
    }

    /** An extra check that finds nothing and records which event it was asked about. */
    private static EventCheck recorder(String name, List<String> calls) {
        return new EventCheck() {
            @Override
            public String code() {
                return name;
            }

            @Override
            public List<String> check(Event event, dev.forkline.trace.index.TraceIndex index) {
                calls.add(name + " " + event.id());
                return List.of();
            }
        };
    }

    @Test
    void flippingAnySingleByteOfAnyEventLineIsCaught() throws IOException {
        List<Event> events = validTrace();
        List<String> lines = events.stream().map(EventCodec::toLine).toList();
        int flips = 0;
        for (int l = 0; l < lines.size(); l++) {
            byte[] original = lines.get(l).getBytes(StandardCharsets.UTF_8);
            for (int b = 0; b < original.length; b++) {
                for (int mask : new int[] {0x01, 0x20, 0x80}) {
                    byte[] flipped = original.clone();
                    flipped[b] ^= (byte) mask;
                    if ((flipped[b] & 0xff) == '\n' || (flipped[b] & 0xff) == '\r') {
                        continue; // splitting the line is caught too, but by the line structure; covered below
                    }
                    assertThat(caught(lines, l, flipped)).as("line %d byte %d mask %x: %s", l + 1, b, mask, new String(flipped, StandardCharsets.UTF_8)).isTrue();
                    flips++;
                }
            }
        }
        assertThat(flips).isGreaterThan(5000);
    }

    /** True when reading or verifying the trace with line {@code l} replaced by {@code bytes} fails, naming that line. */
    private boolean caught(List<String> lines, int l, byte[] bytes) throws IOException {
        var all = new java.io.ByteArrayOutputStream();
        for (int i = 0; i < lines.size(); i++) {
            all.write(i == l ? bytes : lines.get(i).getBytes(StandardCharsets.UTF_8));
            all.write('\n');
        }
        List<Event> parsed = new ArrayList<>();
        try (var reader = new LineReader(new ByteArrayInputStream(all.toByteArray()), "trace.jsonl")) {
            String line;
            while ((line = reader.next()) != null) {
                parsed.add(EventCodec.parseLine(line, "trace.jsonl", reader.lineNumber()));
            }
        } catch (TraceFormatException e) {
            return e.line() == l + 1;
        }
        VerificationReport report = verify(parsed, blobs);
        return !report.ok() && report.problems().stream().anyMatch(p -> p.line() == l + 1);
    }
}
