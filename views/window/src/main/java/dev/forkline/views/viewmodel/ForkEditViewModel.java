package dev.forkline.views.viewmodel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.replay.engine.EventEdit;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.ToolCallData;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Fork with edit… dialog: the selected event's data as JSON to change (for a tool call, its arguments and the
 * argv it ran), or "drop this step". The JSON is merged into the event's data, as {@code forkline replay --edit} does.
 */
public final class ForkEditViewModel {

    /** The form no longer fits what the window shows. */
    public static final String SELECTION_MOVED = "Another trace or run is shown now: open Fork with edit… again on the event to edit";

    private final Event event;
    private final String traceId;
    private final String run;
    private final ReplayViewModel replay;
    private final StringProperty json = new SimpleStringProperty();
    private final BooleanProperty drop = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper();

    /** @param traceId the open trace and {@code run} the run shown when the form was made: the fork edits that run */
    ForkEditViewModel(Event event, String traceId, String run, ReplayViewModel replay) {
        this.event = event;
        this.traceId = traceId;
        this.run = run;
        this.replay = replay;
        json.set(initialPatch(event).toPrettyString());
    }

    /** For a tool call: {@code {"arguments":..., "exec":{"argv":[...]}}}; for anything else its whole data. */
    static ObjectNode initialPatch(Event event) {
        ObjectNode patch = Json.object();
        if (event.is(EventType.TOOL_CALL)) {
            JsonNode arguments = event.data().get(ToolCallData.ARGUMENTS);
            patch.set(ToolCallData.ARGUMENTS, arguments == null ? Json.object() : arguments.deepCopy());
            JsonNode argv = event.data().path(ToolCallData.EXEC).get(ToolCallData.EXEC_ARGV);
            if (argv != null) {
                patch.putObject(ToolCallData.EXEC).set(ToolCallData.EXEC_ARGV, argv.deepCopy());
            }
            return patch;
        }
        return event.data().deepCopy();
    }

    public Event event() {
        return event;
    }

    /**
     * The edit the form describes.
     *
     * @throws IllegalArgumentException when the JSON is not an object, or it changes nothing
     */
    public EventEdit edit() {
        if (drop.get()) {
            return EventEdit.drop(event.id());
        }
        JsonNode parsed;
        try {
            parsed = Json.MAPPER.readTree(json.get());
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException(JsonProblem.describe(e));
        }
        if (!(parsed instanceof ObjectNode patch)) {
            throw new IllegalArgumentException("the edit must be a JSON object merged into the event's data");
        }
        EventEdit edit = EventEdit.merge(event.id(), patch);
        if (edit.applyTo(event.data()).equals(event.data())) {
            throw new IllegalArgumentException("the edit changes nothing: change the arguments or argv, or drop the step");
        }
        return edit;
    }

    /** The trace the edited event belongs to. */
    public String traceId() {
        return traceId;
    }

    /**
     * Starts the fork; false (with {@link #problemProperty()} set) when the form is not a valid edit, or the window shows
     * another trace or run than the one the form was made for.
     */
    public boolean submit() {
        if (!replay.stillShows(traceId, run)) {
            problem.set(SELECTION_MOVED);
            return false;
        }
        EventEdit edit;
        try {
            edit = edit();
        } catch (IllegalArgumentException e) {
            problem.set(e.getMessage());
            return false;
        }
        problem.set(null);
        replay.forkWithEdit(edit);
        return true;
    }

    public StringProperty jsonProperty() {
        return json;
    }

    public BooleanProperty dropProperty() {
        return drop;
    }

    /** Why the form cannot fork; null while nothing is wrong. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }
}
