package dev.forkline.replay.sandbox;

/**
 * One entry of a workspace manifest as read from inside a sandbox.
 *
 * @param sha256     {@code sha256:<hex>} of the content (of the target text for a link), or null when unreadable
 * @param mode       permission bits
 * @param size       bytes (the target's length for a link)
 * @param linkTarget the target of a symbolic link, else null
 */
public record ManifestEntry(String sha256, int mode, long size, String linkTarget) {

    public boolean isSymlink() {
        return linkTarget != null;
    }

    /** The mode as recorded in traces: four octal digits, e.g. {@code 0644}. */
    public String modeString() {
        return String.format("%04o", mode);
    }
}
