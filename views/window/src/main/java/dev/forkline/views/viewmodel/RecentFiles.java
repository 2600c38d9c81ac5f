package dev.forkline.views.viewmodel;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The last opened files, newest first, kept in a small text file (one path a line) when a store path is given. */
public final class RecentFiles {

    public static final int LIMIT = 10;
    private static final Logger LOG = LoggerFactory.getLogger(RecentFiles.class);

    private final Path store;
    private final ObservableList<Path> files = FXCollections.observableArrayList();

    /** @param store where to keep the list, or null to keep it in memory only */
    public RecentFiles(Path store) {
        this.store = store;
        if (store != null && Files.isRegularFile(store)) {
            try {
                for (String line : Files.readAllLines(store, StandardCharsets.UTF_8)) {
                    if (!line.isBlank() && files.size() < LIMIT) {
                        files.add(Path.of(line.strip()));
                    }
                }
            } catch (IOException | RuntimeException e) {
                LOG.warn("could not read recent files from " + store, e);
            }
        }
    }

    public void add(Path file) {
        Path normalized = file.toAbsolutePath().normalize();
        List<Path> updated = new ArrayList<>(files);
        updated.remove(normalized);
        updated.addFirst(normalized);
        while (updated.size() > LIMIT) {
            updated.removeLast();
        }
        files.setAll(updated);
        save();
    }

    private void save() {
        if (store == null) {
            return;
        }
        try {
            Files.createDirectories(store.toAbsolutePath().getParent());
            Files.write(store, files.stream().map(Path::toString).toList(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            LOG.warn("could not save recent files to " + store, e);
        }
    }

    public ObservableList<Path> files() {
        return files;
    }
}
