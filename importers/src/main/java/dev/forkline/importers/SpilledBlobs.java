package dev.forkline.importers;

import dev.forkline.trace.Hashes;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.MemoryBlobStore;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The blobs an import makes, with bounded memory: held in a {@link MemoryBlobStore} up to {@link #IN_MEMORY_BYTES},
 * then written to a temporary file (a million-span export's long tool outputs are some 190 MB), an
 * {@link UnlinkedTempFile} closed when this store is unreachable. Adding is for the importing thread; reading is synchronized.
 */
public final class SpilledBlobs implements BlobSource {

    static final long IN_MEMORY_BYTES = 32L << 20;

    private final MemoryBlobStore memory = new MemoryBlobStore();
    private final long inMemoryBytes;
    private final Path directory;
    private long memoryBytes;
    private RandomAccessFile file;
    private long fileLength;
    /** Where each blob in the file lies, in the order they were added. */
    private final Map<String, Place> places = new LinkedHashMap<>();

    private record Place(long offset, int length) {
    }

    SpilledBlobs() {
        this(IN_MEMORY_BYTES, null);
    }

    /** Blobs beyond {@code inMemoryBytes} go to a file in {@code directory} (the system's temporary folder when null). */
    SpilledBlobs(long inMemoryBytes, Path directory) {
        this.inMemoryBytes = inMemoryBytes;
        this.directory = directory;
    }

    /** Adds a blob (once per content) and returns its name. */
    synchronized String put(byte[] content) {
        String hash = Hashes.sha256(content);
        if (contains(hash)) {
            return hash;
        }
        if (file == null && memoryBytes + content.length <= inMemoryBytes) {
            memoryBytes += content.length;
            return memory.put(content);
        }
        try {
            RandomAccessFile spill = file();
            spill.seek(fileLength);
            spill.write(content);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write a blob to the import's temporary file: " + e.getMessage(), e);
        }
        places.put(hash, new Place(fileLength, content.length));
        fileLength += content.length;
        return hash;
    }

    @Override
    public synchronized boolean contains(String hash) {
        return memory.contains(hash) || places.containsKey(hash);
    }

    @Override
    public synchronized Optional<byte[]> read(String hash) throws IOException {
        Place place = places.get(hash);
        if (place == null) {
            return memory.read(hash);
        }
        byte[] content = new byte[place.length()];
        file.seek(place.offset());
        file.readFully(content);
        return Optional.of(content);
    }

    /** What an import hands out: the memory store itself while nothing went to the file (every small import). */
    BlobSource handedOut() {
        return file == null ? memory : this;
    }

    /** Every blob, in the order they were added. */
    public synchronized void forEach(BlobConsumer consumer) throws IOException {
        for (byte[] content : memory.all().values()) {
            consumer.accept(content);
        }
        for (String hash : places.keySet()) {
            consumer.accept(read(hash).orElseThrow());
        }
    }

    @FunctionalInterface
    public interface BlobConsumer {
        void accept(byte[] content) throws IOException;
    }

    private RandomAccessFile file() throws IOException {
        if (file == null) {
            UnlinkedTempFile spill = UnlinkedTempFile.create(directory, ".blobs", "the import's blobs");
            spill.closeWhenUnreachable(this);
            file = spill.file();
        }
        return file;
    }
}
