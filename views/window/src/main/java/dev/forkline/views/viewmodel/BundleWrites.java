package dev.forkline.views.viewmodel;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.views.data.WritableBundles;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Where replays, forks, reverts and decisions write, and the reviewer's say in it. The first write into a bundle the
 * reviewer opened from disk asks her (through the {@link Asker} the window installs) whether to append to that bundle
 * or to Forkline's copy of the trace; the answer holds for the trace from then on (a copy is remembered across
 * sessions). After each write, {@link #lastWriteProperty()} names the file written, for the status bar.
 */
public final class BundleWrites {

    /** Where the reviewer wants a trace's writes to go. */
    public enum Choice { WRITE_TO_BUNDLE, WRITE_TO_COPY, CANCEL }

    /** Asks the reviewer, on the UI thread, before the first write into her bundle (a modal question in the window). */
    @FunctionalInterface
    public interface Asker {
        Choice ask(String what, Path reviewersBundle, Path copy);
    }

    private static final String COPY_SETTING = "bundle.writeToCopy.";

    private final WritableBundles bundles;
    private final Settings settings;
    private final dev.forkline.views.concurrent.TaskExecutor executor;
    private final Set<String> settled = ConcurrentHashMap.newKeySet();
    private final ReadOnlyStringWrapper lastWrite = new ReadOnlyStringWrapper("");
    private Asker asker;

    BundleWrites(dev.forkline.views.concurrent.TaskExecutor executor, WritableBundles bundles, Settings settings) {
        this.executor = executor;
        this.bundles = bundles;
        this.settings = settings;
    }

    /** Installs the window's question; without one, writes go where they always went (the reviewer's bundle). */
    public void setAsker(Asker asker) {
        this.asker = asker;
    }

    /** Whether the next write of this trace would go into a bundle the reviewer opened and has not yet been asked about. */
    public boolean needsAsking(String traceId) {
        return bundles != null && !settled.contains(traceId) && !copyRemembered(traceId) && reviewersBundle(traceId).isPresent();
    }

    /**
     * Before {@code what} (e.g. "The replay") writes into the trace: asks the reviewer when it is the first write into her
     * own bundle. Returns false when she cancelled. Call on the UI thread.
     */
    public boolean mayWrite(String traceId, String what) {
        applyRemembered(traceId);
        if (!needsAsking(traceId) || asker == null) {
            return true;
        }
        Path bundle = reviewersBundle(traceId).orElseThrow();
        Choice choice = asker.ask(what, bundle, bundles.copyLocation(traceId));
        if (choice == Choice.CANCEL) {
            return false;
        }
        settle(traceId, choice);
        return true;
    }

    /** Records the reviewer's answer for this trace (the decision form asks in its own summary). */
    public void settle(String traceId, Choice choice) {
        if (choice == Choice.WRITE_TO_COPY) {
            bundles.writeToCopy(traceId);
            if (settings != null) {
                settings.put(COPY_SETTING + traceId, "true");
            }
        }
        if (choice != Choice.CANCEL) {
            settled.add(traceId);
        }
    }

    /**
     * File › Save bundle as…: writes the stored trace as a new bundle directory in the background; the status bar then
     * names it, or {@code failed} gets the reason.
     */
    public void saveAs(String traceId, Path target, java.util.function.Consumer<String> failed) {
        if (bundles == null) {
            failed.accept("Saving bundles is not set up in this window");
            return;
        }
        executor.execute("save-bundle-as", work -> bundles.saveCopy(traceId, target),
                written -> lastWrite.set("Bundle saved as " + written),
                error -> failed.accept("Could not save the bundle to " + target + ": " + WorkbenchViewModel.message(error)));
    }

    /** Whether this window can write bundles at all (it has a folder for copies). */
    public boolean available() {
        return bundles != null;
    }

    /** The events file the next write of this trace goes to: the reviewer's bundle, or Forkline's copy. */
    public Path target(String traceId) {
        if (bundles == null) {
            return null;
        }
        applyRemembered(traceId);
        return reviewersBundle(traceId).orElse(bundles.copyLocation(traceId)).resolve(Bundle.EVENTS);
    }

    /** Whether the next write goes into a bundle the reviewer opened (rather than Forkline's copy). */
    public boolean intoReviewersBundle(String traceId) {
        applyRemembered(traceId);
        return reviewersBundle(traceId).isPresent();
    }

    /** Called (on the UI thread) once {@code what} is on disk in {@code bundleDirectory}: the status bar names the file. */
    public void written(String what, Path bundleDirectory) {
        lastWrite.set(what + " written to " + bundleDirectory.resolve(Bundle.EVENTS));
    }

    public ReadOnlyStringProperty lastWriteProperty() {
        return lastWrite.getReadOnlyProperty();
    }

    private boolean copyRemembered(String traceId) {
        return settings != null && settings.get(COPY_SETTING + traceId).isPresent();
    }

    private void applyRemembered(String traceId) {
        if (bundles != null && copyRemembered(traceId)) {
            bundles.writeToCopy(traceId);
            settled.add(traceId);
        }
    }

    private Optional<Path> reviewersBundle(String traceId) {
        try {
            return bundles.reviewersBundle(traceId);
        } catch (IOException e) {
            return Optional.empty();
        }
    }
}
