package dev.forkline.replay.workspace;

import dev.forkline.trace.payload.NoteData;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Claude Code's file-history folder of one session ({@code ~/.claude/file-history/<session>/}), which the user points
 * at with {@code --file-history DIR}: full copies of the files Claude Code edited, named {@code <hash>@v<N>}, taken
 * just before its first edit of a file in a turn (and at the start of later turns for files changed since). The
 * transcript's {@code file-history-snapshot} records name them: {@code snapshot.trackedFileBackups} maps each tracked
 * path (relative to the session's directory, or absolute) to {@code {backupFileName, version, backupTime}}, a null
 * {@code backupFileName} meaning the file did not exist then. The importer keeps those records as {@code note} events
 * holding {@code trackedFileBackups}.
 */
public final class FileHistory {

    private static final Pattern BACKUP_NAME = Pattern.compile("[0-9A-Za-z_-]+@v[0-9]+");

    /**
     * One backup a snapshot names for the first time (later snapshot records repeat the backups already taken).
     *
     * @param position       the position of the note event in the run's events
     * @param eventId        that event's id
     * @param recordedPath   the path as the transcript names it
     * @param backupFileName the backup's file name in the folder, or null when the file did not exist at that point
     * @param version        the backup's version
     * @param backupTime     when Claude Code took it, as recorded (may be null)
     */
    public record TrackedBackup(int position, String eventId, String recordedPath, String backupFileName, int version,
                                String backupTime) {

        /** The file name, or {@code "no backup (absent)"}, for messages. */
        public String describe() {
            return backupFileName == null ? "v" + version + " (the file did not exist)" : backupFileName;
        }
    }

    private final Path directory;

    private FileHistory(Path directory) {
        this.directory = directory;
    }

    /**
     * The folder at {@code directory}.
     *
     * @throws IllegalArgumentException when it is not a readable directory
     */
    public static FileHistory open(Path directory) {
        if (!Files.isDirectory(directory)) {
            throw new IllegalArgumentException("--file-history " + directory + " is not a directory (give Claude Code's"
                    + " ~/.claude/file-history/<session id>/ folder of the session)");
        }
        if (!Files.isReadable(directory)) {
            throw new IllegalArgumentException("--file-history " + directory + " cannot be read");
        }
        return new FileHistory(directory);
    }

    public Path directory() {
        return directory;
    }

    /**
     * The content of the backup {@code backupFileName}, or empty when the folder does not hold it.
     *
     * @throws IllegalArgumentException when the name is not a backup name ({@code <hash>@v<N>})
     * @throws IOException              when reading it fails
     */
    public Optional<byte[]> read(String backupFileName) throws IOException {
        if (!BACKUP_NAME.matcher(backupFileName).matches()) {
            throw new IllegalArgumentException("'" + backupFileName + "' is not the name of a Claude Code file-history backup"
                    + " (<hash>@v<N>)");
        }
        try {
            return Optional.of(Files.readAllBytes(directory.resolve(backupFileName)));
        } catch (NoSuchFileException e) {
            return Optional.empty();
        }
    }

    /**
     * The backups the run's {@code file-history-snapshot} notes name, each at the first note naming it (a path with
     * the same backup file and version again is not new), in event order.
     */
    public static List<TrackedBackup> newBackups(List<Event> events) {
        List<TrackedBackup> backups = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int position = 0; position < events.size(); position++) {
            Event event = events.get(position);
            backups.addAll(newBackupsAt(event, position, seen));
        }
        return backups;
    }

    /**
     * The backups {@code event} names that {@code seen} (path, file, version) does not hold yet, which it then does;
     * none when it is not a file-history note.
     */
    public static List<TrackedBackup> newBackupsAt(Event event, int position, Set<String> seen) {
        if (!event.is(EventType.NOTE)) {
            return List.of();
        }
        JsonNode tracked = event.data().get(NoteData.TRACKED_FILE_BACKUPS);
        if (tracked == null || !tracked.isObject()) {
            return List.of();
        }
        List<TrackedBackup> found = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = tracked.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            JsonNode backup = entry.getValue();
            String name = backup.path(NoteData.BACKUP_FILE_NAME).isTextual() ? backup.get(NoteData.BACKUP_FILE_NAME).asText() : null;
            int version = backup.path(NoteData.BACKUP_VERSION).asInt(0);
            if (seen.add(entry.getKey() + "\0" + name + "\0" + version)) {
                found.add(new TrackedBackup(position, event.id(), entry.getKey(), name, version,
                        backup.path(NoteData.BACKUP_TIME).isTextual() ? backup.get(NoteData.BACKUP_TIME).asText() : null));
            }
        }
        return found;
    }
}
