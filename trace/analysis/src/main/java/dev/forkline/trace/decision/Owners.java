package dev.forkline.trace.decision;

import java.util.regex.Pattern;

/** Owner names: who may decide. An owner is also a directory name in the key ring, so the name is restricted. */
public final class Owners {

    public static final String ACTOR_PREFIX = "human:";
    private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._@-]{0,63}");

    private Owners() {
    }

    /**
     * @return {@code owner} when it is a valid owner name
     * @throws IllegalArgumentException saying what is wrong (missing, or characters that are not allowed)
     */
    public static String requireValid(String owner) {
        if (owner == null || owner.isBlank()) {
            throw new IllegalArgumentException("a decision needs its owner's identity (--owner NAME)");
        }
        if (!VALID.matcher(owner).matches()) {
            throw new IllegalArgumentException("owner '" + owner + "' is not a valid owner name: use 1-64 letters, digits, "
                    + "'.', '_', '-' or '@', starting with a letter or digit");
        }
        return owner;
    }

    public static boolean isValid(String owner) {
        return owner != null && VALID.matcher(owner).matches();
    }

    /** The event actor of a decision by {@code owner}: {@code human:<owner>}. */
    public static String actor(String owner) {
        return ACTOR_PREFIX + requireValid(owner);
    }
}
