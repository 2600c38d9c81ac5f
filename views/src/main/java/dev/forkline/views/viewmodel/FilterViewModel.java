package dev.forkline.views.viewmodel;

import dev.forkline.trace.Event;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.BitSet;
import java.util.List;
import java.util.TreeSet;

/** The filter/search bar: by type, actor, text, errors only; writes its matches to the timeline. */
public final class FilterViewModel {

    private final TimelineViewModel timeline;
    private final StringProperty text = new SimpleStringProperty("");
    private final StringProperty type = new SimpleStringProperty();
    private final StringProperty actor = new SimpleStringProperty();
    private final BooleanProperty errorsOnly = new SimpleBooleanProperty();
    private final ReadOnlyIntegerWrapper matchCount = new ReadOnlyIntegerWrapper(-1);
    private final ObservableList<String> types = FXCollections.observableArrayList();
    private final ObservableList<String> actors = FXCollections.observableArrayList();

    public FilterViewModel(TimelineViewModel timeline) {
        this.timeline = timeline;
        for (Observable part : List.of(text, type, actor, errorsOnly)) {
            part.addListener(obs -> apply());
        }
        timeline.eventsProperty().addListener((obs, old, now) -> {
            TreeSet<String> typeNames = new TreeSet<>();
            TreeSet<String> actorNames = new TreeSet<>();
            for (Event event : now) {
                typeNames.add(event.type());
                actorNames.add(event.actor());
            }
            types.setAll(typeNames);
            actors.setAll(actorNames);
            apply();
        });
    }

    public EventFilter filter() {
        return new EventFilter(text.get(), type.get(), actor.get(), errorsOnly.get());
    }

    /** Searches a stored trace: the ids of matching events, or empty when it cannot (then the filter runs in memory). */
    @FunctionalInterface
    public interface StoredSearch {
        java.util.Optional<List<String>> search(EventFilter filter) throws Exception;
    }

    private StoredSearch storedSearch;
    private dev.forkline.views.concurrent.TaskExecutor executor;
    private long generation;

    /** Uses the store's search for the open trace from now on (null: filter in memory). */
    public void useStoredSearch(StoredSearch search, dev.forkline.views.concurrent.TaskExecutor onExecutor) {
        this.storedSearch = search;
        this.executor = onExecutor;
    }

    private void apply() {
        long request = ++generation;
        EventFilter filter = filter();
        List<Event> events = timeline.events();
        if (storedSearch == null || !filter.isActive()) {
            show(filter.matches(events));
            return;
        }
        StoredSearch search = storedSearch;
        executor.execute("search-events", progress -> search.search(filter), ids -> {
            if (request == generation) {
                show(ids.map(found -> indexes(events, found)).orElseGet(() -> filter.matches(events)));
            }
        }, failure -> {
            if (request == generation) {
                show(filter.matches(events));
            }
        });
    }

    private static BitSet indexes(List<Event> events, List<String> ids) {
        java.util.Set<String> wanted = new java.util.HashSet<>(ids);
        BitSet matches = new BitSet(events.size());
        for (int i = 0; i < events.size(); i++) {
            if (wanted.contains(events.get(i).id())) {
                matches.set(i);
            }
        }
        return matches;
    }

    private void show(BitSet matches) {
        timeline.matchesProperty().set(matches);
        matchCount.set(matches == null ? -1 : matches.cardinality());
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

    /** Number of matching events, or -1 when no filter is active. */
    public ReadOnlyIntegerProperty matchCountProperty() {
        return matchCount.getReadOnlyProperty();
    }

    public ObservableList<String> types() {
        return types;
    }

    public ObservableList<String> actors() {
        return actors;
    }
}
