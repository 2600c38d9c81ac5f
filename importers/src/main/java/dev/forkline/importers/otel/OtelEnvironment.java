package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.Payloads;
import dev.forkline.trace.Json;
import dev.forkline.trace.payload.SessionStartData;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/** Environment identity from OpenTelemetry resource attributes (service.*, host.*, os.*, process.*, container.*, k8s.*). */
final class OtelEnvironment {

    private static final String[] IDENTITY_PREFIXES = {"service.", "host.", "os.", "process.", "container.", "k8s.", "cloud.",
            "deployment.", "telemetry.sdk."};

    private OtelEnvironment() {
    }

    /** The session.start environment from the main resource, listing every distinct resource in the file. */
    static ObjectNode of(ObjectNode main, List<ObjectNode> allResources) {
        ObjectNode environment = Json.object();
        String os = join(text(main, "os.type"), text(main, "os.description"), text(main, "os.name"), text(main, "os.version"));
        Payloads.putIfPresent(environment, SessionStartData.ENVIRONMENT_OS, os);
        Payloads.putIfPresent(environment, SessionStartData.ENVIRONMENT_USER, text(main, "process.owner"));
        String image = text(main, "container.image.name");
        if (image != null && text(main, "container.image.tag") != null) {
            image = image + ":" + text(main, "container.image.tag");
        } else if (image != null && main.get("container.image.tags") instanceof ArrayNode tags && !tags.isEmpty()) {
            image = image + ":" + tags.get(0).asText();
        }
        Payloads.putIfPresent(environment, SessionStartData.ENVIRONMENT_IMAGE, image);
        String digest = text(main, "container.image.id");
        if (digest == null && main.get("container.image.repo_digests") instanceof ArrayNode digests && !digests.isEmpty()) {
            digest = digests.get(0).asText();
        }
        Payloads.putIfPresent(environment, SessionStartData.ENVIRONMENT_IMAGE_DIGEST, digest);
        ObjectNode harness = environment.putObject(SessionStartData.ENVIRONMENT_HARNESS);
        Payloads.putIfPresent(harness, SessionStartData.HARNESS_NAME, text(main, "service.name"));
        Payloads.putIfPresent(harness, SessionStartData.HARNESS_VERSION, text(main, "service.version"));
        ObjectNode host = Json.object();
        Payloads.putIfPresent(host, "name", text(main, "host.name"));
        Payloads.putIfPresent(host, "arch", text(main, "host.arch"));
        Payloads.putIfPresent(host, "id", text(main, "host.id"));
        if (!host.isEmpty()) {
            environment.set("host", host);
        }
        ObjectNode process = Json.object();
        Payloads.putIfPresent(process, "pid", text(main, "process.pid"));
        Payloads.putIfPresent(process, "executable", text(main, "process.executable.name"));
        Payloads.putIfPresent(process, "command", text(main, "process.command_line"));
        Payloads.putIfPresent(process, "runtime", join(text(main, "process.runtime.name"), text(main, "process.runtime.version")));
        if (!process.isEmpty()) {
            environment.set("process", process);
        }
        ArrayNode resources = environment.putArray("resources");
        for (ObjectNode resource : allResources) {
            ObjectNode identity = Json.object();
            resource.properties().forEach(entry -> {
                for (String prefix : IDENTITY_PREFIXES) {
                    if (entry.getKey().startsWith(prefix)) {
                        identity.set(entry.getKey(), entry.getValue());
                        return;
                    }
                }
            });
            resources.add(identity);
        }
        return environment;
    }

    /** Distinct resources in first-seen order. */
    static List<ObjectNode> distinct(List<OtelSpan> spans) {
        Set<ObjectNode> seen = new LinkedHashSet<>();
        for (OtelSpan span : spans) {
            seen.add(span.resource());
        }
        return new ArrayList<>(seen);
    }

    /** What no resource in the file records. */
    static List<String> missing(ObjectNode environment) {
        List<String> missing = new ArrayList<>(List.of("working directory", "git state"));
        if (!environment.has(SessionStartData.ENVIRONMENT_OS)) {
            missing.add("OS");
        }
        if (!environment.has(SessionStartData.ENVIRONMENT_IMAGE)) {
            missing.add("container image");
        }
        if (!environment.path(SessionStartData.ENVIRONMENT_HARNESS).has(SessionStartData.HARNESS_VERSION)) {
            missing.add("service version");
        }
        return missing;
    }

    private static String text(ObjectNode resource, String key) {
        JsonNode value = resource.get(key);
        return value == null || value.isNull() ? null : value.asText();
    }

    private static String join(String... parts) {
        StringBuilder out = new StringBuilder();
        for (String part : parts) {
            if (part != null && !part.isBlank()) {
                out.append(out.isEmpty() ? "" : " ").append(part);
            }
        }
        return out.isEmpty() ? null : out.toString();
    }
}
