package dev.forkline.trace.bundle;

import dev.forkline.trace.Hashes;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/** Blobs held in memory, e.g. by an importer before the trace is stored. */
public final class MemoryBlobStore implements BlobSource {

    private final Map<String, byte[]> blobs = new LinkedHashMap<>();

    public String put(byte[] content) {
        String hash = Hashes.sha256(content);
        blobs.putIfAbsent(hash, content.clone());
        return hash;
    }

    @Override
    public boolean contains(String hash) {
        return blobs.containsKey(hash);
    }

    @Override
    public Optional<byte[]> read(String hash) {
        byte[] content = blobs.get(hash);
        return content == null ? Optional.empty() : Optional.of(content.clone());
    }

    public Map<String, byte[]> all() {
        return java.util.Collections.unmodifiableMap(blobs);
    }
}
