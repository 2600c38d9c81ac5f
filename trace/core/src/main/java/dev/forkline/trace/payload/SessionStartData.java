package dev.forkline.trace.payload;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;

/** The payload of a {@code session.start}: how a run began: its title, environment, model and, for imported runs, where it came from. Members the trace does not hold read as null. */
public record SessionStartData(String title, ObjectNode environment, ObjectNode model, ObjectNode imported) {

    public static final String TYPE = "session.start";
    public static final String TITLE = "title";
    public static final String ENVIRONMENT = "environment";
    public static final String MODEL = "model";
    public static final String IMPORTED = "imported";
    /** Members of {@code model}: who provides the model, its name and version. */
    public static final String MODEL_PROVIDER = "provider";
    public static final String MODEL_NAME = "model";
    public static final String MODEL_VERSION = "version";
    /** A member of {@code imported}: the importer's format name ({@code claude-code}, {@code swe-agent}, …). */
    public static final String IMPORTED_FORMAT = "format";
    /** A member of {@code imported}: the name of the file or folder the run was imported from (not its folder). */
    public static final String IMPORTED_SOURCE = "source";
    /** Members of {@code environment}: the sandbox image and boundary, and where and on what the session ran. */
    public static final String ENVIRONMENT_IMAGE = "image";
    public static final String ENVIRONMENT_IMAGE_DIGEST = "imageDigest";
    public static final String ENVIRONMENT_ISOLATION = "isolation";
    public static final String ENVIRONMENT_OS = "os";
    public static final String ENVIRONMENT_PLATFORM = "platform";
    public static final String ENVIRONMENT_CWD = "cwd";
    public static final String ENVIRONMENT_USER = "user";
    public static final String ENVIRONMENT_GIT = "git";
    public static final String GIT_REPOSITORY = "repository";
    public static final String GIT_BRANCH = "branch";
    public static final String GIT_COMMIT = "commit";
    public static final String ENVIRONMENT_HARNESS = "harness";
    public static final String HARNESS_NAME = "name";
    public static final String HARNESS_VERSION = "version";
    /** What a SWE-agent run recorded of its environment (an object of the {@code SWE_AGENT_*} members). */
    public static final String ENVIRONMENT_SWE_AGENT = "sweAgent";
    public static final String SWE_AGENT_REPO_ROOT = "repoRoot";
    public static final String SWE_AGENT_TOOL_BUNDLES = "toolBundles";
    public static final String SWE_AGENT_ENV_VARIABLES = "envVariables";
    public static final String SWE_AGENT_POST_STARTUP_COMMANDS = "postStartupCommands";
    public static final String SWE_AGENT_SUBMIT_COMMAND = "submitCommand";

    public static SessionStartData from(ObjectNode data) {
        return new SessionStartData(Fields.text(data, TITLE),
                Fields.object(data, ENVIRONMENT),
                Fields.object(data, MODEL),
                Fields.object(data, IMPORTED));
    }

    /** Writes the non-null members into {@code data}, leaving every other member as it is; returns {@code data}. */
    public ObjectNode into(ObjectNode data) {
        Fields.put(data, TITLE, title);
        Fields.put(data, ENVIRONMENT, environment);
        Fields.put(data, MODEL, model);
        Fields.put(data, IMPORTED, imported);
        return data;
    }

    public ObjectNode toPayload() {
        return into(Json.object());
    }
}
