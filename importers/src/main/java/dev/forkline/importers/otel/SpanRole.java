package dev.forkline.importers.otel;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.Locale;
import java.util.Set;

/**
 * What a span is, from the GenAI semantic conventions ({@code gen_ai.operation.name}), OpenInference
 * ({@code openinference.span.kind}) or Traceloop ({@code traceloop.span.kind}); a span naming a model but no
 * operation (e.g. ADK's {@code call_llm}) is a model call.
 */
enum SpanRole {
    AGENT, MODEL, TOOL, PLAIN;

    private static final Set<String> MODEL_OPERATIONS = Set.of("chat", "text_completion", "generate_content", "embeddings", "completion");
    private static final Set<String> AGENT_OPERATIONS = Set.of("invoke_agent", "create_agent");

    static SpanRole of(ObjectNode attributes) {
        String operation = lower(OtelSpan.text(attributes, "gen_ai.operation.name"));
        if (operation != null) {
            if (AGENT_OPERATIONS.contains(operation)) {
                return AGENT;
            }
            if ("execute_tool".equals(operation)) {
                return TOOL;
            }
            if (MODEL_OPERATIONS.contains(operation)) {
                return MODEL;
            }
        }
        String openInference = lower(OtelSpan.text(attributes, "openinference.span.kind"));
        if (openInference != null) {
            switch (openInference) {
                case "agent" -> {
                    return AGENT;
                }
                case "llm", "embedding" -> {
                    return MODEL;
                }
                case "tool" -> {
                    return TOOL;
                }
                default -> {
                    // chain, retriever, reranker, guardrail, evaluator: plain spans
                }
            }
        }
        String traceloop = lower(OtelSpan.text(attributes, "traceloop.span.kind"));
        if ("agent".equals(traceloop)) {
            return AGENT;
        }
        if ("tool".equals(traceloop)) {
            return TOOL;
        }
        if (has(attributes, "gen_ai.tool.name") && !has(attributes, "gen_ai.request.model")) {
            return TOOL;
        }
        if (has(attributes, "gen_ai.request.model") || has(attributes, "gen_ai.response.model")
                || has(attributes, "llm.model_name")) {
            return MODEL;
        }
        return PLAIN;
    }

    private static boolean has(ObjectNode attributes, String key) {
        JsonNode value = attributes.get(key);
        return value != null && !value.isNull();
    }

    private static String lower(String text) {
        return text == null ? null : text.toLowerCase(Locale.ROOT);
    }
}
