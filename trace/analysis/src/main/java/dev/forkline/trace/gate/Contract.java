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
 * @param escapes           the tool calls of a live session that wait for the owner's decision
 */
public record Contract(String name, String source, Isolation isolation, Duration retention, Cadence cadence,
                       Revert revert, Owner owner, Duration recoveryTimeBound, List<Scenario> scenarios, Escapes escapes) {

    public Contract {
        scenarios = List.copyOf(scenarios);
        escapes = escapes == null ? Escapes.NONE : escapes;
    }

    /** A contract without escape rules. */
    public Contract(String name, String source, Isolation isolation, Duration retention, Cadence cadence,
                    Revert revert, Owner owner, Duration recoveryTimeBound, List<Scenario> scenarios) {
        this(name, source, isolation, retention, cadence, revert, owner, recoveryTimeBound, scenarios, Escapes.NONE);
    }

    /**
     * What a live session's tool call must not do without the owner (docs/recovery-contract.md, {@code escapes:}).
     *
     * @param waitFor   how long a matching call waits for the owner's decision
     * @param onTimeout the reason the call is denied with when no decision came in time
     * @param rules     the rules, in the contract's order; a call matching none passes at once
     */
    public record Escapes(Duration waitFor, String onTimeout, List<EscapeRule> rules) {
        public static final Duration DEFAULT_WAIT = Duration.ofMinutes(10);
        public static final Escapes NONE = new Escapes(DEFAULT_WAIT, null, List.of());

        public Escapes {
            rules = List.copyOf(rules);
            if (onTimeout == null || onTimeout.isBlank()) {
                onTimeout = "the owner did not decide within " + waitFor.toString().substring(2).toLowerCase(java.util.Locale.ROOT)
                        + ": denied";
            }
        }
    }

    /**
     * One escape rule.
     *
     * @param id       names the rule in approval requests (1-64 of A-Z a-z 0-9 . _ -)
     * @param kind     one of {@link #KINDS}
     * @param patterns globs ({@code *} any run of characters, {@code ?} one): tool names for {@code tool}, commands for
     *                 {@code command}, extra commands for {@code network} and {@code privileged}; empty for the others
     */
    public record EscapeRule(String id, String kind, List<String> patterns) {
        /** network egress, writes outside the project directory, privileged commands, named tools, named commands */
        public static final List<String> KINDS = List.of("network", "outsideProject", "privileged", "tool", "command");

        public EscapeRule {
            patterns = List.copyOf(patterns);
        }
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
