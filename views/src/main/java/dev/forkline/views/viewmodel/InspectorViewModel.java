package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.views.inspector.EventDescriber;
import dev.forkline.views.inspector.EventDetails;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

import java.util.List;

/** What the inspector shows: the selected event rendered by type. */
public final class InspectorViewModel {

    private final ReadOnlyObjectWrapper<EventDetails> details = new ReadOnlyObjectWrapper<>(EventDetails.NONE);

    private final javafx.beans.property.ObjectProperty<TrustedKeys> trustedKeys =
            new javafx.beans.property.SimpleObjectProperty<>(TrustedKeys.none());

    public void show(Event event, List<Event> runEvents, BlobSource blobs) {
        show(event, runEvents, blobs, id -> false);
    }

    /** @param knownEvents whether an id names an event of the whole trace (decision subjects may be in other runs) */
    public void show(Event event, List<Event> runEvents, BlobSource blobs, java.util.function.Predicate<String> knownEvents) {
        details.set(event == null ? EventDetails.NONE
                : new EventDescriber(blobs, trustedKeys.get(), knownEvents).describe(event, runEvents));
    }

    /** The keys that make decision signatures trusted (the local key ring); none by default. */
    public javafx.beans.property.ObjectProperty<TrustedKeys> trustedKeysProperty() {
        return trustedKeys;
    }

    public ReadOnlyObjectProperty<EventDetails> detailsProperty() {
        return details.getReadOnlyProperty();
    }

    public EventDetails details() {
        return details.get();
    }
}
