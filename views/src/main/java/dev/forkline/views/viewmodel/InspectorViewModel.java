package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.views.inspector.EventDescriber;
import dev.forkline.views.inspector.EventDetails;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;

import java.util.List;

/** What the inspector shows: the selected event rendered by type. */
public final class InspectorViewModel {

    private final ReadOnlyObjectWrapper<EventDetails> details = new ReadOnlyObjectWrapper<>(EventDetails.NONE);

    public void show(Event event, List<Event> runEvents, BlobSource blobs) {
        details.set(event == null ? EventDetails.NONE : new EventDescriber(blobs).describe(event, runEvents));
    }

    public ReadOnlyObjectProperty<EventDetails> detailsProperty() {
        return details.getReadOnlyProperty();
    }

    public EventDetails details() {
        return details.get();
    }
}
