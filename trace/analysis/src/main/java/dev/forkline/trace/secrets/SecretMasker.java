package dev.forkline.trace.secrets;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.bundle.Bundle;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces secrets with a masked form for display, exports and reports: a short recognisable prefix and, for long
 * secrets, the last four characters ({@code sk-ant-…Q9xA}, {@code AKIA…MPLE}, {@code ****}). Masked text contains
 * no secret {@link SecretScanner} recognises, so masking twice changes nothing. A masked {@link Event} keeps its id,
 * prev and hash for navigation, but its hash no longer matches its data: masked events are for showing, never for
 * verifying or re-importing.
 */
public final class SecretMasker {

    private static final String ELLIPSIS = "…";
    private static final String FULLY_MASKED = "****";
    /** Below this length the last four characters would give away too much of the secret. */
    private static final int SHOW_TAIL_FROM = 20;
    private static final Pattern KNOWN_PREFIX = Pattern.compile(
            "^(?:sk-ant-(?:api\\d\\d-|admin\\d\\d-)?|sk-(?:proj-|svcacct-|admin-)?|AKIA|ASIA|AIDA|AROA|gh[pousr]_|github_pat_|xox[abposre]-|AIza|eyJ)");
    private static final Pattern PEM_HEADER = Pattern.compile("^-----BEGIN [A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----");

    private SecretMasker() {
    }

    /** {@code text} with every secret recognisable by its shape masked. */
    public static String mask(String text) {
        return apply(text, SecretPatterns.find(text));
    }

    /** A deep copy of {@code data} with every secret masked, by shape and by the field it is in. */
    public static ObjectNode mask(ObjectNode data) {
        ObjectNode copy = data.deepCopy();
        SecretLocator.walk(copy, "data", (path, value, spans) -> apply(value, spans));
        return copy;
    }

    /** The event with its data masked (same id, run, seq, prev and hash: see the class comment). */
    public static Event mask(Event event) {
        if (!holdsSecrets(event.data())) {
            return event; // most events: one walk, no copy
        }
        ObjectNode masked = mask(event.data());
        return new Event(event.id(), event.run(), event.seq(), event.ts(), event.actor(), event.type(), event.causes(),
                event.state(), masked, event.prev(), event.hash());
    }

    /**
     * The bundle as shown: the same manifest, lines, blobs and columns, its events masked one by one as they are read
     * ({@link MaskedEvents}), none held. Its events' hashes no longer match their data (see the class comment).
     */
    public static Bundle masked(Bundle recorded) {
        return new Bundle(recorded.source(), recorded.manifest(), new MaskedEvents(recorded.events(), recorded.columns()),
                recorded.lines(), recorded.blobs(), recorded.columns());
    }

    /** Whether masking would change anything in {@code data}. */
    private static boolean holdsSecrets(ObjectNode data) {
        boolean[] found = {false};
        SecretLocator.walk(data, "data", (path, value, spans) -> {
            found[0] = true;
            return null;
        });
        return found[0];
    }

    /** How one secret of the given kind is shown. */
    public static String maskedForm(SecretKind kind, String secret) {
        String prefix = "";
        if (kind == SecretKind.PRIVATE_KEY) {
            Matcher header = PEM_HEADER.matcher(secret);
            return (header.find() ? header.group() : "-----BEGIN PRIVATE KEY-----") + ELLIPSIS;
        }
        Matcher known = KNOWN_PREFIX.matcher(secret);
        if (known.find() && kind != SecretKind.URL_PASSWORD && kind != SecretKind.ASSIGNED_SECRET) {
            prefix = known.group();
        }
        String tail = secret.length() - prefix.length() >= SHOW_TAIL_FROM ? secret.substring(secret.length() - 4) : "";
        return prefix.isEmpty() && tail.isEmpty() ? FULLY_MASKED : prefix + ELLIPSIS + tail;
    }

    static String apply(String text, List<SecretSpan> spans) {
        if (spans.isEmpty()) {
            return text;
        }
        StringBuilder out = new StringBuilder(text.length());
        int at = 0;
        for (SecretSpan span : spans) {
            out.append(text, at, span.start());
            out.append(maskedForm(span.kind(), text.substring(span.start(), span.end())));
            at = span.end();
        }
        return out.append(text, at, text.length()).toString();
    }
}
