package dev.forkline.importers.support;

import dev.forkline.importers.ImportSession;
import dev.forkline.importers.TraceImporter;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * An importer of a format kept in one regular file and recognised by the file's first bytes. A folder, a device or a
 * missing file is never accepted; a format that also comes as a folder or an archive widens {@link #accepts}.
 */
public abstract class SingleFileImporter implements TraceImporter {

    private final String format;

    protected SingleFileImporter(String format) {
        this.format = format;
    }

    @Override
    public final String format() {
        return format;
    }

    @Override
    public boolean accepts(Path path, byte[] head) {
        return Files.isRegularFile(path) && acceptsHead(new FileHead(head));
    }

    /** Whether a regular file starting with {@code head} holds this format. Must be cheap and must not throw. */
    protected abstract boolean acceptsHead(FileHead head);

    /** The session one import of {@code path} writes to. */
    protected final ImportSession newSession(Path path) {
        return new ImportSession(format, path.toString());
    }
}
