package dev.forkline.trace.state;

/**
 * One file of the workspace.
 *
 * @param blob the {@code sha256:<hex>} name of its content
 * @param mode its mode as octal text, e.g. {@code 0644}
 */
public record FileEntry(String blob, String mode) {

    public static final String DEFAULT_MODE = "0644";
}
