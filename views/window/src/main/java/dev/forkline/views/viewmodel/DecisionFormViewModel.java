package dev.forkline.views.viewmodel;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.decision.AlteredTraceAcknowledgement;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.KeyProtection;
import dev.forkline.trace.decision.OwnerKeyUnavailableException;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.Verdict;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.nio.file.Path;
import java.util.EnumSet;
import java.util.Set;

/**
 * The Decide… form, in two steps. Editing: a verdict (none chosen at first), the new arguments only for a modify, the
 * outcome only for an unknown-outcome effect and a verdict that settles it, the rationale (required) and the owner, one
 * whose key was set up (never a free name). {@link #review()} then shows a summary of the irreversible signed write —
 * what, by whom, with which key, into which file — and {@link #confirm(char[])} records it, unlocking the owner's key with
 * her passphrase when this window has not yet. {@link #state()} says "saved" only once the decision is on disk. On an
 * altered trace the owner must confirm she decides knowing it ({@link #acceptAlteredProperty()}).
 */
public final class DecisionFormViewModel {

    public enum State { EDITING, SAVING, SAVED, FAILED }

    /** The verdicts that may settle an unknown outcome ({@code treatAs}). */
    private static final Set<Verdict> SETTLING = EnumSet.of(Verdict.APPROVE, Verdict.DENY, Verdict.MODIFY);

    private final QueueItem item;
    private final EscapeQueueViewModel queue;
    private final AlteredTraceAcknowledgement altered;
    private final BooleanProperty acceptAltered = new SimpleBooleanProperty();
    private final ObjectProperty<Verdict> verdict = new SimpleObjectProperty<>(null);
    private final StringProperty arguments = new SimpleStringProperty("{}");
    /** For an unknown-outcome item: {@code done} or {@code failed} settles the outcome without re-firing; null leaves it open. */
    private final StringProperty treatAs = new SimpleStringProperty(null);
    private final StringProperty rationale = new SimpleStringProperty("");
    private final StringProperty owner = new SimpleStringProperty("");
    private final BooleanProperty writeToCopy = new SimpleBooleanProperty();
    private final ReadOnlyBooleanWrapper reviewing = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<State> state = new ReadOnlyObjectWrapper<>(State.EDITING);
    private final StringProperty message = new SimpleStringProperty("");
    private final BooleanBinding canReview;
    private final BooleanBinding showsArguments;
    private final BooleanBinding showsOutcome;
    private final StringBinding actionLabel;

    /** @param altered where the item's trace first breaks, when it is altered; null otherwise */
    DecisionFormViewModel(QueueItem item, EscapeQueueViewModel queue, String rememberedOwner, AlteredTraceAcknowledgement altered) {
        this.item = item;
        this.queue = queue;
        this.altered = altered;
        owner.set(rememberedOwner == null ? "" : rememberedOwner);
        canReview = Bindings.createBooleanBinding(() -> state.get() != State.SAVING && state.get() != State.SAVED && verdict.get() != null
                        && !rationale.get().isBlank() && queue.owners().contains(owner.get()) && (altered == null || acceptAltered.get()),
                state, verdict, rationale, owner, acceptAltered, queue.owners());
        showsArguments = verdict.isEqualTo(Verdict.MODIFY);
        showsOutcome = Bindings.createBooleanBinding(() -> settlesAnOutcome() && SETTLING.contains(verdict.get()), verdict);
        actionLabel = Bindings.createStringBinding(() -> verdict.get() == null ? "Choose a verdict" : signLabel(verdict.get()), verdict);
        verdict.addListener((obs, old, now) -> {
            if (!SETTLING.contains(now)) {
                treatAs.set(null); // escalate and terminate settle nothing
            }
        });
    }

    /** "Approve and sign", "Deny and sign", …: what the button does, named after the verdict. */
    public static String signLabel(Verdict verdict) {
        return switch (verdict) {
            case APPROVE -> "Approve and sign";
            case DENY -> "Deny and sign";
            case MODIFY -> "Approve with new arguments and sign";
            case ESCALATE -> "Escalate and sign";
            case TERMINATE -> "Terminate the run and sign";
        };
    }

    /** What each verdict means, for the verdict list. */
    public static String describe(Verdict verdict) {
        return switch (verdict) {
            case APPROVE -> "Approve: allow it";
            case DENY -> "Deny: refuse it";
            case MODIFY -> "Modify: allow it with new arguments";
            case ESCALATE -> "Escalate: hand it to someone else (it stays in the queue)";
            case TERMINATE -> "Terminate: stop the run";
        };
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
     * @throws IllegalArgumentException with a message for the person deciding (no verdict, missing rationale, an owner
     *                                  without a key, bad JSON)
     */
    public Decision decision() {
        if (!queue.canDecide()) {
            throw new IllegalArgumentException(EscapeQueueViewModel.NO_KEY_RING);
        }
        if (verdict.get() == null) {
            throw new IllegalArgumentException("choose a verdict");
        }
        String who = owner.get() == null ? "" : owner.get().strip();
        if (!queue.owners().contains(who)) {
            throw new IllegalArgumentException(who.isEmpty() ? "choose the owner who decides (set up a key first if there is none)"
                    : "no key is set up for '" + who + "': set one up (Set up a key…, or forkline keys init --owner " + who + ")");
        }
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
        Decision decision = new Decision(item.eventId(), verdict.get(), who, rationale.get().strip(), newArguments,
                showsOutcome.get() ? treatAs.get() : null);
        if (altered != null) {
            if (!acceptAltered.get()) {
                throw new IllegalArgumentException("this trace is altered: confirm that you decide knowing it");
            }
            decision = decision.acknowledgingAltered(altered);
        }
        return decision;
    }

    /** Checks the form and shows the summary to confirm; on a problem the state turns FAILED with the reason. */
    public void review() {
        Decision decision;
        try {
            decision = decision();
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        if (queue.protection(decision.owner()) == KeyProtection.UNPROTECTED) {
            fail("The key of " + decision.owner() + " is not protected by a passphrase: any program running as you, an agent included, "
                    + "could sign with it. Protect it first (Protect the key…, or forkline keys protect --owner " + decision.owner() + ").");
            return;
        }
        writeToCopy.set(false);
        summary.set(summarize(decision));
        state.set(State.EDITING);
        message.set("");
        reviewing.set(true);
    }

    /** Back from the summary to the form. */
    public void back() {
        if (state.get() != State.SAVING && state.get() != State.SAVED) {
            reviewing.set(false);
            state.set(State.EDITING);
            message.set("");
        }
    }

    /** Whether the confirm step needs the owner's passphrase (her key is not unlocked in this window yet). */
    public boolean needsPassphrase() {
        return !queue.isUnlocked(owner.get());
    }

    /** Whether this would be the first write into a bundle the reviewer opened: the summary then offers a copy instead. */
    public boolean offersCopy() {
        return queue.writes() != null && queue.writes().needsAsking(item.traceId());
    }

    /** Send this and later writes of the trace to Forkline's copy instead of the reviewer's bundle (offered once). */
    public BooleanProperty writeToCopyProperty() {
        return writeToCopy;
    }

    /**
     * Records the reviewed decision in the background, signed with the owner's key (unlocked with {@code passphrase}, which
     * is cleared, unless this window unlocked it already). The state turns SAVED when it is durable, FAILED with the
     * reason otherwise (a wrong passphrase leaves the summary up to try again).
     */
    public void confirm(char[] passphrase) {
        if (!reviewing.get()) {
            fail("review the decision before signing it");
            return;
        }
        Decision decision;
        try {
            decision = decision();
        } catch (IllegalArgumentException e) {
            fail(e.getMessage());
            return;
        }
        if (needsPassphrase() && (passphrase == null || passphrase.length == 0)) {
            fail("Type the passphrase of " + decision.owner() + "'s key to sign");
            return;
        }
        if (offersCopy()) {
            queue.writes().settle(item.traceId(), writeToCopy.get() ? BundleWrites.Choice.WRITE_TO_COPY : BundleWrites.Choice.WRITE_TO_BUNDLE);
        }
        state.set(State.SAVING);
        message.set("Signing and saving…");
        queue.record(item, decision, passphrase, recorded -> {
            state.set(State.SAVED);
            Path file = queue.writes() == null ? null : queue.writes().target(item.traceId());
            message.set("Saved: " + recorded.id() + " in " + recorded.run() + ", " + decision.verdict().wireName() + " signed by "
                    + decision.owner() + " (on disk" + (file == null ? "" : ", " + file) + ")");
        }, error -> fail(error instanceof OwnerKeyUnavailableException unavailable
                && unavailable.reason() == OwnerKeyUnavailableException.Reason.WRONG_PASSPHRASE
                ? "That passphrase does not unlock " + decision.owner() + "'s key: nothing was written. Try again. (If it worked "
                        + "before, the key file has been replaced: see docs/decisions.md, threat model.)"
                : WorkbenchViewModel.message(error)));
    }

    private String summarize(Decision decision) {
        StringBuilder s = new StringBuilder();
        s.append(signLabel(decision.verdict()).replace(" and sign", "")).append(' ').append(item.kind().wireName()).append(' ')
                .append(item.eventId()).append(": ").append(item.summary()).append('\n');
        s.append("Trace ").append(item.traceId()).append(", run ").append(item.run()).append('\n');
        if (decision.arguments() != null) {
            s.append("New arguments: ").append(decision.arguments()).append('\n');
        }
        if (decision.treatAs() != null) {
            s.append("Outcome settled as: ").append(decision.treatAs()).append(" (a replay goes on without re-firing it)\n");
        }
        s.append("Rationale: ").append(decision.rationale()).append('\n');
        String fingerprint = queue.fingerprint(decision.owner());
        s.append("Signed by ").append(decision.owner()).append(" with the key ")
                .append(fingerprint == null ? "(unreadable)" : fingerprint.substring(0, Math.min(fingerprint.length(), 23)) + "…").append('\n');
        if (decision.acknowledgedAltered() != null) {
            s.append("Records that you saw the trace as altered (first bad event ").append(decision.acknowledgedAltered().firstBadEvent()).append(")\n");
        }
        BundleWrites writes = queue.writes();
        Path target = writes == null ? null : writes.target(item.traceId());
        if (target != null) {
            s.append("Written to: ").append(target).append(writes.intoReviewersBundle(item.traceId()) ? " (the bundle you opened)" : " (Forkline's copy)")
                    .append('\n');
        }
        s.append("This cannot be undone: a signed decision is never edited or removed; a later decision can only supersede it.");
        return s.toString();
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

    /** Whether the item is an external effect whose outcome is unknown, so the form may offer to settle it. */
    public boolean settlesAnOutcome() {
        return item.kind() == QueueItem.Kind.UNKNOWN_OUTCOME;
    }

    /** Whether the new-arguments field applies: only for a modify. */
    public BooleanBinding showsArgumentsProperty() {
        return showsArguments;
    }

    /** Whether the outcome choice applies: an unknown-outcome item and a verdict that can settle it. */
    public BooleanBinding showsOutcomeProperty() {
        return showsOutcome;
    }

    /** The review button's label: "Choose a verdict" until one is chosen, then "Deny and sign…" etc. */
    public StringBinding actionLabelProperty() {
        return actionLabel;
    }

    public StringProperty treatAsProperty() {
        return treatAs;
    }

    public StringProperty rationaleProperty() {
        return rationale;
    }

    /** The owner who decides: one of {@link EscapeQueueViewModel#owners()} (a key set up), or empty. */
    public StringProperty ownerProperty() {
        return owner;
    }

    public ReadOnlyBooleanProperty reviewingProperty() {
        return reviewing.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
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

    /** Whether the form is complete enough to show its summary. */
    public BooleanBinding canReviewProperty() {
        return canReview;
    }

    public EscapeQueueViewModel queue() {
        return queue;
    }
}
