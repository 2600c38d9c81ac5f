package dev.forkline.importers.gemini;

import com.fasterxml.jackson.databind.node.ObjectNode;

/**
 * One thing a Gemini CLI conversation holds, in order: a message record ({@code user}, {@code gemini}, {@code info},
 * {@code warning}, {@code error}), a rewind ({@code $rewindTo}: the messages from that one on left the model's context),
 * or a record of a kind this importer does not know (kept raw).
 *
 * @param record   the message record as last written (later records of the same id replace it), or the raw record
 * @param rewindTo for a rewind, the id of the first message dropped
 * @param dropped  for a rewind, how many messages it dropped
 * @param line     the source line (0 in a whole-document file)
 */
record Entry(Kind kind, ObjectNode record, String rewindTo, int dropped, long line) {

    enum Kind { MESSAGE, REWIND, UNKNOWN }

    static Entry message(ObjectNode record, long line) {
        return new Entry(Kind.MESSAGE, record, null, 0, line);
    }

    static Entry rewind(String toMessageId, int dropped, long line) {
        return new Entry(Kind.REWIND, null, toMessageId, dropped, line);
    }

    static Entry unknown(ObjectNode record, long line) {
        return new Entry(Kind.UNKNOWN, record, null, 0, line);
    }
}
