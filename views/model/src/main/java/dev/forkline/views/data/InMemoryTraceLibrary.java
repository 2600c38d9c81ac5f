package dev.forkline.views.data;

import dev.forkline.trace.payload.SessionEndData;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.TraceIntegrity;
import dev.forkline.views.concurrent.Progress;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Supplier;

/**
 * Traces held in memory: for screenshots of a given bundle, tests, and running without a database. Each trace is
 * verified the first time its verdict is asked for, and again when the trusted keys change.
 */
public final class InMemoryTraceLibrary implements TraceLibrary {

    private final Map<String, Bundle> bundles = new LinkedHashMap<>();
    private final Map<String, Path> sources = new LinkedHashMap<>();
    private final Map<String, Verified> verified = new LinkedHashMap<>();
    private final Importers importers;
    private Supplier<TrustedKeys> trustedKeys = TrustedKeys::none;

    /** A verdict and the keys it was reached with. */
    private record Verified(TrustedKeys keys, TraceIntegrity integrity) {
    }

    public InMemoryTraceLibrary(Importers importers) {
        this.importers = importers;
    }

    public InMemoryTraceLibrary(Bundle... initial) {
        this(Importers.builtIn());
        for (Bundle bundle : initial) {
            bundles.put(bundle.manifest().traceId(), bundle);
        }
    }

    public synchronized TraceSummary add(Bundle bundle) {
        bundles.put(bundle.manifest().traceId(), bundle);
        verified.remove(bundle.manifest().traceId());
        return summarize(bundle);
    }

    @Override
    public String location() {
        return "in memory";
    }

    @Override
    public synchronized Optional<TraceIntegrity> integrity(String traceId) {
        Bundle bundle = bundles.get(traceId);
        if (bundle == null) {
            return Optional.empty();
        }
        TrustedKeys keys = trustedKeys.get();
        Verified known = verified.get(traceId);
        if (known == null || known.keys() != keys) {
            known = new Verified(keys, TraceIntegrity.check(bundle, keys));
            verified.put(traceId, known);
        }
        return Optional.of(known.integrity());
    }

    @Override
    public synchronized TraceIntegrity reverify(String traceId) throws IOException {
        verified.remove(traceId);
        return integrity(traceId).orElseThrow(() -> new IOException("no stored trace '" + traceId + "'"));
    }

    @Override
    public synchronized void useTrustedKeys(Supplier<TrustedKeys> keys) {
        trustedKeys = keys;
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

    private TraceSummary summarize(Bundle bundle) {
        Set<String> runs = new HashSet<>();
        String rootOutcome = "unknown";
        String rootRun = bundle.events().isEmpty() ? null : bundle.events().getFirst().run();
        for (Event event : bundle.events()) {
            runs.add(event.run());
            if (event.run().equals(rootRun) && event.is(EventType.SESSION_END) && event.text(SessionEndData.OUTCOME) != null) {
                rootOutcome = event.text(SessionEndData.OUTCOME);
            }
        }
        var manifest = bundle.manifest();
        return new TraceSummary(manifest.traceId(), manifest.title(), manifest.created(), manifest.sourceFormat(), rootOutcome,
                runs.size(), bundle.events().size(), integrity(manifest.traceId()).orElseThrow().verdict());
    }
}
