package dev.forkline.trace.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Tells H2 to load no user classes at all (triggers, aggregates, JDBC drivers of linked tables, custom serializers):
 * Forkline uses none, and a hostile database file would name them. A second line of defence behind
 * {@link UntrustedDatabaseCheck}. H2 reads the property once, when its SysProperties class loads, so it is set before
 * Forkline touches any H2 class; if something loaded H2 earlier, a warning says the setting is not in effect.
 */
final class H2Hardening {

    static final String PROPERTY = "h2.allowedClasses";
    /** Where H2's server for other processes ({@code AUTO_SERVER}) listens: loopback only. */
    static final String BIND_ADDRESS = "h2.bindAddress";
    /**
     * A class name that does not exist (no user class matches it), and the one H2 class that H2's own server for other
     * processes ({@code AUTO_SERVER}) names in an alias of its in-memory management database. A database file holding
     * any alias is refused before it is opened ({@link UntrustedDatabaseCheck}), so a file cannot use it.
     */
    static final String NOTHING = "dev.forkline.trace.store.NoUserClassesAllowed,org.h2.server.TcpServer";

    private static final Logger LOG = LoggerFactory.getLogger(H2Hardening.class);

    private H2Hardening() {
    }

    static void apply() {
        if (System.getProperty(PROPERTY) == null) {
            System.setProperty(PROPERTY, NOTHING);
        }
        if (System.getProperty(BIND_ADDRESS) == null) {
            System.setProperty(BIND_ADDRESS, "127.0.0.1");
        }
    }

    static boolean inEffect() {
        return !"*".equals(org.h2.engine.SysProperties.ALLOWED_CLASSES);
    }

    static void warnIfNotInEffect() {
        if (!inEffect()) {
            LOG.warn("H2 was loaded before Forkline could restrict its user classes ({}); relying on the schema check alone", PROPERTY);
        }
    }
}
