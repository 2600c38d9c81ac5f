package dev.forkline.replay.engine;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.testing.DirectoryTrees;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/** Test helpers over bundle directories: copy, read, find, tamper and re-hash, verify. */
final class Bundles {

    private Bundles() {
    }

    static Path copy(Path bundle, Path into) throws IOException {
        return DirectoryTrees.copy(bundle, into.resolve(bundle.getFileName()));
    }

    static List<Event> events(Path bundle) {
        try (Bundle read = BundleReader.read(bundle)) {
            return read.events();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static Event call(Path bundle, String run, String callId) {
        return events(bundle).stream().filter(e -> e.run().equals(run) && e.is(dev.forkline.trace.EventType.TOOL_CALL)
                && callId.equals(e.text("callId"))).findFirst().orElseThrow(() -> new AssertionError("no call " + callId + " in " + run));
    }

    static Event resultOf(Path bundle, Event call) {
        return events(bundle).stream().filter(e -> e.is(dev.forkline.trace.EventType.TOOL_RESULT) && e.causes().contains(call.id()))
                .findFirst().orElseThrow(() -> new AssertionError("no result of " + call.id()));
    }

    static List<Event> runEvents(Path bundle, String run) {
        return events(bundle).stream().filter(e -> e.run().equals(run)).toList();
    }

    /** Appends one event to {@code run} (chained onto the bundle's events), as any writer of the trace would. */
    static Event append(Path bundle, String run, String actor, dev.forkline.trace.EventType type,
                        com.fasterxml.jackson.databind.node.ObjectNode data, String... causes) {
        EventChain chain = new EventChain();
        events(bundle).forEach(chain::accept);
        Event event = chain.append(dev.forkline.trace.NewEvent.of(run, actor, type).causes(causes)
                .touches(dev.forkline.trace.StateKind.HARNESS).data(data));
        try (var writer = dev.forkline.trace.bundle.BundleWriter.appendTo(bundle)) {
            writer.write(event);
            writer.sync();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return event;
    }

    /** Items waiting for a human in the bundle (every recorded decision counts). */
    static int queued(Path bundle) {
        try (Bundle read = BundleReader.read(bundle)) {
            return dev.forkline.trace.decision.EscapeQueue.of(List.of(read)).size();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /** data.stdout of a tool.result, or the blob data.stdoutBlob names, as text. */
    static String stdout(Path bundle, Event event) {
        try (Bundle read = BundleReader.read(bundle)) {
            return ToolResultComparison.recordedStdout(event, read.blobs());
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    static VerificationReport verify(Path bundle) {
        try (Bundle read = BundleReader.read(bundle)) {
            return Verifier.verify(read);
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * Replaces one event's data and re-hashes the whole file so that every hash and prev link is consistent again: what
     * someone who edits a recording and covers their tracks would do.
     */
    static void tamperAndRehash(Path bundle, String eventId, UnaryOperator<com.fasterxml.jackson.databind.node.ObjectNode> edit) {
        List<Event> events = events(bundle);
        Map<String, String> rehashed = new HashMap<>();
        List<String> lines = new ArrayList<>();
        for (Event e : events) {
            var data = e.id().equals(eventId) ? edit.apply(e.data().deepCopy()) : e.data();
            String prev = e.prev() == null ? null : rehashed.getOrDefault(e.prev(), e.prev());
            Event changed = EventChain.withHash(new Event(e.id(), e.run(), e.seq(), e.ts(), e.actor(), e.type(), e.causes(), e.state(),
                    data, prev, null));
            rehashed.put(e.hash(), changed.hash());
            lines.add(EventCodec.toLine(changed));
        }
        try {
            Files.writeString(bundle.resolve(Bundle.EVENTS), String.join("\n", lines) + "\n", StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
