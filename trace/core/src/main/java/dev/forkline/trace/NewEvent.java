package dev.forkline.trace;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** An event not yet placed in a chain: {@link EventChain#append} gives it its seq, prev and hash. */
public final class NewEvent {

    final String run;
    final String actor;
    final String type;
    String id;
    Instant ts;
    final List<String> causes = new ArrayList<>();
    final List<StateKind> state = new ArrayList<>();
    ObjectNode data = Json.object();

    private NewEvent(String run, String actor, String type) {
        this.run = run;
        this.actor = actor;
        this.type = type;
    }

    public static NewEvent of(String run, String actor, EventType type) {
        return new NewEvent(run, actor, type.wireName());
    }

    /** For importers that meet a record type Forkline does not know: the original type string is kept. */
    public static NewEvent ofRawType(String run, String actor, String type) {
        return new NewEvent(run, actor, type);
    }

    public NewEvent id(String eventId) {
        this.id = eventId;
        return this;
    }

    public NewEvent at(Instant when) {
        this.ts = when;
        return this;
    }

    public NewEvent causes(String... eventIds) {
        causes.addAll(List.of(eventIds));
        return this;
    }

    public NewEvent causes(List<String> eventIds) {
        causes.addAll(eventIds);
        return this;
    }

    public NewEvent touches(StateKind... kinds) {
        state.addAll(List.of(kinds));
        return this;
    }

    public NewEvent touches(List<StateKind> kinds) {
        state.addAll(kinds);
        return this;
    }

    public NewEvent data(ObjectNode payload) {
        this.data = payload;
        return this;
    }

    public ObjectNode data() {
        return data;
    }
}
