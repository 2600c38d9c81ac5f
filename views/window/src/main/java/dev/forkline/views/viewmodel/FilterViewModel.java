package dev.forkline.views.viewmodel;

import dev.forkline.views.concurrent.LatestWins;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.RunEvents;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.BitSet;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.function.BooleanSupplier;
import java.util.function.IntUnaryOperator;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The filter/search bar: by type, actor, text, errors only; writes its matches to the timeline. */
public final class FilterViewModel {

    private static final Logger LOG = LoggerFactory.getLogger(FilterViewModel.class);

    private final TimelineViewModel timeline;
    private final StringProperty text = new SimpleStringProperty("");
    private final StringProperty type = new SimpleStringProperty();
    private final StringProperty actor = new SimpleStringProperty();
    private final BooleanProperty errorsOnly = new SimpleBooleanProperty();
    private final ReadOnlyIntegerWrapper matchCount = new ReadOnlyIntegerWrapper(-1);
    private final ReadOnlyBooleanWrapper searching = new ReadOnlyBooleanWrapper();
    private final ObservableList<String> types = FXCollections.observableArrayList();
    private final ObservableList<String> actors = FXCollections.observableArrayList();

    public FilterViewModel(TimelineViewModel timeline, TaskExecutor executor) {
        this.timeline = timeline;
        this.latest = new LatestWins(executor);
        for (Observable part : List.of(text, type, actor, errorsOnly)) {
            part.addListener(obs -> apply());
        }
        timeline.eventsProperty().addListener((obs, old, now) -> {
            types.setAll(distinct(now, now.columns().types(), now.columns()::typeCode));
            actors.setAll(distinct(now, now.columns().actors(), now.columns()::actorCode));
            apply();
        });
    }

    /** The names of the codes the run's events use, sorted. */
    private static List<String> distinct(RunEvents run, List<String> names, IntUnaryOperator codeAt) {
        BitSet used = new BitSet(names.size());
        for (int i = 0; i < run.size(); i++) {
            used.set(codeAt.applyAsInt(run.fileIndex(i)));
        }
        TreeSet<String> sorted = new TreeSet<>();
        used.stream().forEach(code -> sorted.add(names.get(code)));
        return List.copyOf(sorted);
    }

    public EventFilter filter() {
        return new EventFilter(text.get(), type.get(), actor.get(), errorsOnly.get());
    }

    /**
     * Searches a stored trace: the ids of matching events, or empty when it cannot (then the filter runs in memory).
     * Once {@code stopped} says so (a newer search replaced it) it may end early by throwing.
     */
    @FunctionalInterface
    public interface StoredSearch {
        Optional<List<String>> search(EventFilter filter, BooleanSupplier stopped) throws Exception;
    }

    /**
     * A text searched in the store waits this long for the next keystroke before it reads the trace: a common text's
     * search reads all of it (3-4 s for 1.5M events), so one per keystroke kept the search typed last waiting behind
     * the others.
     */
    static final long TYPING_PAUSE_MILLIS = 250;

    private StoredSearch storedSearch;
    private final LatestWins latest;
    /** Set when a newer request replaces the search it belongs to, which then stops where it is. */
    private AtomicBoolean searchReplaced = new AtomicBoolean();

    /** Uses the store's search for the open trace from now on (null: filter in memory). */
    public void useStoredSearch(StoredSearch search) {
        this.storedSearch = search;
    }

    /**
     * Type, actor and errors only are read from the columns. Free text asks the store's search when the trace came from
     * the store, else scans the events' text (read once per run). Both run off the UI thread: a big run stays responsive
     * while typing.
     */
    private void apply() {
        searchReplaced.set(true);
        AtomicBoolean replaced = new AtomicBoolean();
        searchReplaced = replaced;
        EventFilter filter = filter();
        RunEvents events = timeline.events();
        if (!filter.isActive()) {
            latest.cancel("search-events");
            show(null);
            return;
        }
        StoredSearch search = storedSearch;
        searching.set(true);
        latest.execute("search-events", progress -> {
            if (!filter.hasText()) {
                return filter.matches(events, null);
            }
            Optional<BitSet> stored = Optional.empty();
            if (search != null) {
                Thread.sleep(TYPING_PAUSE_MILLIS);
                if (replaced.get()) {
                    return new BitSet(); // a newer request replaced it while it waited: its outcome is never shown
                }
                stored = storedMatches(search, filter, events, replaced::get);
            }
            return stored.orElseGet(() -> filter.matches(events, haystacks(events)));
        }, this::show, failure -> show(new BitSet()));
    }

    /**
     * The store is asked for the text alone; type, actor and errors only are then applied from the run's columns, so a
     * combination finds exactly what each part finds (the store's own "errors only" rule differs from the run's).
     */
    private static Optional<BitSet> storedMatches(StoredSearch search, EventFilter filter, RunEvents events, BooleanSupplier replaced) {
        try {
            return search.search(new EventFilter(filter.text(), null, null, false), replaced)
                    .map(ids -> positions(events, ids))
                    .map(found -> keepPassingColumns(found, filter, events));
        } catch (Exception e) {
            if (replaced.getAsBoolean()) {
                return Optional.of(new BitSet()); // stopped for a newer request, whose outcome is the one shown
            }
            LOG.warn("the store's search failed; searching the run's events instead", e);
            return Optional.empty();
        }
    }

    private record Haystacks(RunEvents events, String[] texts) {
    }

    /** The searchable text of the run's events, built once per run (on the background thread) and then reused. */
    private volatile Haystacks haystacks;

    private String[] haystacks(RunEvents events) {
        Haystacks cached = haystacks;
        if (cached != null && cached.events() == events) {
            return cached.texts();
        }
        String[] texts = new String[events.size()];
        for (int i = 0; i < texts.length; i++) {
            texts[i] = EventFilter.haystack(events.event(i));
        }
        haystacks = new Haystacks(events, texts);
        return texts;
    }

    private static BitSet keepPassingColumns(BitSet found, EventFilter filter, RunEvents events) {
        for (int i = found.nextSetBit(0); i >= 0; i = found.nextSetBit(i + 1)) {
            if (!filter.passesColumns(events, i)) {
                found.clear(i);
            }
        }
        return found;
    }

    /** The run positions of the events the store found (it searches the whole trace: other runs' ids are left out). */
    private static BitSet positions(RunEvents events, List<String> ids) {
        BitSet matches = new BitSet(events.size());
        for (String id : ids) {
            int position = events.positionOf(id);
            if (position >= 0) {
                matches.set(position);
            }
        }
        return matches;
    }

    private void show(BitSet matches) {
        timeline.showMatches(matches);
        matchCount.set(matches == null ? -1 : matches.cardinality());
        searching.set(false);
    }

    public void clear() {
        text.set("");
        type.set(null);
        actor.set(null);
        errorsOnly.set(false);
    }

    public StringProperty textProperty() {
        return text;
    }

    public StringProperty typeProperty() {
        return type;
    }

    public StringProperty actorProperty() {
        return actor;
    }

    public BooleanProperty errorsOnlyProperty() {
        return errorsOnly;
    }

    /** Number of matching events, or -1 when no filter is active; that of the filter before while {@link #searchingProperty()}. */
    public ReadOnlyIntegerProperty matchCountProperty() {
        return matchCount.getReadOnlyProperty();
    }

    /** Whether the matches of the filter as it is now are still being looked for. */
    public ReadOnlyBooleanProperty searchingProperty() {
        return searching.getReadOnlyProperty();
    }

    public ObservableList<String> types() {
        return types;
    }

    public ObservableList<String> actors() {
        return actors;
    }
}
