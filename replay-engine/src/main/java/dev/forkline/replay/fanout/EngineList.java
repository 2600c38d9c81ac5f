package dev.forkline.replay.fanout;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.sandbox.EngineAddress;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A list of Docker engines to fan replays out over, one a line:
 *
 * <pre>
 * # comments and blank lines are skipped
 * local                                   # the engine the environment names (DOCKER_HOST ...)
 * unix:///var/run/docker.sock
 * tcp://build-1.example.org:2376 tls=certs/build-1   # TLS with ca.pem, cert.pem, key.pem from that directory
 * tcp://build-2.example.org:2376                     # TLS from DOCKER_TLS_VERIFY / DOCKER_CERT_PATH, as the docker CLI
 * </pre>
 *
 * A relative {@code tls=} directory is taken from the list's own directory. A mistake is reported with the file and line.
 */
public final class EngineList {

    private static final String TLS = "tls=";

    private EngineList() {
    }

    /** @throws ReplayInputException naming the file and line of a bad entry, or an empty list */
    public static List<EngineAddress> read(Path file) throws IOException {
        List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        List<EngineAddress> engines = new ArrayList<>();
        Set<String> seen = new HashSet<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            int hash = line.indexOf('#');
            String entry = (hash >= 0 ? line.substring(0, hash) : line).strip();
            if (entry.isEmpty()) {
                continue;
            }
            String where = file + ":" + (i + 1);
            String[] fields = entry.split("\\s+");
            if (fields.length > 2 || (fields.length == 2 && !fields[1].startsWith(TLS))) {
                throw new ReplayInputException(where + ": expected ADDRESS [tls=DIR], got '" + entry + "'");
            }
            Path certs = null;
            if (fields.length == 2) {
                String dir = fields[1].substring(TLS.length());
                if (dir.isEmpty()) {
                    throw new ReplayInputException(where + ": tls= names no directory");
                }
                Path parent = file.toAbsolutePath().getParent();
                certs = parent == null ? Path.of(dir) : parent.resolve(dir);
            }
            EngineAddress address;
            try {
                address = EngineAddress.parse(fields[0], certs);
            } catch (ReplayInputException e) {
                throw new ReplayInputException(where + ": " + e.getMessage(), e);
            }
            if (!seen.add(address.toString())) {
                throw new ReplayInputException(where + ": " + address + " is listed twice (give --per-engine N for more sandboxes on it)");
            }
            engines.add(address);
        }
        if (engines.isEmpty()) {
            throw new ReplayInputException(file + " lists no engine: give one address a line (local, unix:///PATH or tcp://HOST:PORT)");
        }
        return List.copyOf(engines);
    }
}
