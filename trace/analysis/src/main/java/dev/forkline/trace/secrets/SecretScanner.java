package dev.forkline.trace.secrets;

import dev.forkline.trace.Event;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.verify.EventSweep;
import dev.forkline.trace.verify.SweepMemo;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Supplier;

/**
 * Finds credentials in events: API keys of common providers (OpenAI, Anthropic, AWS, GitHub, Slack, Google), JWTs,
 * PEM private keys, passwords in URLs and on command lines, Authorization headers, and values of fields or environment
 * variables named like credentials or that look generated. Reports where they are ({@link SecretHit}, or a warning
 * {@link Finding} with code {@value #CODE}); never the secret itself. Stateless and thread-safe.
 */
public final class SecretScanner {

    /** The finding code. */
    public static final String CODE = "secret-detected";

    /** Every secret in the bundle's events, with each event's line in its trace file. */
    public List<SecretHit> hits(Bundle bundle) {
        return hits(bundle.events(), bundle.lines());
    }

    private List<SecretHit> hits(List<Event> events, int[] lines) {
        EventSweep sweep = new EventSweep(events);
        Supplier<List<SecretHit>> hits = hitsDuring(sweep, lines);
        sweep.run();
        return hits.get();
    }

    /**
     * Adds looking for secrets in every event to a sweep that other checks may share, so each event is parsed once for
     * all of them. The hits, in file order, can be had once the sweep has run.
     *
     * @param lines {@code lines[i]} is the line of event {@code i} in its trace file, or null when unknown
     */
    public Supplier<List<SecretHit>> hitsDuring(EventSweep sweep, int[] lines) {
        SweepMemo memo = sweep.memo();
        EventSweep.Parts<List<SecretHit>> parts = sweep.add(new EventSweep.Inspection<>() {
            @Override
            public List<SecretHit> newPart() {
                return new ArrayList<>();
            }

            @Override
            public void inspect(int index, Event event, List<SecretHit> hits) {
                long line = lines == null || index >= lines.length ? 0 : lines[index];
                if (memo == null) {
                    hits.addAll(hits(event, line));
                    return;
                }
                HitsOnLine known = memo.recall(HITS, event);
                if (known == null || known.line() != line) {
                    known = new HitsOnLine(line, hits(event, line));
                    memo.keep(HITS, event, known);
                }
                hits.addAll(known.hits());
            }
        });
        return () -> {
            List<SecretHit> all = new ArrayList<>();
            parts.inFileOrder().forEach(all::addAll);
            return all;
        };
    }

    /**
     * Looks for secrets in one event ahead of the next sweep over its trace ({@link SweepMemo#keepAhead}): that
     * sweep then reports what was found here instead of scanning the event.
     *
     * @param line the line the event will have in the trace the sweep checks
     */
    public void scanAhead(Event event, long line, SweepMemo memo) {
        memo.keepAhead(HITS, event, new HitsOnLine(line, hits(event, line)));
    }

    /** The secrets found in an event, and the line they were reported on, kept for a trace that is checked again. */
    private record HitsOnLine(long line, List<SecretHit> hits) {
    }

    private static final SweepMemo.Key<HitsOnLine> HITS = new SweepMemo.Key<>("secret-hits");

    public List<SecretHit> hits(Event event) {
        return hits(event, 0);
    }

    /** Every secret in one event's data; {@code line} is the event's line in its file (0 when unknown). */
    public List<SecretHit> hits(Event event, long line) {
        List<SecretHit> hits = new ArrayList<>();
        SecretLocator.walk(event.data(), "data", (path, value, spans) -> {
            String shownPath = SecretMasker.mask(path);
            for (SecretSpan span : spans) {
                hits.add(new SecretHit(span.kind(), event.id(), shownPath, line));
            }
            return null;
        });
        return hits;
    }

    /** The secrets in a piece of free text (a blob's contents, a file), by shape only. */
    public List<SecretSpan> find(String text) {
        return SecretPatterns.find(text);
    }

    public List<Finding> scan(Bundle bundle) {
        return hits(bundle).stream().map(SecretScanner::finding).toList();
    }

    /** The secrets in events held in memory, as findings without lines. */
    public List<Finding> scan(List<Event> events) {
        return hits(events, null).stream().map(SecretScanner::finding).toList();
    }

    /** A warning naming the kind, event and field, e.g. "possible Anthropic API key in data.exec.env.KEY". */
    public static Finding finding(SecretHit hit) {
        return Finding.warning(CODE, "possible " + hit.kind().label() + " (" + hit.kind().wireName() + ") in "
                + hit.fieldPath() + "; shown masked", hit.eventId(), hit.line());
    }
}
