package dev.forkline.replay.scenario;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventChain;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.bundle.BundleWriter;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** Places events in their chain and writes each one to the bundle as it happens (the durable log). */
final class TraceSink {

    private final EventChain chain = new EventChain();
    private final BundleWriter writer;
    private final List<Event> written = new ArrayList<>();

    TraceSink(BundleWriter writer) {
        this.writer = writer;
    }

    Event append(NewEvent draft) {
        Event event = chain.append(draft);
        try {
            writer.write(event);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        written.add(event);
        return event;
    }

    void startFork(String run, Event forkPoint) {
        chain.startFork(run, forkPoint);
    }

    String blob(byte[] content) {
        try {
            return writer.putBlob(content);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Makes everything written so far durable: done before an external effect starts. */
    void sync() {
        try {
            writer.sync();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    List<Event> events() {
        return List.copyOf(written);
    }
}
