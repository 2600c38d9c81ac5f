package dev.forkline.views.viewmodel;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.views.data.RunLineage;

/** A trace open in the workbench: its bundle and its runs. */
public record OpenedTrace(Bundle bundle, RunLineage lineage, java.util.Set<String> eventIds) {

    public OpenedTrace(Bundle bundle, RunLineage lineage) {
        this(bundle, lineage, java.util.Set.copyOf(bundle.events().stream().map(dev.forkline.trace.Event::id).toList()));
    }
}
