package dev.forkline.app;

import dev.forkline.trace.bundle.Bundle;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/** The bundles a command has opened, closed together when it is done with them. */
final class OpenBundles implements AutoCloseable {

    private final List<Bundle> bundles = new ArrayList<>();

    void add(Bundle bundle) {
        bundles.add(bundle);
    }

    List<Bundle> all() {
        return bundles;
    }

    @Override
    public void close() throws IOException {
        for (Bundle bundle : bundles) {
            bundle.close();
        }
    }
}
