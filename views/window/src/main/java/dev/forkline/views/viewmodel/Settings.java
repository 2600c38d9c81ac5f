package dev.forkline.views.viewmodel;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.Properties;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** Small remembered choices (the decision owner's name, the last contract file), kept in a properties file when a path is given. */
public final class Settings {

    public static final String OWNER = "decision.owner";
    public static final String CONTRACT = "gate.contract";

    private static final Logger LOG = LoggerFactory.getLogger(Settings.class);

    private final Path file;
    private final Properties values = new Properties();

    /** @param file where to keep them, or null to keep them in memory only */
    public Settings(Path file) {
        this.file = file;
        if (file != null && Files.isRegularFile(file)) {
            try (Reader reader = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                values.load(reader);
            } catch (IOException | IllegalArgumentException e) {
                LOG.warn("could not read settings from " + file, e);
            }
        }
    }

    public static Settings inMemory() {
        return new Settings(null);
    }

    public synchronized Optional<String> get(String key) {
        return Optional.ofNullable(values.getProperty(key)).filter(v -> !v.isBlank());
    }

    public synchronized void put(String key, String value) {
        if (value == null) {
            values.remove(key);
        } else {
            values.setProperty(key, value);
        }
        if (file == null) {
            return;
        }
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            try (Writer writer = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
                values.store(writer, "Forkline workbench");
            }
        } catch (IOException e) {
            LOG.warn("could not save settings to " + file, e);
        }
    }
}
