package dev.forkline.trace.store;

import dev.forkline.trace.columns.EventColumns;

/**
 * One stored chunk as read back: its key, the seq range its row records, and its decoded header.
 *
 * @param firstIndex the position of its first event in the trace's load order
 * @param columns    its rows as a part of the trace's columns, when the reader was asked for them, else null
 */
record StoredChunk(String runId, long firstSeq, long lastSeq, int firstIndex, ChunkHeader header, EventColumns columns) {

    /** What fetching and checking its lines needs. */
    ChunkDirectory.Entry entry() {
        return new ChunkDirectory.Entry(runId, firstSeq, firstIndex, header.size(), header.linesEncoding(),
                header.storedLinesLength(), header.linesChecksum(), header.linesLength());
    }

    /** Names the chunk in messages. */
    String describe() {
        return "the chunk of run '" + runId + "' from seq " + firstSeq;
    }
}
