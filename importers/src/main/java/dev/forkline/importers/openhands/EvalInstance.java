package dev.forkline.importers.openhands;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.importers.support.JsonFields;
import dev.forkline.trace.Json;
import java.math.BigDecimal;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * What one line of an OpenHands evaluation or resolver {@code output.jsonl} says about its run besides the history:
 * the instance (repository, base commit), the configured model, the run's metrics per model response (token usage,
 * cost, latency) and totals, the final patch, the error that stopped it and the evaluation's verdict. {@link #NONE}
 * stands for a plain event stream, which has none of these.
 */
final class EvalInstance {

    /** Token counts of one model response (or of the run), as OpenHands' {@code Metrics} records them. */
    record Usage(long input, long output, long cacheRead, long cacheWrite) {

        static Usage of(JsonNode usage) {
            return new Usage(usage.path("prompt_tokens").asLong(0), usage.path("completion_tokens").asLong(0),
                    usage.path("cache_read_tokens").asLong(0), usage.path("cache_write_tokens").asLong(0));
        }

        Usage plus(Usage other) {
            return new Usage(input + other.input, output + other.output, cacheRead + other.cacheRead, cacheWrite + other.cacheWrite);
        }

        static final Usage ZERO = new Usage(0, 0, 0, 0);
    }

    static final EvalInstance NONE = new EvalInstance(null, null, null, null, null, null, null, null, null, null,
            Map.of(), Map.of(), Map.of(), null, null, false);

    /** The {@code <uploaded_files>} block SWE-bench style prompts open with: the directory the repository was put in. */
    private static final Pattern UPLOADED = Pattern.compile("<uploaded_files>\\s*(/[^\\s<]+)\\s*</uploaded_files>");

    private final String instanceId;
    private final String repository;
    private final String commit;
    private final String model;
    private final String agentClass;
    private final String openHandsCommit;
    private final String uploadedDir;
    private final String patch;
    private final String error;
    private final ObjectNode evaluation;
    private final Map<String, Usage> usageByResponse;
    private final Map<String, BigDecimal> costByResponse;
    private final Map<String, Double> latencyByResponse;
    private final Usage totalUsage;
    private final BigDecimal totalCost;
    private final boolean priced;

    private EvalInstance(String instanceId, String repository, String commit, String model, String agentClass, String openHandsCommit,
            String uploadedDir, String patch, String error, ObjectNode evaluation, Map<String, Usage> usageByResponse,
            Map<String, BigDecimal> costByResponse, Map<String, Double> latencyByResponse, Usage totalUsage, BigDecimal totalCost,
            boolean priced) {
        this.instanceId = instanceId;
        this.repository = repository;
        this.commit = commit;
        this.model = model;
        this.agentClass = agentClass;
        this.openHandsCommit = openHandsCommit;
        this.uploadedDir = uploadedDir;
        this.patch = patch;
        this.error = error;
        this.evaluation = evaluation;
        this.usageByResponse = usageByResponse;
        this.costByResponse = costByResponse;
        this.latencyByResponse = latencyByResponse;
        this.totalUsage = totalUsage;
        this.totalCost = totalCost;
        this.priced = priced;
    }

    /** Reads the fields of one output line (evaluation: instance_id, instance, test_result; resolver: issue, base_commit, git_patch). */
    static EvalInstance of(JsonNode line) {
        JsonNode instance = line.path("instance");
        JsonNode issue = line.path("issue");
        String instanceId = JsonFields.firstScalar(line, "instance_id");
        if (instanceId == null && issue.isObject()) {
            String number = JsonFields.scalar(issue, "number");
            instanceId = number == null ? null : "issue-" + number;
        }
        String repository = JsonFields.firstScalar(instance, "repo");
        if (repository == null && issue.isObject() && JsonFields.scalar(issue, "owner") != null && JsonFields.scalar(issue, "repo") != null) {
            repository = JsonFields.scalar(issue, "owner") + "/" + JsonFields.scalar(issue, "repo");
        }
        String commit = JsonFields.firstScalar(instance, "base_commit");
        if (commit == null) {
            commit = JsonFields.firstScalar(line, "base_commit");
        }
        JsonNode metadata = line.path("metadata");
        String patch = JsonFields.scalarAt(line, "test_result", "git_patch");
        if (patch == null) {
            patch = JsonFields.scalar(line, "git_patch");
        }
        ObjectNode evaluation = null;
        if (line.path("test_result").isObject()) {
            evaluation = line.get("test_result").deepCopy();
            evaluation.remove("git_patch");
            if (evaluation.isEmpty()) {
                evaluation = null;
            }
        }
        for (String verdict : new String[] {"success", "result_explanation"}) {
            if (line.hasNonNull(verdict)) {
                if (evaluation == null) {
                    evaluation = Json.object();
                }
                evaluation.set(verdict, line.get(verdict));
            }
        }
        String instruction = JsonFields.scalar(line, "instruction");
        Matcher uploaded = instruction == null ? null : UPLOADED.matcher(instruction);
        JsonNode metrics = line.path("metrics");
        Map<String, Usage> usage = new LinkedHashMap<>();
        for (JsonNode entry : metrics.path("token_usages")) {
            String id = JsonFields.scalar(entry, "response_id");
            if (id != null && !id.isEmpty()) {
                usage.merge(id, Usage.of(entry), Usage::plus);
            }
        }
        Map<String, BigDecimal> cost = new LinkedHashMap<>();
        for (JsonNode entry : metrics.path("costs")) {
            String id = JsonFields.scalar(entry, "response_id");
            if (id != null && !id.isEmpty() && entry.path("cost").isNumber()) {
                cost.merge(id, entry.get("cost").decimalValue(), BigDecimal::add);
            }
        }
        Map<String, Double> latency = new LinkedHashMap<>();
        for (JsonNode entry : metrics.path("response_latencies")) {
            String id = JsonFields.scalar(entry, "response_id");
            if (id != null && !id.isEmpty() && entry.path("latency").isNumber()) {
                latency.merge(id, entry.get("latency").asDouble(), Double::sum);
            }
        }
        JsonNode accumulated = metrics.path("accumulated_token_usage");
        JsonNode accumulatedCost = metrics.path("accumulated_cost");
        // OpenHands records 0.0 and no per-response cost when the model has no price (e.g. behind a local proxy)
        boolean priced = !cost.isEmpty() || accumulatedCost.isNumber() && accumulatedCost.decimalValue().signum() != 0;
        return new EvalInstance(instanceId, repository, commit, JsonFields.scalarAt(metadata, "llm_config", "model"),
                JsonFields.scalar(metadata, "agent_class"), JsonFields.scalar(metadata, "git_commit"),
                uploaded != null && uploaded.find() ? uploaded.group(1) : null, patch, JsonFields.scalar(line, "error"), evaluation,
                usage, cost, latency, accumulated.isObject() ? Usage.of(accumulated) : null,
                accumulatedCost.isNumber() ? accumulatedCost.decimalValue() : null, priced);
    }

    boolean isEval() {
        return this != NONE;
    }

    String instanceId() {
        return instanceId;
    }

    String repository() {
        return repository;
    }

    String commit() {
        return commit;
    }

    String model() {
        return model;
    }

    String agentClass() {
        return agentClass;
    }

    String openHandsCommit() {
        return openHandsCommit;
    }

    /** The directory the prompt says the repository was uploaded to, or null. */
    String uploadedDir() {
        return uploadedDir;
    }

    String patch() {
        return patch;
    }

    String error() {
        return error;
    }

    /** What the evaluation or resolver says of the result (test_result without the patch, success, ...), or null. */
    ObjectNode evaluation() {
        return evaluation;
    }

    Usage usageOf(String responseId) {
        return responseId == null ? null : usageByResponse.get(responseId);
    }

    BigDecimal costOf(String responseId) {
        return responseId == null ? null : costByResponse.get(responseId);
    }

    Double latencyOf(String responseId) {
        return responseId == null ? null : latencyByResponse.get(responseId);
    }

    /** Every response id the metrics name (usage, cost or latency). */
    Set<String> responseIds() {
        Set<String> ids = new LinkedHashSet<>(usageByResponse.keySet());
        ids.addAll(costByResponse.keySet());
        ids.addAll(latencyByResponse.keySet());
        return ids;
    }

    /** The run's accumulated token usage, or null when the metrics hold none. */
    Usage totalUsage() {
        return totalUsage;
    }

    /** The run's accumulated cost when the model was priced, else null. */
    BigDecimal totalCost() {
        return priced ? totalCost : null;
    }
}
