package dev.forkline.trace.report;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.secrets.SecretMasker;

/** How a report shows the credentials found in a trace: masked, unless its maker asks for them as recorded. */
public enum Credentials {
    MASKED,
    AS_RECORDED;

    /** The bundle whose events the report reads: masked as each is read, or the recorded one. */
    Bundle shown(Bundle recorded) {
        return this == MASKED ? SecretMasker.masked(recorded) : recorded;
    }

    /** A text taken from the recorded trace, as the report writes it. */
    String shown(String recorded) {
        return this == MASKED && recorded != null ? SecretMasker.mask(recorded) : recorded;
    }
}
