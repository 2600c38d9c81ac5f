package dev.forkline.views.viewmodel;

import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.views.data.ReplayBackend;

import java.nio.file.Path;

/**
 * What the workbench's actions write with: the replay backend, the owners' key ring that signs decisions, the remembered
 * settings, and where copies of stored traces are written as bundle directories when they have none.
 *
 * @param replay     null: replay, fork and revert are unavailable
 * @param ownerKeys  null: decisions cannot be recorded
 * @param exportRoot null: traces without a bundle directory of their own cannot be replayed or decided on
 */
public record WorkbenchServices(ReplayBackend replay, OwnerKeys ownerKeys, Settings settings, Path exportRoot) {

    public WorkbenchServices {
        settings = settings == null ? Settings.inMemory() : settings;
    }

    /** Nothing to write with: the actions say why they are unavailable. */
    public static WorkbenchServices none() {
        return new WorkbenchServices(null, null, Settings.inMemory(), null);
    }
}
