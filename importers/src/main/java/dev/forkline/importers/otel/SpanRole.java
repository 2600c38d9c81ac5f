package dev.forkline.importers.otel;

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

    static SpanRole of(OtelSpan span) {
        String operation = lower(span.text("gen_ai.operation.name"));
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
        String openInference = lower(span.text("openinference.span.kind"));
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
        String traceloop = lower(span.text("traceloop.span.kind"));
        if ("agent".equals(traceloop)) {
            return AGENT;
        }
        if ("tool".equals(traceloop)) {
            return TOOL;
        }
        if (span.value("gen_ai.tool.name") != null && span.value("gen_ai.request.model") == null) {
            return TOOL;
        }
        if (span.value("gen_ai.request.model") != null || span.value("gen_ai.response.model") != null
                || span.value("llm.model_name") != null) {
            return MODEL;
        }
        return PLAIN;
    }

    private static String lower(String text) {
        return text == null ? null : text.toLowerCase(Locale.ROOT);
    }
}
