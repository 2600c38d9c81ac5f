package dev.forkline.importers.otel;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Parent links, roles, lanes and model groups of a set of spans. The spans are found by trace and span id in one open
 * hash table of the spans themselves (no entry objects, no joined keys: a million spans).
 */
final class SpanTree {

    private OtelSpan[] slots = new OtelSpan[64];
    private int size;
    /**
     * The spans whose trace and span ids another span added has too (a file repeating a span): few, by identity. The
     * writer asks three times per span whether it is the only one, which this answers without a probe of the table.
     */
    private final Set<OtelSpan> sharingIds = Collections.newSetFromMap(new IdentityHashMap<>());

    SpanTree(List<OtelSpan> spans) {
        add(spans);
    }

    /**
     * Adds spans that arrived later (the first of spans with one trace and span id is the one found). Depths do not
     * change: the caller makes sure that no added span is the parent of a span already in the tree ({@link #isKnown},
     * {@link #parentKey}).
     */
    void add(List<OtelSpan> spans) {
        int room = slots.length;
        while (2 * (size + spans.size()) > room) {
            room *= 2;
        }
        if (room > slots.length) {
            grow(room);
        }
        for (OtelSpan span : spans) {
            int at = slot(span.traceId(), span.spanBits(), span.spanText());
            if (slots[at] == null) {
                slots[at] = span;
                size++;
            } else if (slots[at] != span) {
                sharingIds.add(slots[at]);
                sharingIds.add(span);
            }
        }
    }

    private void grow(int room) {
        OtelSpan[] old = slots;
        slots = new OtelSpan[room];
        for (OtelSpan span : old) {
            if (span != null) {
                slots[slot(span.traceId(), span.spanBits(), span.spanText())] = span;
            }
        }
    }

    /** The slot of the span with these ids, or the free slot where it would go. */
    private int slot(String traceId, long bits, String text) {
        int mask = slots.length - 1;
        int hash = Objects.hashCode(traceId) * 31 + (text == null ? Long.hashCode(bits * 0x9E3779B97F4A7C15L) : text.hashCode());
        for (int at = (hash ^ (hash >>> 16)) & mask; ; at = (at + 1) & mask) {
            OtelSpan span = slots[at];
            if (span == null || (span.spanBits() == bits && sameText(span.spanText(), text) && Objects.equals(span.traceId(), traceId))) {
                return at;
            }
        }
    }

    private static boolean sameText(String held, String text) {
        return held == text || (held != null && text != null && held != OtelSpan.NO_ID && text != OtelSpan.NO_ID && held.equals(text));
    }

    /** Whether a span with this span's trace and span id is in the tree. */
    boolean isKnown(OtelSpan span) {
        return slots[slot(span.traceId(), span.spanBits(), span.spanText())] != null;
    }

    /** Whether no other span added has the ids of this span, which was added. */
    boolean isOnly(OtelSpan span) {
        return sharingIds.isEmpty() || !sharingIds.contains(span);
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
        String parentId = span.parentId();
        if (parentId == null) {
            return null;
        }
        boolean bits = SpanIds.isBits(parentId);
        OtelSpan parent = slots[slot(span.traceId(), bits ? SpanIds.bits(parentId) : 0, bits ? null : parentId)];
        return parent == span ? null : parent;
    }

    /** Whether the span names a parent that is not in the file. */
    boolean orphan(OtelSpan span) {
        return span.parentId() != null && parent(span) == null;
    }

    /** How many ancestors the span has (up to 10,000): asked for once per span, so not kept. */
    int depth(OtelSpan span) {
        int depth = 0;
        OtelSpan current = parent(span);
        while (current != null && depth < 10_000) {
            depth++;
            current = parent(current);
        }
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
