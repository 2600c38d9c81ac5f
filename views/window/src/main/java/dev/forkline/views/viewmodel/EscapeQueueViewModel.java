package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.decision.AlteredTraceAcknowledgement;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.EscapeQueue;
import dev.forkline.trace.decision.KeyProtection;
import dev.forkline.trace.decision.OwnerKey;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.Owners;
import dev.forkline.trace.decision.QueueItem;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.integrity.IntegrityVerdict;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.views.concurrent.LatestWins;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.data.TraceSummary;
import dev.forkline.views.data.WritableBundles;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.IntegerBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The escape queue across the library (approval requests, escape attempts, external effects of unknown outcome that no
 * trusted decision settles), newest first, and recording a signed decision about one of them. An item of an altered
 * trace carries what its decision form must show and, once the owner confirms, record: where the trace first breaks.
 * <p>
 * Its badge counts what waits in the open trace when one is open (and says so), across the library otherwise; the
 * queue names each item's trace by its title.
 */
public final class EscapeQueueViewModel {

    public static final String NO_KEY_RING = "decisions are not set up in this window (no key ring)";

    private final TaskExecutor executor;
    private final LatestWins latest;
    private final TraceSelection selection;
    private final TraceReloads reloads;
    private final ObjectProperty<TrustedKeys> trustedKeys;
    private final TraceLibrary library;
    private final WritableBundles bundles;
    private final BundleWrites writes;
    private final OwnerKeys ownerKeys;
    /** Keys unlocked with their passphrase in this window, kept in memory until it closes (as an ssh agent does). */
    private final Map<String, OwnerKey> unlocked = new java.util.concurrent.ConcurrentHashMap<>();
    private final ObservableList<String> owners = FXCollections.observableArrayList();
    private final Settings settings;
    private final TrustedKeys launchTrusted;
    private final ObservableList<QueueItem> items = FXCollections.observableArrayList();
    /** For the items of altered traces: what the owner is shown and, deciding anyway, acknowledges. */
    private Map<QueueItem, AlteredTraceAcknowledgement> altered = Map.of();
    /** Trace titles by id, for the traces listed when the queue was last read. */
    private Map<String, String> titles = Map.of();
    private final ReadOnlyIntegerWrapper count = new ReadOnlyIntegerWrapper();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper();
    private final IntegerBinding openTraceCount;
    private final StringBinding badge;

    /**
     * @param trustedKeys the keys trusted now, read by every check; the owner's own key joins them after a decision
     */
    EscapeQueueViewModel(TaskExecutor executor, TraceSelection selection, TraceReloads reloads, ObjectProperty<TrustedKeys> trustedKeys,
                         TraceLibrary library, WritableBundles bundles,
                         BundleWrites writes, OwnerKeys ownerKeys, Settings settings, TrustedKeys launchTrusted) {
        this.executor = executor;
        this.latest = new LatestWins(executor);
        this.selection = selection;
        this.reloads = reloads;
        this.trustedKeys = trustedKeys;
        this.library = library;
        this.bundles = bundles;
        this.writes = writes;
        this.ownerKeys = ownerKeys;
        this.settings = settings;
        this.launchTrusted = launchTrusted;
        openTraceCount = Bindings.createIntegerBinding(() -> {
            String open = selection.traceId();
            return open == null ? items.size() : (int) items.stream().filter(item -> open.equals(item.traceId())).count();
        }, items, selection.traceProperty());
        badge = Bindings.createStringBinding(() -> selection.traceId() == null
                ? "Escape queue  " + count.get()
                : "Escape queue · this trace  " + openTraceCount.get(), count, openTraceCount, selection.traceProperty());
        reloadOwners();
    }

    /**
     * Reads the stored traces that can hold an item ({@link TraceLibrary#listQueueCandidates}) in the background, one at
     * a time, and lists what waits for a decision that a trusted key signed.
     */
    public void refresh() {
        TrustedKeys trusted = trustedKeys.get();
        loading.set(true);
        latest.execute("escape-queue", progress -> {
            List<QueueItem> found = new ArrayList<>();
            Map<QueueItem, AlteredTraceAcknowledgement> notices = new HashMap<>();
            Map<String, String> traceTitles = new HashMap<>();
            for (TraceSummary summary : library.listQueueCandidates()) {
                readPending(summary, trusted, found, notices, traceTitles);
            }
            return new Found(EscapeQueue.newestFirst(found), notices, traceTitles);
        }, result -> {
            List<QueueItem> found = result.items();
            altered = Map.copyOf(result.altered());
            titles = Map.copyOf(result.titles());
            items.setAll(found);
            count.set(found.size());
            error.set(null);
            loading.set(false);
        }, failure -> {
            error.set("Could not read the escape queue: " + WorkbenchViewModel.message(failure));
            loading.set(false);
        });
    }

    private record Found(List<QueueItem> items, Map<QueueItem, AlteredTraceAcknowledgement> altered, Map<String, String> titles) {
    }

    private void readPending(TraceSummary summary, TrustedKeys trusted, List<QueueItem> found,
                             Map<QueueItem, AlteredTraceAcknowledgement> notices, Map<String, String> traceTitles) throws Exception {
        traceTitles.put(summary.traceId(), summary.title());
        Bundle trace = library.load(summary.traceId());
        try {
            List<QueueItem> pending = EscapeQueue.pending(trace, trusted);
            found.addAll(pending);
            if (summary.integrity().altered() && !pending.isEmpty()) {
                notices.putAll(notices(summary.traceId(), trace, pending));
            }
        } finally {
            closeQuietly(trace);
        }
    }

    /**
     * Reads only these traces again (they grew: a live session filed a request, another process recorded a decision)
     * and puts what waits in them in place of their items; the rest of the queue stays as it was read.
     */
    public void refreshTraces(java.util.Collection<TraceSummary> changed) {
        if (changed.isEmpty()) {
            return;
        }
        TrustedKeys trusted = trustedKeys.get();
        List<TraceSummary> traces = List.copyOf(changed);
        executor.execute("escape-queue-traces", progress -> {
            List<QueueItem> found = new ArrayList<>();
            Map<QueueItem, AlteredTraceAcknowledgement> notices = new HashMap<>();
            Map<String, String> traceTitles = new HashMap<>();
            for (TraceSummary summary : traces) {
                readPending(summary, trusted, found, notices, traceTitles);
            }
            return new Found(found, notices, traceTitles);
        }, result -> {
            java.util.Set<String> reread = new java.util.HashSet<>();
            traces.forEach(summary -> reread.add(summary.traceId()));
            List<QueueItem> merged = new ArrayList<>(items.stream().filter(item -> !reread.contains(item.traceId())).toList());
            merged.addAll(result.items());
            Map<QueueItem, AlteredTraceAcknowledgement> notices = new HashMap<>(altered);
            notices.keySet().removeIf(item -> reread.contains(item.traceId()));
            notices.putAll(result.altered());
            altered = Map.copyOf(notices);
            Map<String, String> traceTitles = new HashMap<>(titles);
            traceTitles.putAll(result.titles());
            titles = Map.copyOf(traceTitles);
            List<QueueItem> newest = EscapeQueue.newestFirst(merged);
            if (!newest.equals(items)) {
                items.setAll(newest);
            }
            count.set(newest.size());
        }, failure -> error.set("Could not read the escape queue: " + WorkbenchViewModel.message(failure)));
    }

    /** The title of an item's trace, as the library lists it; the id when the library had none. */
    public String traceTitle(QueueItem item) {
        String title = titles.get(item.traceId());
        return title == null || title.isBlank() ? item.traceId() : title;
    }

    /** What deciding each pending item of an altered trace acknowledges: the trace's first break, and whether it precedes the item. */
    private Map<QueueItem, AlteredTraceAcknowledgement> notices(String traceId, Bundle trace, List<QueueItem> pending) throws IOException {
        TraceIntegrity integrity = library.integrity(traceId).orElse(null);
        if (integrity == null || !integrity.verdict().altered()) {
            return Map.of();
        }
        IntegrityVerdict verdict = integrity.verdict();
        TraceIndex index = TraceIndex.of(trace.events());
        Map<QueueItem, AlteredTraceAcknowledgement> notices = new HashMap<>();
        for (QueueItem item : pending) {
            notices.put(item, new AlteredTraceAcknowledgement(verdict.eventId(), verdict.line(), verdict.problems(),
                    integrity.breakPrecedes(item.eventId(), index)));
        }
        return notices;
    }

    private void closeQuietly(Bundle trace) {
        // the in-memory library hands out the bundles it keeps: closing one would close its blobs for later loads
        if (!(library instanceof dev.forkline.views.data.InMemoryTraceLibrary)) {
            try {
                trace.close();
            } catch (IOException ignored) {
                // read-only bundles; nothing to lose
            }
        }
    }

    /** Opens the item's trace with the cursor on its event. */
    public void open(QueueItem item) {
        reloads.openAt(item.traceId(), item.run(), item.eventId());
    }

    /**
     * A form for deciding about this item, with the owner name used last; for an item of an altered trace, the form asks
     * the owner to confirm she decides knowing it.
     */
    public DecisionFormViewModel decide(QueueItem item) {
        reloadOwners();
        String remembered = settings.get(Settings.OWNER).filter(owners::contains).orElse(owners.size() == 1 ? owners.getFirst() : "");
        return new DecisionFormViewModel(item, this, remembered, altered.get(item));
    }

    public boolean canDecide() {
        return ownerKeys != null && bundles != null;
    }

    // --- owner keys -----------------------------------------------------------------------------------------------

    /** The owners with a key set up in the key ring (protected or not), by name. */
    public ObservableList<String> owners() {
        return owners;
    }

    /** Reads the key ring's owners again (it is a small directory). */
    public void reloadOwners() {
        if (ownerKeys == null) {
            owners.clear();
            return;
        }
        try {
            List<String> found = ownerKeys.owners();
            if (!found.equals(owners)) {
                owners.setAll(found);
            }
        } catch (IOException e) {
            owners.clear();
        }
    }

    /** How the owner's key is kept; NONE without a key ring or a key. */
    public KeyProtection protection(String owner) {
        if (ownerKeys == null || owner == null || !Owners.isValid(owner)) {
            return KeyProtection.NONE;
        }
        try {
            return ownerKeys.protection(owner);
        } catch (IOException e) {
            return KeyProtection.NONE;
        }
    }

    /** The fingerprint of the owner's key (read without the passphrase), or null. */
    public String fingerprint(String owner) {
        try {
            return ownerKeys == null ? null : ownerKeys.publicKey(owner).fingerprint();
        } catch (IOException | IllegalArgumentException e) {
            return null;
        }
    }

    /** Whether the owner's key was unlocked in this window already (no passphrase needed again until it closes). */
    public boolean isUnlocked(String owner) {
        return owner != null && unlocked.containsKey(owner);
    }

    /** Forgets every unlocked key: the next decision asks for the passphrase again. */
    public void lockKeys() {
        unlocked.clear();
    }

    /**
     * Sets up a new key for {@code owner}, protected by {@code passphrase} (cleared afterwards), in the background; it is
     * then unlocked in this window and listed among the owners.
     */
    public void setUpKey(String owner, char[] passphrase, Consumer<String> done, Consumer<Throwable> failed) {
        if (ownerKeys == null) {
            failed.accept(new IllegalStateException(NO_KEY_RING));
            return;
        }
        executor.execute("set-up-owner-key", work -> {
            try {
                return ownerKeys.create(owner, passphrase);
            } finally {
                java.util.Arrays.fill(passphrase, '\0');
            }
        }, key -> {
            unlocked.put(key.owner(), key);
            reloadOwners();
            done.accept(key.fingerprint());
        }, failed);
    }

    /** Protects an owner's unprotected key (written by an older Forkline) with {@code passphrase}, in the background. */
    public void protectKey(String owner, char[] passphrase, Consumer<String> done, Consumer<Throwable> failed) {
        if (ownerKeys == null) {
            failed.accept(new IllegalStateException(NO_KEY_RING));
            return;
        }
        executor.execute("protect-owner-key", work -> {
            try {
                return ownerKeys.protect(owner, passphrase);
            } finally {
                java.util.Arrays.fill(passphrase, '\0');
            }
        }, key -> {
            unlocked.put(key.owner(), key);
            done.accept(key.fingerprint());
        }, failed);
    }

    /** Where the window writes: the reviewer's say about her bundles, and the status bar's last write. */
    public BundleWrites writes() {
        return writes;
    }

    /**
     * Records the decision in the trace's bundle directory, signed with the owner's key (unlocked with
     * {@code passphrase} unless it already is; the passphrase is cleared), stores the trace again and refreshes the queue.
     */
    void record(QueueItem item, Decision decision, char[] passphrase, Consumer<Event> saved, Consumer<Throwable> failed) {
        if (!canDecide()) {
            failed.accept(new IllegalStateException(NO_KEY_RING));
            return;
        }
        settings.put(Settings.OWNER, decision.owner());
        String traceId = item.traceId();
        executor.execute("record-decision", progress -> {
            OwnerKey key = unlocked.get(decision.owner());
            if (key == null) {
                try {
                    key = ownerKeys.unlock(decision.owner(), passphrase == null ? new char[0] : passphrase);
                } finally {
                    if (passphrase != null) {
                        java.util.Arrays.fill(passphrase, '\0');
                    }
                }
                unlocked.put(key.owner(), key);
            }
            Path dir = bundles.directoryFor(traceId);
            Event recorded = new DecisionRecorder(key).record(dir, decision, DecisionRecorder.OnAlteredTrace.REFUSE,
                    signed -> library.recordDecision(traceId, signed));
            TrustedKeys trusted = launchTrusted.and(ownerKeys.trustedKeys());
            bundles.reimport(dir, progress);
            OpenedTrace reloaded = selection.isOpen(traceId) ? reloads.load(traceId) : null;
            return new Recorded(recorded, trusted, reloaded, dir);
        }, done -> {
            trustedKeys.set(done.trusted());
            writes.written("Decision " + done.event().id(), done.directory());
            saved.accept(done.event());
            if (done.reloaded() != null) {
                reloads.showAppended(traceId, done.reloaded(), done.event().run(), done.event().id());
            }
            refresh();
        }, failed);
    }

    private record Recorded(Event event, TrustedKeys trusted, OpenedTrace reloaded, Path directory) {
    }

    public ObservableList<QueueItem> items() {
        return items;
    }

    /** What waits across the library. */
    public ReadOnlyIntegerProperty countProperty() {
        return count.getReadOnlyProperty();
    }

    /** What waits in the open trace; across the library while none is open. */
    public IntegerBinding openTraceCountProperty() {
        return openTraceCount;
    }

    /** The badge's text: scoped to the open trace when one is open, and saying so. */
    public StringBinding badgeProperty() {
        return badge;
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
