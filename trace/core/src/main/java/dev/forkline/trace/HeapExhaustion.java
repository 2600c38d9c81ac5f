package dev.forkline.trace;

/**
 * What Forkline tells a user whose input needed more memory than Java's heap has: an {@link OutOfMemoryError} reaches
 * the user wrapped by whatever ran out (the store's database reports its own as a database error), and its message
 * ("Java heap space") says neither what the heap was nor how to give it more.
 */
public final class HeapExhaustion {

    private HeapExhaustion() {
    }

    /** Whether {@code failure} is, or was caused by, Java running out of memory. */
    public static boolean causedBy(Throwable failure) {
        for (Throwable cause = failure; cause != null; cause = cause.getCause() == cause ? null : cause.getCause()) {
            if (cause instanceof OutOfMemoryError) {
                return true;
            }
        }
        return false;
    }

    /** The one message for it, naming the heap's limit and a larger one to run with. */
    public static String message() {
        long limitMb = Runtime.getRuntime().maxMemory() >> 20;
        long suggestedGb = Math.max(2, (2 * limitMb + 1023) / 1024);
        return "out of memory: Java's heap of at most " + limitMb + " MB is too small for this input;"
                + " run Forkline again with a larger heap, e.g. JAVA_TOOL_OPTIONS=-Xmx" + suggestedGb + "g";
    }
}
