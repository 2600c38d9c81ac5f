package dev.forkline.views.viewmodel;

import dev.forkline.trace.TraceFormatException;

import java.nio.file.Path;

/**
 * An error to show the user in a dialog: what failed, and where (file and line when known).
 *
 * @param file  the file concerned, or null
 * @param line  1-based line, or 0 when not known
 * @param offer what the dialog offers to do about it (a button beside Close), or null
 */
public record UserError(String title, String file, long line, String detail, Offer offer) {

    /**
     * A way out the dialog offers: its button's label, what choosing it does, and what closing the dialog without it
     * does (lets go of what the offer held).
     */
    public record Offer(String label, Runnable action, Runnable declined) {
    }

    public UserError(String title, String file, long line, String detail) {
        this(title, file, line, detail, null);
    }

    public UserError offering(Offer what) {
        return new UserError(title, file, line, detail, what);
    }

    public static UserError importFailed(Path path, Throwable error) {
        if (error instanceof TraceFormatException format) {
            return new UserError("Could not import " + path.getFileName(), format.file() == null ? path.toString() : format.file(),
                    format.line(), format.detail());
        }
        return new UserError("Could not import " + path.getFileName(), path.toString(), 0, WorkbenchViewModel.message(error));
    }

    /** "file, line n" or just the file. */
    public String location() {
        if (file == null) {
            return "";
        }
        return line > 0 ? file + ", line " + line : file;
    }
}
