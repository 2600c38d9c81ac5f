package dev.forkline.views.testdata;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.BundleWriter;

import java.nio.file.Path;
import java.util.List;

/** A trace whose badges could mislead: runs that deleted their tests, one of which still "succeeded". */
public final class MisleadingRuns {

    private MisleadingRuns() {
    }

    /**
     * The wrong-tool-call sample (r1 deletes the tests and fails; r2, the fork that corrects c2, succeeds) plus r3, a fork
     * from cp-green whose edit changed the test command instead, so rm -rf tests still ran and the run "succeeded", and
     * r4, a replay of r1 from cp-green that matched the recording, failure included.
     */
    public static Path write(Path target) throws Exception {
        List<Event> events;
        dev.forkline.trace.bundle.Manifest manifest;
        try (Bundle sample = BundleReader.read(Samples.ROOT.resolve("wrong-tool-call"))) {
            events = List.copyOf(sample.events());
            manifest = sample.manifest();
        }
        EventChain chain = new EventChain();
        try (BundleWriter writer = BundleWriter.create(target, manifest)) {
            try (Bundle sample = BundleReader.read(Samples.ROOT.resolve("wrong-tool-call"))) {
                for (byte[] blob : blobsOf(sample, events)) {
                    writer.putBlob(blob);
                }
            }
            for (Event event : events) {
                chain.accept(event);
                writer.write(event);
            }
            var t = events.getLast().ts();
            ObjectNode fork = Json.object().put("checkpoint", "cp-green").put("checkpointEvent", "r1.7").put("parentRun", "r1").put("reason", "fork");
            fork.putArray("edits").addObject().put("id", "c3").put("command", "sh build.sh").put("description", "build only");
            writer.write(chain.append(NewEvent.of("r3", "human:dana", EventType.RUN_FORK).at(t.plusSeconds(1)).data(fork)));
            for (Event tail : events.subList(7, 16)) { // r1.8 .. r1.16: rm -rf tests and what followed
                writer.write(chain.append(NewEvent.ofRawType("r3", tail.actor(), tail.type()).at(t.plusSeconds(2)).data(tail.data().deepCopy())));
            }
            writer.write(chain.append(NewEvent.of("r3", "harness", EventType.SESSION_END).at(t.plusSeconds(3))
                    .data(Json.object().put("outcome", "success").put("summary", "the build passed"))));
            ObjectNode replay = Json.object().put("checkpoint", "cp-green").put("checkpointEvent", "r1.7").put("parentRun", "r1").put("reason", "replay");
            writer.write(chain.append(NewEvent.of("r4", "harness", EventType.RUN_FORK).at(t.plusSeconds(4)).data(replay)));
            for (Event tail : events.subList(7, 17)) { // r1.8 .. r1.17, the same steps and the same failure
                writer.write(chain.append(NewEvent.ofRawType("r4", tail.actor(), tail.type()).at(t.plusSeconds(5)).data(tail.data().deepCopy())));
            }
            return writer.commit();
        }
    }

    private static List<byte[]> blobsOf(Bundle sample, List<Event> events) throws Exception {
        List<byte[]> blobs = new java.util.ArrayList<>();
        java.util.Set<String> seen = new java.util.HashSet<>();
        for (Event event : events) {
            for (var reference : dev.forkline.trace.verify.BlobReferences.of(event)) {
                if (reference.hash() != null && seen.add(reference.hash())) {
                    sample.blobs().read(reference.hash()).ifPresent(blobs::add);
                }
            }
        }
        return blobs;
    }
}
