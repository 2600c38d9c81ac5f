package dev.forkline.views.viewmodel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.decision.AlteredTraceAcknowledgement;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.Verdict;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

/**
 * The Decide… dialog: verdict, new arguments for a modify (JSON object), rationale (required) and owner (remembered).
 * {@link #state()} says "saved" only once the recorder returned, when the signed decision is on disk. On an altered
 * trace the owner must confirm she decides knowing it ({@link #acceptAlteredProperty()}); the decision records that.
 */
public final class DecisionFormViewModel {

    public enum State { EDITING, SAVING, SAVED, FAILED }

    private final QueueItem item;
    private final EscapeQueueViewModel queue;
    private final AlteredTraceAcknowledgement altered;
    private final BooleanProperty acceptAltered = new SimpleBooleanProperty();
    private final ObjectProperty<Verdict> verdict = new SimpleObjectProperty<>(Verdict.APPROVE);
    private final StringProperty arguments = new SimpleStringProperty("{}");
    /** For an unknown-outcome item: {@code done} or {@code failed} settles the outcome without re-firing; null leaves it open. */
    private final StringProperty treatAs = new SimpleStringProperty(null);
    private final StringProperty rationale = new SimpleStringProperty("");
    private final StringProperty owner = new SimpleStringProperty("");
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(State.EDITING);
    private final StringProperty message = new SimpleStringProperty("");
    private final BooleanBinding canSave;

    /** @param altered where the item's trace first breaks, when it is altered; null otherwise */
    DecisionFormViewModel(QueueItem item, EscapeQueueViewModel queue, String rememberedOwner, AlteredTraceAcknowledgement altered) {
        this.item = item;
        this.queue = queue;
        this.altered = altered;
        owner.set(rememberedOwner == null ? "" : rememberedOwner);
        canSave = Bindings.createBooleanBinding(() -> state.get() != State.SAVING && state.get() != State.SAVED
                        && !rationale.get().isBlank() && !owner.get().isBlank() && (altered == null || acceptAltered.get()),
                state, rationale, owner, acceptAltered);
    }

    /** Where the item's trace first breaks when it is altered (the form then asks for confirmation), else null. */
    public AlteredTraceAcknowledgement altered() {
        return altered;
    }

    /** What the form says about an altered trace, or null when the trace is not altered. */
    public String alteredWarning() {
        if (altered == null) {
            return null;
        }
        return "This trace is altered: event " + altered.firstBadEvent() + (altered.line() > 0 ? " (line " + altered.line() + ")" : "")
                + " does not match what was recorded (" + altered.problems() + (altered.problems() == 1 ? " problem" : " problems") + ")"
                + (altered.subjectAfterBreak() ? ", and " + item.eventId() + " comes after it" : "")
                + ". Decide only after examining it: the signed decision records that you saw the trace as altered.";
    }

    /** The owner's confirmation that she decides knowing the trace is altered; saving needs it on an altered trace. */
    public BooleanProperty acceptAlteredProperty() {
        return acceptAltered;
    }

    public QueueItem item() {
        return item;
    }

    /**
     * Builds the decision from the form.
     *
     * @throws IllegalArgumentException with a message for the person deciding (missing rationale, bad owner name, bad JSON)
     */
    public Decision decision() {
        ObjectNode newArguments = null;
        if (verdict.get() == Verdict.MODIFY) {
            JsonNode parsed;
            try {
                parsed = Json.MAPPER.readTree(arguments.get());
            } catch (JsonProcessingException e) {
                throw new IllegalArgumentException("the new arguments are not valid JSON: " + e.getOriginalMessage());
            }
            if (!(parsed instanceof ObjectNode object)) {
                throw new IllegalArgumentException("the new arguments must be a JSON object");
            }
            newArguments = object;
        }
        Decision decision = new Decision(item.eventId(), verdict.get(), owner.get().strip(), rationale.get().strip(), newArguments, treatAs.get());
        if (altered != null) {
            if (!acceptAltered.get()) {
                throw new IllegalArgumentException("this trace is altered: confirm that you decide knowing it");
            }
            decision = decision.acknowledgingAltered(altered);
        }
        return decision;
    }

    /** Records the decision in the background; the state turns SAVED when it is durable, FAILED with the reason otherwise. */
    public void save() {
        Decision decision;
        try {
            decision = decision();
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        state.set(State.SAVING);
        message.set("Saving…");
        queue.record(item, decision, recorded -> {
            state.set(State.SAVED);
            message.set("Saved: " + recorded.id() + " in " + recorded.run() + ", " + decision.verdict().wireName() + " signed by "
                    + decision.owner() + " (on disk)");
        }, error -> fail(WorkbenchViewModel.message(error)));
    }

    private void fail(String reason) {
        state.set(State.FAILED);
        message.set(reason);
    }

    public ObjectProperty<Verdict> verdictProperty() {
        return verdict;
    }

    public StringProperty argumentsProperty() {
        return arguments;
    }

    /** Whether the item is an external effect whose outcome is unknown, so the form offers to settle it. */
    public boolean settlesAnOutcome() {
        return item.kind() == QueueItem.Kind.UNKNOWN_OUTCOME;
    }

    public StringProperty treatAsProperty() {
        return treatAs;
    }

    public StringProperty rationaleProperty() {
        return rationale;
    }

    public StringProperty ownerProperty() {
        return owner;
    }

    public ReadOnlyObjectProperty<State> stateProperty() {
        return state.getReadOnlyProperty();
    }

    public State state() {
        return state.get();
    }

    public StringProperty messageProperty() {
        return message;
    }

    public BooleanBinding canSaveProperty() {
        return canSave;
    }
}
