package dev.forkline.trace.store;

/**
 * How a chunk's lines blob is stored; the code is what its header records, so that another encoding (compression)
 * can be added without a new header format. LZF compression was measured and left out: on two shared cores it cost
 * more CPU than it saved in H2's writes, and the import took longer end to end (docs/benchmarks.md).
 */
enum LinesEncoding {
    /** The lines as they are, each followed by {@code '\n'}. */
    PLAIN(0);

    final int code;

    LinesEncoding(int code) {
        this.code = code;
    }

    static LinesEncoding ofCode(int code) throws ByteSource.MalformedException {
        for (LinesEncoding encoding : values()) {
            if (encoding.code == code) {
                return encoding;
            }
        }
        throw new ByteSource.MalformedException("unknown lines encoding " + code);
    }
}
