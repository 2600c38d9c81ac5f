package dev.forkline.importers.otel;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Parent links, roles, lanes and model groups of a set of spans. */
final class SpanTree {

    private final Map<String, OtelSpan> byId = new HashMap<>();
    private final Map<OtelSpan, SpanRole> roles = new HashMap<>();
    private final Map<OtelSpan, Integer> depths = new HashMap<>();

    SpanTree(List<OtelSpan> spans) {
        add(spans);
    }

    /**
     * Adds spans that arrived later. Depths already asked for stay as they were: the caller makes sure that no added
     * span is the parent of a span already in the tree ({@link #isKnown}, {@link #parentKey}).
     */
    void add(List<OtelSpan> spans) {
        for (OtelSpan span : spans) {
            byId.putIfAbsent(key(span.traceId(), span.spanId()), span);
            roles.put(span, SpanRole.of(span));
        }
    }

    /** Whether a span with this span's trace and span id is in the tree. */
    boolean isKnown(OtelSpan span) {
        return byId.containsKey(key(span.traceId(), span.spanId()));
    }

    /** The key of the span this one names as its parent, or null; compare with {@link #keyOf}. */
    static String parentKey(OtelSpan span) {
        return span.parentId() == null ? null : key(span.traceId(), span.parentId());
    }

    static String keyOf(OtelSpan span) {
        return key(span.traceId(), span.spanId());
    }

    private static String key(String traceId, String spanId) {
        return traceId + "/" + spanId;
    }

    OtelSpan parent(OtelSpan span) {
        if (span.parentId() == null) {
            return null;
        }
        OtelSpan parent = byId.get(key(span.traceId(), span.parentId()));
        return parent == span ? null : parent;
    }

    /** Whether the span names a parent that is not in the file. */
    boolean orphan(OtelSpan span) {
        return span.parentId() != null && parent(span) == null;
    }

    SpanRole role(OtelSpan span) {
        return roles.get(span);
    }

    int depth(OtelSpan span) {
        Integer known = depths.get(span);
        if (known != null) {
            return known;
        }
        int depth = 0;
        OtelSpan current = parent(span);
        while (current != null && depth < 10_000) {
            depth++;
            current = parent(current);
        }
        depths.put(span, depth);
        return depth;
    }

    /** The outermost model span enclosing this model span (itself when none encloses it). */
    OtelSpan modelRoot(OtelSpan span) {
        OtelSpan root = span;
        int hops = 0;
        for (OtelSpan current = parent(span); current != null && hops < 10_000; current = parent(current), hops++) {
            if (roles.get(current) == SpanRole.MODEL) {
                root = current;
            }
        }
        return root;
    }

    /** The nearest enclosing (or own) model span, or null. */
    OtelSpan enclosingModel(OtelSpan span) {
        int hops = 0;
        for (OtelSpan current = span; current != null && hops < 10_000; current = parent(current), hops++) {
            if (roles.get(current) == SpanRole.MODEL) {
                return modelRoot(current);
            }
        }
        return null;
    }

    /** The lane: the nearest agent span's agent (or a span naming its agent), else the producing service. */
    String actor(OtelSpan span) {
        int hops = 0;
        for (OtelSpan current = span; current != null && hops < 10_000; current = parent(current), hops++) {
            if (roles.get(current) == SpanRole.AGENT) {
                return "agent:" + agentName(current);
            }
            String named = current.text("gen_ai.agent.name");
            if (named != null) {
                return "agent:" + named;
            }
        }
        String service = span.resourceText("service.name");
        return "agent:" + (service != null ? service : "unknown-service");
    }

    static String agentName(OtelSpan span) {
        for (String key : new String[] {"gen_ai.agent.name", "agent.name", "gen_ai.agent.id"}) {
            String value = span.text(key);
            if (value != null && !value.isBlank()) {
                return value;
            }
        }
        String name = span.name() == null ? "agent" : span.name();
        return name.startsWith("invoke_agent ") ? name.substring("invoke_agent ".length()) : name;
    }
}
