package dev.forkline.trace.gate;

/** A recovery contract that cannot be used, with the file, line and column at fault (0 when not tied to a place). */
public final class ContractException extends Exception {

    private final String file;
    private final long line;
    private final long column;
    private final String detail;

    public ContractException(String file, long line, long column, String detail) {
        super(file + (line > 0 ? ":" + line + (column > 0 ? ":" + column : "") : "") + ": " + detail);
        this.file = file;
        this.line = line;
        this.column = column;
        this.detail = detail;
    }

    public String file() {
        return file;
    }

    public long line() {
        return line;
    }

    public long column() {
        return column;
    }

    public String detail() {
        return detail;
    }
}
