package dev.forkline.views.viewmodel;

import dev.forkline.replay.workspace.StartingTree;
import dev.forkline.replay.workspace.WorkspaceSource;
import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.data.StartingTrees;
import dev.forkline.views.viewmodel.SessionSetupAnswers.TreeSource;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The dialog that asks what replaying an imported session needs: the tree it started from (a folder or archive, or a
 * git repository at a commit; pre-filled from what the trace suggests), SWE-agent's tool bundles when the session runs
 * them, the image, set-up commands, variables and strict environment. It checks the answers, reads the tree in the
 * background (its errors shown in the dialog), remembers the answers for the trace, then hands them on.
 */
public final class SessionSetupViewModel {

    /** What the answers are for: a replay, or only the state panel's workspace. */
    public enum Purpose { REPLAY, SHOW_WORKSPACE }

    /** The answers, checked, with the tree they name, read. */
    public record Ready(SessionSetupAnswers answers, StartingTree tree) {
    }

    private final String traceId;
    private final SuppliedStart start;
    private final Purpose purpose;
    private final TaskExecutor executor;
    private final StartingTrees trees;
    private final RememberedSetups memory;
    private final Consumer<Ready> onReady;

    private final ObjectProperty<TreeSource> source = new SimpleObjectProperty<>(TreeSource.FOLDER_OR_ARCHIVE);
    private final StringProperty path = new SimpleStringProperty("");
    private final StringProperty repository = new SimpleStringProperty("");
    private final StringProperty commit = new SimpleStringProperty("");
    private final StringProperty tools = new SimpleStringProperty("");
    private final StringProperty image = new SimpleStringProperty("");
    private final StringProperty setupCommands = new SimpleStringProperty("");
    private final StringProperty env = new SimpleStringProperty("");
    private final BooleanProperty strictEnvironment = new SimpleBooleanProperty();
    private final StringProperty fileHistory = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper problem = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ObservableList<String> images = FXCollections.observableArrayList();
    private final boolean remembered;

    SessionSetupViewModel(String traceId, SuppliedStart start, Purpose purpose, TaskExecutor executor, StartingTrees trees,
                          RememberedSetups memory, Consumer<Ready> onReady) {
        this.traceId = traceId;
        this.start = start;
        this.purpose = purpose;
        this.executor = executor;
        this.trees = trees;
        this.memory = memory;
        this.onReady = onReady;
        var recalled = memory.recall(traceId);
        remembered = recalled.isPresent();
        recalled.ifPresentOrElse(this::fill, this::suggest);
    }

    /** Pre-fills from the trace: a git repository at the commit it names, else the folder it worked in. */
    private void suggest() {
        if (start.commit() != null) {
            source.set(TreeSource.GIT_COMMIT);
            commit.set(start.commit());
            if (start.repository() != null && isLocalDirectory(start.repository())) {
                repository.set(start.repository());
            }
        } else {
            source.set(TreeSource.FOLDER_OR_ARCHIVE);
            String folder = start.cwd() != null ? start.cwd() : start.root();
            path.set(folder == null ? "" : folder);
        }
    }

    private void fill(SessionSetupAnswers answers) {
        source.set(answers.source());
        path.set(answers.path());
        repository.set(answers.repository());
        commit.set(answers.commit());
        tools.set(answers.tools());
        image.set(answers.image());
        setupCommands.set(String.join("\n", answers.setupCommands()));
        StringBuilder variables = new StringBuilder();
        answers.env().forEach((k, v) -> variables.append(variables.isEmpty() ? "" : "\n").append(k).append('=').append(v));
        env.set(variables.toString());
        strictEnvironment.set(answers.strictEnvironment());
        fileHistory.set(answers.fileHistory());
    }

    /**
     * The answers in the form, checked without reading the tree.
     *
     * @throws IllegalArgumentException with a sentence for people naming the field and what is wrong
     */
    public SessionSetupAnswers answers() {
        TreeSource kind = source.get();
        if (kind == TreeSource.FOLDER_OR_ARCHIVE && path.get().isBlank()) {
            throw new IllegalArgumentException("Choose the folder or the .tar/.tar.gz archive holding the tree the session started from.");
        }
        if (kind == TreeSource.GIT_COMMIT) {
            if (repository.get().isBlank()) {
                throw new IllegalArgumentException("Name the git repository on this machine that holds the session's commit.");
            }
            if (commit.get().isBlank() && start.commit() == null) {
                throw new IllegalArgumentException("Name the commit the session started from: the trace names none, and HEAD, "
                        + "branches and tags move, so they are refused.");
            }
        }
        SessionSetupAnswers answers = new SessionSetupAnswers(kind, path.get(), repository.get(), commit.get(), tools.get(), image.get(),
                lines(setupCommands.get()), variables(env.get()), strictEnvironment.get(), fileHistory.get());
        checkFileHistory(answers.fileHistory());
        WorkspaceSource.forTrace(answers.workspaceSpec(), start.commit()); // names a path that exists, a commit id, a repository
        checkTools(answers.tools());
        return answers;
    }

    /**
     * Checks the form and reads the tree in the background; once read, remembers the answers for the trace, hands them on
     * and runs {@code close}. Returns false, with {@link #problemProperty()} set, when the form is wrong; reading errors
     * set it later and leave the dialog open.
     */
    public boolean submit(Runnable close) {
        if (busy.get()) {
            return false;
        }
        SessionSetupAnswers answers;
        try {
            answers = answers();
        } catch (IllegalArgumentException e) {
            problem.set(e.getMessage());
            return false;
        }
        problem.set(null);
        busy.set(true);
        status.set("Reading the tree from " + answers.workspaceSpec() + "…");
        String pinned = start.commit();
        executor.execute("read-starting-tree", work -> trees.read(answers.workspaceSpec(), pinned), tree -> {
            busy.set(false);
            status.set(tree.files().size() + " files read from " + tree.description());
            memory.remember(traceId, answers);
            onReady.accept(new Ready(answers, tree));
            close.run();
        }, failure -> {
            busy.set(false);
            status.set("");
            problem.set(StartingTrees.explain(answers.workspaceSpec(), failure));
        });
        return true;
    }

    /** The images the engine holds, for the image field's list (asked for by the window, off the UI thread). */
    public ObservableList<String> images() {
        return images;
    }

    private static void checkFileHistory(String folder) {
        if (folder.isBlank()) {
            return;
        }
        Path dir = pathOrNull(folder);
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("The file-history folder " + folder + " is not a directory: give Claude Code's "
                    + "~/.claude/file-history/<session id>/ folder of this session, or leave it empty.");
        }
        if (!Files.isReadable(dir)) {
            throw new IllegalArgumentException("The file-history folder " + folder + " cannot be read.");
        }
    }

    private void checkTools(String folder) {
        List<String> bundles = start.toolBundles();
        if (bundles.isEmpty()) {
            return;
        }
        if (folder.isBlank()) {
            throw new IllegalArgumentException("The session runs SWE-agent's tool bundles " + String.join(", ", bundles)
                    + ": choose the folder that holds them (SWE-agent's tools/ folder).");
        }
        Path dir = pathOrNull(folder);
        if (dir == null || !Files.isDirectory(dir)) {
            throw new IllegalArgumentException("The tools folder " + folder + " is not a directory.");
        }
        List<String> missing = new ArrayList<>();
        for (String bundle : bundles) {
            if (!hasBundle(dir, bundle)) {
                missing.add(bundle);
            }
        }
        if (!missing.isEmpty()) {
            throw new IllegalArgumentException("The tools folder " + folder + " lacks the bundle" + (missing.size() > 1 ? "s " : " ")
                    + String.join(", ", missing) + " that the trajectory names.");
        }
    }

    /** Where SWE-agent's replay looks for a bundle (the engine's SweAgentHarness checks the same places). */
    private static boolean hasBundle(Path dir, String bundle) {
        String name = bundle.endsWith("/") ? bundle.substring(0, bundle.length() - 1) : bundle;
        String last = name.substring(name.lastIndexOf('/') + 1);
        for (Path candidate : List.of(dir.resolve(name), dir.resolve(last), dir.resolve("tools").resolve(last))) {
            if (Files.isDirectory(candidate.resolve("bin"), LinkOption.NOFOLLOW_LINKS) || Files.isRegularFile(candidate.resolve("config.yaml"))) {
                return true;
            }
        }
        return false;
    }

    private static List<String> lines(String text) {
        return text == null ? List.of() : text.lines().map(String::strip).filter(l -> !l.isEmpty()).toList();
    }

    private static Map<String, String> variables(String text) {
        Map<String, String> variables = new LinkedHashMap<>();
        List<String> given = text == null ? List.of() : text.lines().toList();
        for (int i = 0; i < given.size(); i++) {
            String line = given.get(i).strip();
            if (line.isEmpty()) {
                continue;
            }
            int eq = line.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException("Line " + (i + 1) + " of the variables is not NAME=VALUE: '" + line + "'.");
            }
            variables.put(line.substring(0, eq).strip(), line.substring(eq + 1));
        }
        return variables;
    }

    private static boolean isLocalDirectory(String text) {
        Path dir = pathOrNull(text);
        return dir != null && dir.isAbsolute() && Files.isDirectory(dir);
    }

    private static Path pathOrNull(String text) {
        try {
            return Path.of(text);
        } catch (InvalidPathException e) {
            return null;
        }
    }

    // --- accessors ----------------------------------------------------------------------------------------------------

    public Purpose purpose() {
        return purpose;
    }

    public String traceId() {
        return traceId;
    }

    public SuppliedStart start() {
        return start;
    }

    /** The form starts from the answers given last time for this trace (else from the trace's suggestion). */
    public boolean remembered() {
        return remembered;
    }

    /** Whether the session runs SWE-agent tool bundles, so the tools folder is asked for. */
    public boolean toolsNeeded() {
        return !start.toolBundles().isEmpty();
    }

    public ObjectProperty<TreeSource> sourceProperty() {
        return source;
    }

    public StringProperty pathProperty() {
        return path;
    }

    public StringProperty repositoryProperty() {
        return repository;
    }

    public StringProperty commitProperty() {
        return commit;
    }

    public StringProperty toolsProperty() {
        return tools;
    }

    public StringProperty imageProperty() {
        return image;
    }

    /** One shell command a line. */
    public StringProperty setupCommandsProperty() {
        return setupCommands;
    }

    /** NAME=VALUE, one a line. */
    public StringProperty envProperty() {
        return env;
    }

    /** Whether the session is Claude Code's, so its file-history folder is asked for (optional). */
    public boolean fileHistoryAsked() {
        return start.claudeCode();
    }

    /** Claude Code's file-history folder of the session, or blank. */
    public StringProperty fileHistoryProperty() {
        return fileHistory;
    }

    public BooleanProperty strictEnvironmentProperty() {
        return strictEnvironment;
    }

    /** What is wrong with the answers, in words; null when nothing is. */
    public ReadOnlyStringProperty problemProperty() {
        return problem.getReadOnlyProperty();
    }

    /** What the dialog is doing (reading the tree), or what it read. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** The tree is being read: the dialog waits. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }
}
