package dev.forkline.importers.support;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.trace.CanonicalJson;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;

/**
 * What an import made, as one SHA-256: each event (its canonical JSON without the hash chain) with its source line, the
 * manifest and every finding. Tests pin it to show that a change to an importer's reading leaves its output as it was.
 */
public final class ImportDigest {

    private ImportDigest() {
    }

    /** The digest, with {@code path} (a temporary folder or file, which events and findings may name) written as {@code as}. */
    public static String of(ImportedTrace trace, String path, String as) throws Exception {
        MessageDigest sha = MessageDigest.getInstance("SHA-256");
        try (Bundle bundle = trace.bundle()) {
            for (int i = 0; i < bundle.events().size(); i++) {
                ObjectNode event = EventCodec.toJson(bundle.events().get(i));
                event.remove("hash");
                event.remove("prev");
                update(sha, CanonicalJson.write(event).replace(path, as) + " " + bundle.lineOf(i));
            }
            update(sha, bundle.manifest().toString());
        }
        for (Finding finding : trace.findings()) {
            update(sha, finding.toString().replace(path, as));
        }
        return HexFormat.of().formatHex(sha.digest());
    }

    private static void update(MessageDigest sha, String text) {
        sha.update(text.getBytes(StandardCharsets.UTF_8));
        sha.update((byte) '\n');
    }
}
