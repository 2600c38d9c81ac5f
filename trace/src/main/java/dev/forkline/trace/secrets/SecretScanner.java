package dev.forkline.trace.secrets;

import dev.forkline.trace.Event;
import dev.forkline.trace.Finding;
import dev.forkline.trace.bundle.Bundle;
import java.util.ArrayList;
import java.util.List;

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
        List<SecretHit> hits = new ArrayList<>();
        List<Event> events = bundle.events();
        for (int i = 0; i < events.size(); i++) {
            hits.addAll(hits(events.get(i), bundle.lineOf(i)));
        }
        return hits;
    }

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

    public List<Finding> scan(List<Event> events) {
        List<Finding> findings = new ArrayList<>();
        for (Event event : events) {
            hits(event).forEach(hit -> findings.add(finding(hit)));
        }
        return findings;
    }

    /** A warning naming the kind, event and field, e.g. "possible Anthropic API key in data.exec.env.KEY". */
    public static Finding finding(SecretHit hit) {
        return Finding.warning(CODE, "possible " + hit.kind().label() + " (" + hit.kind().wireName() + ") in "
                + hit.fieldPath() + "; shown masked", hit.eventId(), hit.line());
    }
}
