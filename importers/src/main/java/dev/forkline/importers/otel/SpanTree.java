package dev.forkline.importers.otel;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Parent links, roles, lanes and model groups of a set of spans. */
final class SpanTree {

    /** By trace id, then span id. */
    private final Map<String, Map<String, OtelSpan>> byId = new HashMap<>();
    /** By identity: equal spans have equal depths, and identity needs no entry objects (a million spans). */
    private final Map<OtelSpan, Integer> depths = new java.util.IdentityHashMap<>();

    SpanTree(List<OtelSpan> spans) {
        add(spans);
    }

    /**
     * Adds spans that arrived later. Depths already asked for stay as they were: the caller makes sure that no added
     * span is the parent of a span already in the tree ({@link #isKnown}, {@link #parentKey}).
     */
    void add(List<OtelSpan> spans) {
        for (OtelSpan span : spans) {
            byId.computeIfAbsent(span.traceId(), trace -> new HashMap<>()).putIfAbsent(span.spanId(), span);
        }
    }

    /** Whether a span with this span's trace and span id is in the tree. */
    boolean isKnown(OtelSpan span) {
        return find(span.traceId(), span.spanId()) != null;
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
        OtelSpan parent = find(span.traceId(), span.parentId());
        return parent == span ? null : parent;
    }

    private OtelSpan find(String traceId, String spanId) {
        Map<String, OtelSpan> trace = byId.get(traceId);
        return trace == null ? null : trace.get(spanId);
    }

    /** Whether the span names a parent that is not in the file. */
    boolean orphan(OtelSpan span) {
        return span.parentId() != null && parent(span) == null;
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
            if (current.role() == SpanRole.MODEL) {
                root = current;
            }
        }
        return root;
    }

    /** The nearest enclosing (or own) model span, or null. */
    OtelSpan enclosingModel(OtelSpan span) {
        int hops = 0;
        for (OtelSpan current = span; current != null && hops < 10_000; current = parent(current), hops++) {
            if (current.role() == SpanRole.MODEL) {
                return modelRoot(current);
            }
        }
        return null;
    }

    /** The lane: the nearest agent span's agent (or a span naming its agent), else the producing service. */
    String actor(OtelSpan span) {
        int hops = 0;
        for (OtelSpan current = span; current != null && hops < 10_000; current = parent(current), hops++) {
            if (current.role() == SpanRole.AGENT) {
                return "agent:" + current.agentName();
            }
            String named = current.namedAgent();
            if (named != null) {
                return "agent:" + named;
            }
        }
        String service = span.resourceText("service.name");
        return "agent:" + (service != null ? service : "unknown-service");
    }
}
