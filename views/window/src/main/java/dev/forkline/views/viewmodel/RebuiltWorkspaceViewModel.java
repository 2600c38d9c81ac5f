package dev.forkline.views.viewmodel;

import dev.forkline.replay.sandbox.WorkspaceFile;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.index.Lineage;
import dev.forkline.trace.secrets.SecretMasker;
import dev.forkline.views.concurrent.LatestWins;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.RunEvents;
import dev.forkline.views.data.RunLineage;
import dev.forkline.views.data.StartingTrees;
import dev.forkline.views.state.RebuiltWorkspace;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The state panel's workspace for an imported session, whose trace holds its edits but not its files: once a starting
 * tree is known for the trace (the one remembered from the replay dialog), the real file tree and a file's content at
 * the selected event, rebuilt off the UI thread and kept per trace and run so that moving the selection only lists the
 * files again. Without a known tree it says how to give one. For a recorded trace it has nothing to show
 * ({@link Mode#RECORDED}): the panel shows the recorded workspace.
 */
public final class RebuiltWorkspaceViewModel {

    /** What the panel's workspace tab shows. */
    public enum Mode {
        /** Not an imported session: the recorded workspace. */
        RECORDED,
        /** An imported session without a known starting tree. */
        NEEDS_TREE,
        /** The tree is being read and the edits applied. */
        LOADING,
        /** The rebuilt workspace at the selected event. */
        REBUILT,
        /** The remembered tree could not be read. */
        FAILED
    }

    private static final int KEPT = 3;
    private static final int MAX_PREVIEW_BYTES = 512 * 1024;

    private record Key(String traceId, String run, SessionSetupAnswers answers) {
    }

    private final TaskExecutor executor;
    private final StartingTrees trees;
    private final RememberedSetups memory;
    private final Map<Key, RebuiltWorkspace> rebuilt = new LinkedHashMap<>(8, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Key, RebuiltWorkspace> eldest) {
            return size() > KEPT;
        }
    };
    /** The supplied start of each shown run, found once per lineage (a lineage is replaced when the trace reloads). */
    private final Map<String, Optional<SuppliedStart>> starts = new java.util.HashMap<>();
    private RunLineage startsOf;

    private final ReadOnlyObjectWrapper<Mode> mode = new ReadOnlyObjectWrapper<>(Mode.RECORDED);
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<RebuiltWorkspace.Listing> listing = new ReadOnlyObjectWrapper<>();
    private final StringProperty selectedFile = new SimpleStringProperty();
    private final ReadOnlyStringWrapper fileContent = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<SuppliedStart> start = new ReadOnlyObjectWrapper<>();

    private final LatestWins latest;
    private Shown shown;
    private RebuiltWorkspace current;

    /** What was last asked to be shown. */
    private record Shown(String traceId, RunLineage lineage, String run, int eventIndex, BlobSource blobs) {
    }

    public RebuiltWorkspaceViewModel(TaskExecutor executor, StartingTrees trees, RememberedSetups memory) {
        this.executor = executor;
        this.latest = new LatestWins(executor);
        this.trees = trees;
        this.memory = memory;
        selectedFile.addListener(obs -> refreshFileContent());
        listing.addListener(obs -> refreshFileContent());
    }

    /** Shows the workspace after event {@code eventIndex} of {@code run}'s own events (-1: none selected). */
    public void show(String traceId, RunLineage lineage, String run, int eventIndex, BlobSource blobs) {
        // a rebuild overtaken by a later request still fills the cache, so it is not cancelled: its ticket says it is stale
        LatestWins.Ticket request = latest.claim("rebuild-workspace");
        shown = new Shown(traceId, lineage, run, eventIndex, blobs);
        Optional<SuppliedStart> supplied = suppliedStart(lineage, run);
        start.set(supplied.orElse(null));
        if (supplied.isEmpty()) {
            current = null;
            set(Mode.RECORDED, "", null);
            return;
        }
        Optional<SessionSetupAnswers> answers = memory.recall(traceId);
        if (answers.isEmpty()) {
            current = null;
            String hint = supplied.get().hint();
            set(Mode.NEEDS_TREE, "This session was imported: its trace holds the edits it made, not its files. Give the tree it "
                    + "started from to see the real workspace at any event. " + supplied.get().suggestion()
                    + (hint == null ? "" : " " + hint), null);
            return;
        }
        if (eventIndex < 0) {
            set(Mode.REBUILT, "Select an event to see the workspace after it.", null);
            return;
        }
        Key key = new Key(traceId, run, answers.get());
        RebuiltWorkspace kept = rebuilt.get(key);
        int position = positionOf(lineage, run, eventIndex);
        String pinned = supplied.get().commit();
        if (kept == null) {
            set(Mode.LOADING, "Rebuilding the workspace from " + answers.get().workspaceSpec() + " and the session's edits…", listing.get());
        }
        executor.execute("rebuild-workspace", work -> {
            RebuiltWorkspace workspace = kept != null ? kept
                    : RebuiltWorkspace.of(trees.get(answers.get().workspaceSpec(), pinned), lineage.eventsWithAncestry(run), blobs);
            return new Built(workspace, workspace.at(position));
        }, built -> {
            rebuilt.put(key, built.workspace());
            if (!request.isCurrent()) {
                return;
            }
            current = built.workspace();
            set(Mode.REBUILT, header(built.workspace(), built.listing(), lineage.events(run).id(eventIndex)), built.listing());
        }, failure -> {
            if (request.isCurrent()) {
                current = null;
                set(Mode.FAILED, "The workspace could not be rebuilt: " + StartingTrees.explain(answers.get().workspaceSpec(), failure)
                        + ". Give the starting tree again.", null);
            }
        });
    }

    private record Built(RebuiltWorkspace workspace, RebuiltWorkspace.Listing listing) {
    }

    /** The answers for the shown trace changed (the dialog was answered): rebuild from them. */
    public void setupChanged() {
        Shown last = shown;
        if (last != null) {
            rebuilt.keySet().removeIf(key -> key.traceId().equals(last.traceId()));
            show(last.traceId(), last.lineage(), last.run(), last.eventIndex(), last.blobs());
        }
    }

    private static String header(RebuiltWorkspace workspace, RebuiltWorkspace.Listing listing, String eventId) {
        StringBuilder s = new StringBuilder("Rebuilt after ").append(eventId).append(" from ").append(workspace.tree().description())
                .append(" with ").append(listing.edits()).append(listing.edits() == 1 ? " recorded edit" : " recorded edits")
                .append(" · ").append(listing.changed()).append(" changed since the start");
        if (listing.failed() > 0) {
            s.append(" · ").append(listing.failed()).append(listing.failed() == 1 ? " edit did" : " edits did").append(" not apply as recorded");
        }
        workspace.tree().warnings().forEach(w -> s.append("\n").append(w));
        return s.toString();
    }

    private void set(Mode newMode, String text, RebuiltWorkspace.Listing files) {
        message.set(text);
        listing.set(files);
        mode.set(newMode);
    }

    private Optional<SuppliedStart> suppliedStart(RunLineage lineage, String run) {
        if (lineage == null || run == null) {
            return Optional.empty();
        }
        if (lineage != startsOf) {
            starts.clear();
            startsOf = lineage;
        }
        return starts.computeIfAbsent(run, r -> SuppliedStart.of(lineage, r));
    }

    private static int positionOf(RunLineage lineage, String run, int eventIndex) {
        RunEvents own = lineage.events(run);
        Lineage path = lineage.eventsWithAncestry(run);
        return path.positionOfIndex(own.fileIndex(eventIndex));
    }

    /** Reads the chosen file at the shown event off the UI thread (large trees hold large files). */
    private void refreshFileContent() {
        latest.cancel("read-rebuilt-file");
        String path = selectedFile.get();
        RebuiltWorkspace.Listing files = listing.get();
        RebuiltWorkspace workspace = current;
        if (path == null || files == null || workspace == null) {
            fileContent.set("");
            return;
        }
        int position = files.position();
        latest.execute("read-rebuilt-file", work -> preview(workspace.file(position, path)), fileContent::set,
                failure -> fileContent.set("(could not show " + path + ": " + failure.getMessage() + ")"));
    }

    private static String preview(WorkspaceFile file) {
        if (file == null) {
            return "(not in the workspace at this point)";
        }
        if (file.isSymlink()) {
            return "(symbolic link to " + file.linkTarget() + ")";
        }
        byte[] bytes = file.content();
        if (bytes.length > MAX_PREVIEW_BYTES) {
            return "(" + bytes.length + " bytes, too large to preview)";
        }
        try {
            String text = StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes)).toString();
            return text.indexOf('\0') >= 0 ? "(binary, " + bytes.length + " bytes)" : SecretMasker.mask(text);
        } catch (CharacterCodingException binary) {
            return "(binary, " + bytes.length + " bytes)";
        }
    }

    // --- accessors ----------------------------------------------------------------------------------------------------

    public ReadOnlyObjectProperty<Mode> modeProperty() {
        return mode.getReadOnlyProperty();
    }

    public Mode mode() {
        return mode.get();
    }

    /** A line (or two) above the files: what was rebuilt from what, or what is missing and how to give it. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The files at the shown event; null while none are shown. */
    public ReadOnlyObjectProperty<RebuiltWorkspace.Listing> listingProperty() {
        return listing.getReadOnlyProperty();
    }

    /** The shown run's supplied start, or null for a recorded run. */
    public ReadOnlyObjectProperty<SuppliedStart> startProperty() {
        return start.getReadOnlyProperty();
    }

    public StringProperty selectedFileProperty() {
        return selectedFile;
    }

    public ReadOnlyStringProperty fileContentProperty() {
        return fileContent.getReadOnlyProperty();
    }
}
