package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.CauseNotes;
import dev.forkline.views.data.WritableBundles;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.nio.file.Path;
import java.time.Clock;

/**
 * Pins the selected failure's "why" to one of its causes: a note appended to the trace's bundle (see {@link CauseNotes}),
 * the trace stored again and shown with the failure selected, and a message saying where the note was written.
 */
public final class CauseNotesViewModel {

    private final TaskExecutor executor;
    private final TraceSelection selection;
    private final TraceReloads reloads;
    private final WritableBundles bundles;
    private final BundleWrites writes;
    private final Settings settings;
    private final Clock clock;
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");

    CauseNotesViewModel(TaskExecutor executor, TraceSelection selection, TraceReloads reloads, WritableBundles bundles,
                        BundleWrites writes, Settings settings, Clock clock) {
        this.executor = executor;
        this.selection = selection;
        this.reloads = reloads;
        this.bundles = bundles;
        this.writes = writes;
        this.settings = settings;
        this.clock = clock;
    }

    /** Whether pins can be written (the window has somewhere to write bundles). */
    public boolean canPin() {
        return bundles != null && selection.trace() != null && !selection.importing();
    }

    /** Who pins: the name decisions were last signed with, else the account's name. */
    public String reviewer() {
        return settings.get(Settings.OWNER).filter(s -> !s.isBlank()).orElse(System.getProperty("user.name", "reviewer"));
    }

    /** Pins the selected event's why to {@code causeId}, with the reviewer's words (may be empty). */
    public void pin(String causeId, String why) {
        Event failure = selection.event();
        if (selection.importing()) {
            message.set("The trace is still being imported: pin the cause once it is stored.");
            return;
        }
        if (failure == null || !canPin()) {
            message.set("Nothing to pin: select a failure in an open trace first.");
            return;
        }
        String traceId = selection.traceId();
        if (!writes.mayWrite(traceId, "The note")) {
            return;
        }
        String reviewer = reviewer();
        message.set("Pinning " + causeId + " as the why of " + failure.id() + "…");
        executor.execute("pin-cause", progress -> {
            Path dir = bundles.directoryFor(traceId);
            Event note = CauseNotes.pin(dir, failure.id(), causeId, reviewer, why, clock);
            bundles.reimport(dir, progress);
            return new Pinned(note, dir, reloads.load(traceId));
        }, pinned -> {
            reloads.showAppended(traceId, pinned.reloaded(), failure.run(), failure.id());
            writes.written("Note " + pinned.note().id(), pinned.dir());
            message.set("Pinned " + causeId + " as the why of " + failure.id() + ": note " + pinned.note().id() + " written to " + pinned.dir());
        }, error -> message.set("Could not pin the cause: " + WorkbenchViewModel.message(error)));
    }

    private record Pinned(Event note, Path dir, OpenedTrace reloaded) {
    }

    /** What the last pin did, for the status bar. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }
}
