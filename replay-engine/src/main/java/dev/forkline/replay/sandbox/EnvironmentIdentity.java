package dev.forkline.replay.sandbox;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

import dev.forkline.trace.payload.SessionStartData;
import java.util.List;
import java.util.function.Function;

/**
 * What a sandbox runs on, as recorded in {@code session.start data.environment}: the image (name, id, registry digest
 * when it has one), the OS read from {@code /etc/os-release} (or the busybox banner), and the user from {@code id}.
 */
public record EnvironmentIdentity(String image, String imageId, String imageDigest, String os, String user, String cwd) {

    /**
     * The identity of a sandbox inside {@code boundary} running the image its backend knows as {@code imageId}: the OS
     * and user are read inside it through {@code probe}, which runs a short command (argv) as the boundary's user with
     * the backend's internal timeout, without counting as a call that may change the workspace.
     *
     * @param imageDigest the image's registry digest, null when it has none
     */
    public static EnvironmentIdentity read(IsolationBoundary boundary, String imageId, String imageDigest,
                                           Function<List<String>, ExecResult> probe) {
        return new EnvironmentIdentity(boundary.image(), imageId, imageDigest, readOs(probe), readUser(probe, boundary),
                boundary.workspace());
    }

    private static String readOs(Function<List<String>, ExecResult> probe) {
        ExecResult release = probe.apply(List.of("cat", "/etc/os-release"));
        if (release.succeeded()) {
            for (String line : release.stdoutText().split("\n")) {
                if (line.startsWith("PRETTY_NAME=")) {
                    return unquote(line.substring("PRETTY_NAME=".length()));
                }
            }
        }
        ExecResult busybox = probe.apply(List.of("busybox"));
        String banner = (busybox.stdoutText() + busybox.stderrText()).lines().findFirst().orElse("");
        return banner.isBlank() ? "unknown" : banner.strip();
    }

    private static String readUser(Function<List<String>, ExecResult> probe, IsolationBoundary boundary) {
        ExecResult id = probe.apply(List.of("id"));
        return id.succeeded() ? id.stdoutText().strip() : boundary.user();
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
