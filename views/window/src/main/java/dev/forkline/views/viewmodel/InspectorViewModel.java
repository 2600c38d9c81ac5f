package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.views.concurrent.LatestWins;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.inspector.EventDescriber;
import dev.forkline.views.inspector.EventDetails;
import dev.forkline.views.inspector.IntegrityDetails;
import dev.forkline.trace.verify.Problem;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleObjectProperty;

import java.util.List;

/**
 * What the inspector shows: the selected event rendered by type. Rendering reads blobs (diffs, outputs) and verifies
 * signatures, so it runs on the background executor; only the latest selection's result is shown.
 */
public final class InspectorViewModel {

    private final ReadOnlyObjectWrapper<EventDetails> details = new ReadOnlyObjectWrapper<>(EventDetails.NONE);
    private final ObjectProperty<TrustedKeys> trustedKeys = new SimpleObjectProperty<>(TrustedKeys.none());
    private final LatestWins latest;

    public InspectorViewModel(TaskExecutor executor) {
        this.latest = new LatestWins(executor);
    }

    /** @param run the event's run (a tool call's result is looked up there; decision subjects anywhere in its trace) */
    public void show(Event event, RunEvents run, BlobSource blobs) {
        show(event, run, blobs, List.of());
    }

    /**
     * As {@link #show(Event, RunEvents, BlobSource)}, saying first what about the event does not match when its integrity
     * check found problems.
     */
    public void show(Event event, RunEvents run, BlobSource blobs, List<Problem> integrityProblems) {
        if (event == null) {
            latest.cancel("describe-event");
            details.set(EventDetails.NONE);
            return;
        }
        TrustedKeys keys = trustedKeys.get();
        List<Problem> problems = List.copyOf(integrityProblems);
        latest.execute("describe-event", progress -> IntegrityDetails.withProblems(new EventDescriber(blobs, keys).describe(event, run),
                problems), details::set, failure -> details.set(new EventDetails("Could not show " + event.id(),
                String.valueOf(failure.getMessage()), EventDetails.Tone.DANGER, List.of())));
    }

    /** The keys that make decision signatures trusted (the local key ring); none by default. */
    public ObjectProperty<TrustedKeys> trustedKeysProperty() {
        return trustedKeys;
    }

    public ReadOnlyObjectProperty<EventDetails> detailsProperty() {
        return details.getReadOnlyProperty();
    }

    public EventDetails details() {
        return details.get();
    }
}
