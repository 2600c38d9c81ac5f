package dev.forkline.views.viewmodel;

import dev.forkline.trace.integrity.IntegrityStatus;
import dev.forkline.views.concurrent.LatestWins;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.LibraryMatches;
import dev.forkline.views.data.LibraryQuery;
import dev.forkline.views.data.TraceLibrary;
import dev.forkline.views.data.TraceSummary;
import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.ObservableMap;

import java.time.LocalDate;
import java.util.List;
import java.util.Locale;

/**
 * The stored traces, searched by title (and, in a store, the events' text, with how many events hold it), date range,
 * format, outcome and integrity verdict; the query runs on the background executor, and so does keeping the store's
 * search index up to date after each refresh.
 */
public final class LibraryViewModel {

    /** What the list says when it shows no trace. */
    static final String NO_TRACES = "No stored traces.\nFile › Open/Import… or drop a trace here.";
    static final String NONE_MATCHES = "No stored trace matches the search and filters.";
    static final String SEARCHING = "Searching…";
    static final String IMPORTING = "Importing…\nThe trace is listed here once it is stored.";

    private final ObjectProperty<TraceLibrary> library = new SimpleObjectProperty<>();
    private final ObservableList<TraceSummary> traces = FXCollections.observableArrayList();
    private final ObservableMap<String, String> eventHits = FXCollections.observableHashMap();
    private final ReadOnlyIntegerWrapper scannedTraces = new ReadOnlyIntegerWrapper();
    /** Set while the search index is brought up to date: another refresh then asks for one more pass after it. */
    private boolean indexAgain;
    /** Traces a live session is still growing: left out of the search index until they stop ({@link #indexSettled}). */
    private java.util.Set<String> growing = java.util.Set.of();
    private final StringProperty text = new SimpleStringProperty("");
    private final ObjectProperty<LocalDate> from = new SimpleObjectProperty<>();
    private final ObjectProperty<LocalDate> to = new SimpleObjectProperty<>();
    private final StringProperty format = new SimpleStringProperty();
    private final StringProperty outcome = new SimpleStringProperty();
    private final ObjectProperty<IntegrityStatus> integrity = new SimpleObjectProperty<>();
    private final ReadOnlyBooleanWrapper loading = new ReadOnlyBooleanWrapper();
    private final StringProperty listedText = new SimpleStringProperty(NO_TRACES);
    private final BooleanProperty importing = new SimpleBooleanProperty();
    private final ReadOnlyStringWrapper emptyListText = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper listedCount = new ReadOnlyStringWrapper("");
    private final ObservableList<String> formats = FXCollections.observableArrayList();
    private final LatestWins latest;

    public LibraryViewModel(TaskExecutor executor, TraceLibrary initial) {
        this.latest = new LatestWins(executor);
        this.library.set(initial);
        emptyListText.bind(Bindings.when(importing.and(listedText.isEqualTo(NO_TRACES))).then(IMPORTING).otherwise(listedText));
        for (Observable part : List.of(text, from, to, format, outcome, integrity, library)) {
            part.addListener(obs -> refresh());
        }
    }

    public LibraryQuery query() {
        return new LibraryQuery(text.get(), from.get(), to.get(), format.get(), outcome.get(), integrity.get());
    }

    public void refresh() {
        TraceLibrary source = library.get();
        if (source == null) {
            latest.cancel("library-search");
            traces.clear();
            listedCount.set("");
            return;
        }
        LibraryQuery query = query();
        loading.set(true);
        if (query.narrows()) {
            listedText.set(SEARCHING); // a text is looked for in the events of traces not indexed yet: seconds on a big one
        }
        latest.execute("library-search", progress -> new Result(source.find(query), source.list()), result -> {
            listedText.set(query.narrows() ? NONE_MATCHES : NO_TRACES);
            // the counts first: the list's cells read them when the traces are set
            eventHits.clear();
            result.matches().eventHits().forEach((traceId, hits) -> eventHits.put(traceId, hits.label()));
            traces.setAll(result.matches().traces());
            listedCount.set(listedCount(result.matches().traces().size(), result.all().size(), query.narrows()));
            scannedTraces.set(result.matches().scannedTraces());
            List<String> known = result.all().stream().map(TraceSummary::sourceFormat).distinct().sorted().toList();
            if (!formats.equals(known)) {
                formats.setAll(known);
            }
            error.set(null);
            loading.set(false);
            updateSearchIndex(source);
        }, failure -> {
            error.set("Could not read the library: " + failure.getMessage());
            listedText.set(""); // the error says why nothing is listed
            listedCount.set("");
            loading.set(false);
        });
    }

    private record Result(LibraryMatches matches, List<TraceSummary> all) {
    }

    /** "1,000 traces", or "12 of 1,000" while a search or filter narrows the list; empty when nothing is stored. */
    static String listedCount(int listed, int stored, boolean narrowed) {
        if (stored == 0) {
            return "";
        }
        return narrowed ? String.format(Locale.ROOT, "%,d of %,d", listed, stored)
                : String.format(Locale.ROOT, stored == 1 ? "%,d trace" : "%,d traces", stored);
    }

    /** How many traces the list shows, of how many stored (see {@link #listedCount(int, int, boolean)}). */
    public ReadOnlyStringProperty listedCountProperty() {
        return listedCount.getReadOnlyProperty();
    }

    /**
     * Reads the library again after live sessions changed it; the traces still growing ({@code growing}) are left out
     * of the search index, which would otherwise count each of them whole again on every change.
     */
    public void refreshGrowing(java.util.Set<String> growing) {
        this.growing = java.util.Set.copyOf(growing);
        refresh();
    }

    /** The live sessions stopped growing their traces: indexes them now (the list itself is as it was). */
    public void indexSettled() {
        growing = java.util.Set.of();
        TraceLibrary source = library.get();
        if (source != null) {
            updateSearchIndex(source);
        }
    }

    /**
     * Brings the library's search index up to date in the background after each refresh (new, grown and replaced
     * traces): one pass at a time, and one more after it when a refresh came meanwhile. A failure only leaves traces
     * unindexed, which the search then reads; it is not shown.
     */
    private void updateSearchIndex(TraceLibrary source) {
        if (latest.isRunning("library-index")) {
            indexAgain = true;
            return;
        }
        indexAgain = false;
        java.util.Set<String> leaveOut = growing;
        latest.execute("library-index", progress -> source.updateSearchIndex(leaveOut), indexed -> {
            if (indexAgain && source == library.get()) {
                updateSearchIndex(source);
            }
        }, failure -> indexAgain = false);
    }
    public ObjectProperty<TraceLibrary> libraryProperty() {
        return library;
    }

    public ObservableList<TraceSummary> traces() {
        return traces;
    }

    /**
     * For the listed traces whose events hold the search text, by trace id, how many do (e.g. {@code 12 matching
     * events}, {@code ≤ 785 matching events} when the index can only bound it); empty without a search text.
     */
    public ObservableMap<String, String> eventHits() {
        return FXCollections.unmodifiableObservableMap(eventHits);
    }

    /** How many traces the last search had to read because the search index did not hold them yet. */
    public ReadOnlyIntegerProperty scannedTracesProperty() {
        return scannedTraces.getReadOnlyProperty();
    }

    public ObservableList<String> formats() {
        return formats;
    }

    public StringProperty textProperty() {
        return text;
    }

    public ObjectProperty<LocalDate> fromProperty() {
        return from;
    }

    public ObjectProperty<LocalDate> toProperty() {
        return to;
    }

    public StringProperty formatProperty() {
        return format;
    }

    public StringProperty outcomeProperty() {
        return outcome;
    }

    /** Only traces with this verdict; null for any. */
    public ObjectProperty<IntegrityStatus> integrityProperty() {
        return integrity;
    }

    /** Whether the window imports a trace now: a list of nothing stored then says that the trace will be listed. */
    public BooleanProperty importingProperty() {
        return importing;
    }

    /** What the list says when it shows no trace: none stored, an import on its way, none matching, or still searching. */
    public ReadOnlyStringProperty emptyListTextProperty() {
        return emptyListText.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty loadingProperty() {
        return loading.getReadOnlyProperty();
    }

    /** Why the library could not be read; null when it could. */
    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}
