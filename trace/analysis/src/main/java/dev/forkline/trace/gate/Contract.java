package dev.forkline.trace.gate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import dev.forkline.trace.recovery.Millis;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * A recovery contract: what a team promises about how its agents run and recover before they launch. The format is
 * documented in docs/recovery-contract.md; {@link ContractReader} reads it strictly.
 *
 * @param name              the contract's name
 * @param source            the file it was read from (for messages)
 * @param isolation         the boundary every root run must have been recorded in
 * @param retention         how long traces are kept
 * @param cadence           how far apart checkpoints may be
 * @param revert            how runs are restored to a checkpoint
 * @param owner             the person who decides escapes
 * @param recoveryTimeBound the longest acceptable recovery time (failure to healthy again)
 * @param scenarios         the failure scenarios that must have a demonstrated recovery
 */
public record Contract(String name, String source, Isolation isolation, Duration retention, Cadence cadence,
                       Revert revert, Owner owner, Duration recoveryTimeBound, List<Scenario> scenarios) {

    public Contract {
        scenarios = List.copyOf(scenarios);
    }

    /**
     * The isolation boundary. Every field is optional; those given are enforced against session.start
     * environment.isolation: strings and booleans must be equal, capDrop entries must all be dropped, and each limit
     * must be present and at most the bound.
     */
    public record Isolation(String image, String network, String user, Boolean readOnlyRoot, Boolean noNewPrivileges,
                            List<String> capDrop, Map<String, Long> limits) {
        public static final List<String> LIMIT_NAMES = List.of("memoryBytes", "nanoCpus", "pidsLimit", "tmpSizeBytes");

        public Isolation {
            capDrop = capDrop == null ? null : List.copyOf(capDrop);
            // in the contract's order, so that the gate reports its findings in the same order on every run
            limits = Collections.unmodifiableMap(new LinkedHashMap<>(limits));
        }
    }

    /** At most {@code maxToolCalls} tool calls and at most {@code maxInterval} from a restore point to a tool call; either may be null. */
    public record Cadence(Integer maxToolCalls, Duration maxInterval) {
    }

    /**
     * @param mechanism   the revert target: {@code directory} or {@code container}
     * @param maxDuration the longest a revert may take (null: no bound)
     */
    public record Revert(String mechanism, Duration maxDuration) {
        public static final List<String> MECHANISMS = List.of("directory", "container");
    }

    /** @param keyFingerprint when given, decisions must be signed with exactly this key */
    public record Owner(String name, String keyFingerprint) {
    }

    /** A scenario and the traces that demonstrate it. */
    public record Scenario(String id, String name, TraceMatch match) {
    }

    /**
     * Which traces belong to a scenario; every given criterion must hold.
     *
     * @param traceId glob over the manifest's traceId ({@code *} any run of characters, {@code ?} one character)
     * @param title   regular expression found anywhere in the manifest's title (case-insensitive)
     * @param tag     one of the strings in a root run's session.start {@code data.tags}
     */
    public record TraceMatch(String traceId, Pattern title, String tag) {
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("name", name);
        json.put("source", source);
        json.put("retentionMs", Millis.of(retention));
        json.put("recoveryTimeBoundMs", Millis.of(recoveryTimeBound));
        json.put("owner", owner.name());
        json.put("ownerKeyFingerprint", owner.keyFingerprint());
        json.put("revertMechanism", revert.mechanism());
        if (cadence.maxToolCalls() != null) {
            json.put("cadenceMaxToolCalls", cadence.maxToolCalls());
        }
        json.put("cadenceMaxIntervalMs", Millis.of(cadence.maxInterval()));
        ArrayNode list = json.putArray("scenarios");
        scenarios.forEach(scenario -> list.add(scenario.id()));
        return json;
    }
}
