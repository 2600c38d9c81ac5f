package dev.forkline.replay.engine;

import dev.forkline.trace.bundle.BlobSource;

import java.io.IOException;
import java.util.Optional;

/** The bundle's blobs, then blobs held elsewhere (a supplied starting tree's contents). */
record LayeredBlobs(BlobSource first, BlobSource second) implements BlobSource {

    @Override
    public boolean contains(String hash) {
        return first.contains(hash) || second.contains(hash);
    }

    @Override
    public Optional<byte[]> read(String hash) throws IOException {
        Optional<byte[]> found = first.read(hash);
        return found.isPresent() ? found : second.read(hash);
    }
}
