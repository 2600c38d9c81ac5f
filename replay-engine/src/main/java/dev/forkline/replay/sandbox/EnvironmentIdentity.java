package dev.forkline.replay.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import com.github.dockerjava.api.command.InspectImageResponse;
import dev.forkline.trace.Json;

import dev.forkline.trace.payload.SessionStartData;
import java.util.List;

/**
 * What a sandbox runs on, as recorded in {@code session.start data.environment}: the image (name, id, registry digest
 * when it has one), the OS read from {@code /etc/os-release} (or the busybox banner), and the user from {@code id}.
 */
public record EnvironmentIdentity(String image, String imageId, String imageDigest, String os, String user, String cwd) {

    static EnvironmentIdentity read(Sandbox sandbox, DockerEngine engine) {
        String image = sandbox.boundary().image();
        InspectImageResponse inspected = engine.client().inspectImageCmd(image).exec();
        List<String> digests = inspected.getRepoDigests();
        String digest = digests == null || digests.isEmpty() ? null : digests.getFirst();
        return new EnvironmentIdentity(image, inspected.getId(), digest, readOs(sandbox), readUser(sandbox),
                sandbox.boundary().workspace());
    }

    private static String readOs(Sandbox sandbox) {
        ExecResult release = sandbox.probe("cat", "/etc/os-release");
        if (release.succeeded()) {
            for (String line : release.stdoutText().split("\n")) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return unquote(line.substring("PRETTY_NAME=".length()));
                }
            }
        }
        ExecResult busybox = sandbox.probe("busybox");
        String banner = (busybox.stdoutText() + busybox.stderrText()).lines().findFirst().orElse("");
        return banner.isBlank() ? "unknown" : banner.strip();
    }

    private static String readUser(Sandbox sandbox) {
        ExecResult id = sandbox.probe("id");
        return id.succeeded() ? id.stdoutText().strip() : sandbox.boundary().user();
    }

    private static String unquote(String value) {
        String v = value.strip();
        if (v.length() >= 2 && (v.startsWith("\"") && v.endsWith("\"") || v.startsWith("'") && v.endsWith("'"))) {
            return v.substring(1, v.length() - 1);
        }
        return v;
    }

    /** The {@code environment} object of session.start, with the isolation boundary (git and harness are the caller's). */
    public ObjectNode toJson(IsolationBoundary boundary) {
        ObjectNode json = Json.object();
        json.put(SessionStartData.ENVIRONMENT_IMAGE, image);
        json.put("imageId", imageId);
        if (imageDigest == null) {
            json.putNull(SessionStartData.ENVIRONMENT_IMAGE_DIGEST);
        } else {
            json.put(SessionStartData.ENVIRONMENT_IMAGE_DIGEST, imageDigest);
        }
        json.put(SessionStartData.ENVIRONMENT_OS, os);
        json.put(SessionStartData.ENVIRONMENT_USER, user);
        json.put(SessionStartData.ENVIRONMENT_CWD, cwd);
        json.set(SessionStartData.ENVIRONMENT_ISOLATION, boundary.toJson());
        return json;
    }
}
