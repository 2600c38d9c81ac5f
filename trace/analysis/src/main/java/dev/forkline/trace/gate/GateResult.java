package dev.forkline.trace.gate;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * The launch gate's verdict: every clause's result, per trace and for the contract's scenarios.
 *
 * @param traceIds the traces checked, in the order given
 */
public record GateResult(Contract contract, List<String> traceIds, List<ClauseResult> results) {

    /** The JUnit suite that holds the scenario clauses. */
    public static final String SCENARIO_SUITE = "scenarios";

    public GateResult {
        traceIds = List.copyOf(traceIds);
        results = List.copyOf(results);
    }

    public boolean passed() {
        return results.stream().allMatch(ClauseResult::passed);
    }

    public List<ClauseResult> failures() {
        return results.stream().filter(result -> !result.passed()).toList();
    }

    /** The results about one trace (scenario clauses excluded). */
    public List<ClauseResult> forTrace(String traceId) {
        return results.stream().filter(result -> traceId.equals(result.traceId())).toList();
    }

    /**
     * For people (the CLI's default output): one line per clause, {@code PASS}/{@code FAIL}, the trace (or
     * "scenarios"), the clause and its message; each piece of evidence indented below a failure; a last line with
     * the verdict.
     */
    public String toText() {
        StringBuilder text = new StringBuilder();
        for (ClauseResult result : results) {
            text.append(result.passed() ? "PASS  " : "FAIL  ").append(result.traceId() == null ? SCENARIO_SUITE : result.traceId())
                    .append("  ").append(result.clause()).append(": ").append(result.message()).append('\n');
            for (Evidence evidence : result.evidence()) {
                text.append("        ").append(evidence.describe()).append('\n');
            }
        }
        return text.append(passed() ? "gate passed: " : "gate FAILED: ").append(results.size() - failures().size()).append(" of ")
                .append(results.size()).append(" clauses hold (contract ").append(contract.name()).append(")\n").toString();
    }

    /**
     * {@code {"passed","contract":{...},"traces":[...],"total","failed","clauses":[{"clause","traceId","passed","message",
     * "evidence":[{"traceId","run","eventId","line","note"}]}]}}
     */
    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("passed", passed());
        json.set("contract", contract.toJson());
        ArrayNode traces = json.putArray("traces");
        traceIds.forEach(traces::add);
        json.put("total", results.size());
        json.put("failed", failures().size());
        ArrayNode clauses = json.putArray("clauses");
        results.forEach(result -> clauses.add(result.toJson()));
        return json;
    }

    /**
     * JUnit XML: one testsuite per trace (named by trace id) plus one for the scenarios, one testcase per clause
     * (classname = the suite, name = the clause id), a failure element holding the message and the evidence.
     */
    public String toJUnitXml() {
        Map<String, List<ClauseResult>> suites = new LinkedHashMap<>();
        traceIds.forEach(id -> suites.putIfAbsent(id, new java.util.ArrayList<>()));
        for (ClauseResult result : results) {
            suites.computeIfAbsent(result.traceId() == null ? SCENARIO_SUITE : result.traceId(), k -> new java.util.ArrayList<>()).add(result);
        }
        StringBuilder xml = new StringBuilder("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
        xml.append("<testsuites name=\"").append(Xml.attribute("forkline gate: " + contract.name())).append("\" tests=\"")
                .append(results.size()).append("\" failures=\"").append(failures().size()).append("\">\n");
        for (Map.Entry<String, List<ClauseResult>> suite : suites.entrySet()) {
            long failed = suite.getValue().stream().filter(result -> !result.passed()).count();
            xml.append("  <testsuite name=\"").append(Xml.attribute(suite.getKey())).append("\" tests=\"")
                    .append(suite.getValue().size()).append("\" failures=\"").append(failed).append("\" errors=\"0\" skipped=\"0\">\n");
            for (ClauseResult result : suite.getValue()) {
                xml.append("    <testcase classname=\"").append(Xml.attribute(suite.getKey())).append("\" name=\"")
                        .append(Xml.attribute(result.clause())).append('"');
                if (result.passed()) {
                    xml.append(">\n      <system-out>").append(Xml.text(result.message())).append("</system-out>\n    </testcase>\n");
                } else {
                    String details = result.evidence().stream().map(Evidence::describe).collect(Collectors.joining("\n"));
                    xml.append(">\n      <failure message=\"").append(Xml.attribute(result.message())).append("\" type=\"")
                            .append(Xml.attribute(result.clause())).append("\">").append(Xml.text(details))
                            .append("</failure>\n    </testcase>\n");
                }
            }
            xml.append("  </testsuite>\n");
        }
        return xml.append("</testsuites>\n").toString();
    }
}
