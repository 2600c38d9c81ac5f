package dev.forkline.replay.sandbox;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

import java.util.ArrayList;
import java.util.List;

/**
 * What a sandbox lets its processes do. Recorded in {@code session.start} as {@code data.environment.isolation} so a
 * replay can rebuild the same boundary.
 *
 * @param image           the container image
 * @param network         Docker network mode; {@code none} leaves only a loopback interface
 * @param user            {@code uid:gid} that every process runs as (never 0 in {@link #strict()})
 * @param readOnlyRoot    the root filesystem is read-only; only {@link #workspace} and {@code /tmp} are writable
 * @param capDrop         Linux capabilities dropped ({@code ALL})
 * @param noNewPrivileges setuid binaries cannot raise privileges
 * @param memoryBytes     memory limit (swap is held to the same value, so no swap)
 * @param nanoCpus        CPU quota in billionths of a CPU
 * @param pidsLimit       maximum number of processes and threads
 * @param tmpSizeBytes    size of the {@code /tmp} tmpfs
 * @param workspace       the writable working directory, a volume removed with the container
 */
public record IsolationBoundary(String image, String network, String user, boolean readOnlyRoot, List<String> capDrop,
                                boolean noNewPrivileges, long memoryBytes, long nanoCpus, long pidsLimit, long tmpSizeBytes,
                                String workspace) {

    public static final String DEFAULT_IMAGE = "forkline/sandbox:1";
    public static final String WORKSPACE = "/workspace";

    public IsolationBoundary {
        capDrop = List.copyOf(capDrop);
        if (image == null || image.isBlank()) {
            throw new IllegalArgumentException("a sandbox needs an image");
        }
        if (!workspace.startsWith("/")) {
            throw new IllegalArgumentException("workspace must be an absolute path: " + workspace);
        }
        if (memoryBytes <= 0 || nanoCpus <= 0 || pidsLimit <= 0 || tmpSizeBytes <= 0) {
            throw new IllegalArgumentException("resource limits must be positive");
        }
    }

    /** The default: no network, non-root, read-only root, no capabilities, 512 MiB, one CPU, 256 processes. */
    public static IsolationBoundary strict() {
        return new IsolationBoundary(DEFAULT_IMAGE, "none", "10001:10001", true, List.of("ALL"), true,
                512L * 1024 * 1024, 1_000_000_000L, 256, 64L * 1024 * 1024, WORKSPACE);
    }

    public IsolationBoundary withImage(String otherImage) {
        return new IsolationBoundary(otherImage, network, user, readOnlyRoot, capDrop, noNewPrivileges, memoryBytes, nanoCpus,
                pidsLimit, tmpSizeBytes, workspace);
    }

    public IsolationBoundary withLimits(long memory, long cpus, long pids) {
        return new IsolationBoundary(image, network, user, readOnlyRoot, capDrop, noNewPrivileges, memory, cpus, pids,
                tmpSizeBytes, workspace);
    }

    public int uid() {
        return Integer.parseInt(user.split(":", 2)[0]);
    }

    public int gid() {
        String[] parts = user.split(":", 2);
        return Integer.parseInt(parts.length == 2 ? parts[1] : parts[0]);
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("image", image);
        json.put("network", network);
        json.put("user", user);
        json.put("readOnlyRoot", readOnlyRoot);
        ArrayNode caps = json.putArray("capDrop");
        capDrop.forEach(caps::add);
        json.put("noNewPrivileges", noNewPrivileges);
        json.put("memoryBytes", memoryBytes);
        json.put("nanoCpus", nanoCpus);
        json.put("pidsLimit", pidsLimit);
        json.put("tmpSizeBytes", tmpSizeBytes);
        json.put("workspace", workspace);
        return json;
    }

    /** Reads a recorded boundary; fields that are missing take their {@link #strict()} value. */
    public static IsolationBoundary fromJson(JsonNode json) {
        IsolationBoundary d = strict();
        if (json == null || !json.isObject()) {
            return d;
        }
        List<String> caps = new ArrayList<>();
        if (json.path("capDrop").isArray()) {
            json.get("capDrop").forEach(c -> caps.add(c.asText()));
        } else {
            caps.addAll(d.capDrop());
        }
        return new IsolationBoundary(
                json.path("image").asText(d.image()),
                json.path("network").asText(d.network()),
                json.path("user").asText(d.user()),
                json.path("readOnlyRoot").asBoolean(d.readOnlyRoot()),
                caps,
                json.path("noNewPrivileges").asBoolean(d.noNewPrivileges()),
                json.path("memoryBytes").asLong(d.memoryBytes()),
                json.path("nanoCpus").asLong(d.nanoCpus()),
                json.path("pidsLimit").asLong(d.pidsLimit()),
                json.path("tmpSizeBytes").asLong(d.tmpSizeBytes()),
                json.path("workspace").asText(d.workspace()));
    }
}
