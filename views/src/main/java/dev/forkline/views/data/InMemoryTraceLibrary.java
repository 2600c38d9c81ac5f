package dev.forkline.views.data;

import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.views.concurrent.Progress;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/** Traces held in memory: for screenshots of a given bundle, tests, and running without a database. */
public final class InMemoryTraceLibrary implements TraceLibrary {

    private final Map<String, Bundle> bundles = new LinkedHashMap<>();
    private final Map<String, Path> sources = new LinkedHashMap<>();
    private final Importers importers;

    public InMemoryTraceLibrary(Importers importers) {
        this.importers = importers;
    }

    public InMemoryTraceLibrary(Bundle... initial) {
        this(Importers.builtIn());
        for (Bundle bundle : initial) {
            add(bundle);
        }
    }

    public synchronized TraceSummary add(Bundle bundle) {
        bundles.put(bundle.manifest().traceId(), bundle);
        return summarize(bundle);
    }

    @Override
    public String location() {
        return "in memory";
    }

    @Override
    public synchronized List<TraceSummary> list() {
        List<TraceSummary> all = new ArrayList<>();
        for (Bundle bundle : bundles.values()) {
            all.add(summarize(bundle));
        }
        all.sort(Comparator.comparing(TraceSummary::created).reversed());
        return all;
    }

    @Override
    public List<TraceSummary> search(LibraryQuery query) {
        return list().stream().filter(query::matches).toList();
    }

    @Override
    public synchronized Bundle load(String traceId) throws IOException {
        Bundle bundle = bundles.get(traceId);
        if (bundle == null) {
            throw new IOException("no stored trace '" + traceId + "'");
        }
        return bundle;
    }

    @Override
    public synchronized java.util.Optional<Path> sourcePath(String traceId) {
        return java.util.Optional.ofNullable(sources.get(traceId));
    }

    @Override
    public boolean canRead(Path path) {
        return importers.canRead(path);
    }

    @Override
    public ImportResult importTrace(Path path, Progress progress) throws IOException, TraceFormatException {
        progress.update("Reading " + path.getFileName(), -1);
        ImportedTrace imported = importers.read(path);
        progress.update("Storing " + imported.bundle().manifest().title(), 0.9);
        TraceSummary summary = add(imported.bundle());
        synchronized (this) {
            sources.put(summary.traceId(), path.toAbsolutePath());
        }
        return new ImportResult(summary, imported.findings());
    }

    public static TraceSummary summarize(Bundle bundle) {
        Set<String> runs = new HashSet<>();
        String rootOutcome = "unknown";
        String rootRun = bundle.events().isEmpty() ? null : bundle.events().getFirst().run();
        for (Event event : bundle.events()) {
            runs.add(event.run());
            if (event.run().equals(rootRun) && event.is(EventType.SESSION_END) && event.text("outcome") != null) {
                rootOutcome = event.text("outcome");
            }
        }
        var manifest = bundle.manifest();
        return new TraceSummary(manifest.traceId(), manifest.title(), manifest.created(), manifest.sourceFormat(), rootOutcome,
                runs.size(), bundle.events().size());
    }
}
