package dev.forkline.trace.store;

import dev.forkline.trace.Hashes;
import dev.forkline.trace.columns.EventColumns;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The binary form of a chunk's header (format 1). All integers are varints ({@link ByteSink}).
 * <pre>
 * byte    format (1)
 * varint  event count
 * byte    lines encoding ({@link LinesEncoding#code}; 0, plain, is the only one)
 * varint  bytes of the lines blob as stored
 * 4 bytes CRC-32C of the decoded lines, big-endian
 * per event, in seq order:
 *   string  id
 *   zigzag  seq minus the previous event's (the first: minus 0)
 *   zigzag  epoch second minus the previous event's (the first: minus 0), varint nano
 *   string  actor, string type
 *   byte    flags ({@link dev.forkline.trace.columns.EventFacts})
 *   byte    present: 1 own hash, 2 callId, 4 tool, 8 checkpointId, 16 label, 32 latencyMs
 *   [varlong latencyMs] [string callId] [string tool] [string checkpointId] [string label]
 *   varint  cause count, then each cause: string
 *   32 bytes the hash the event is stored under: its own hash when "own hash" is present, else the SHA-256 of its canonical line
 *   varint  blob name count, then each: varint reference into the blob names the chunk has used so far, {@code 0}
 *           for a new one followed by its 32 bytes (the hex digits of {@code sha256:<hex>}), {@code k} for the k-th
 *   varint  length of its line in bytes (UTF-8, without the '\n')
 * </pre>
 * A string is a varint reference into the strings the chunk has used so far: {@code 0} is a new string (varint UTF-8
 * length, then the bytes) that joins the table, {@code k} the k-th string of the table. Repeated actors, types and tool
 * names, a result's callId and its cause (the call's id) so cost one or two bytes, and so do the blob names of a
 * workspace checkpoint that an earlier checkpoint of the chunk named too.
 */
final class ChunkHeaderCodec {

    static final int FORMAT = 1;

    private static final int OWN_HASH = 1;
    private static final int CALL_ID = 1 << 1;
    private static final int TOOL = 1 << 2;
    private static final int CHECKPOINT_ID = 1 << 3;
    private static final int LABEL = 1 << 4;
    private static final int LATENCY = 1 << 5;
    private static final int KNOWN_BITS = OWN_HASH | CALL_ID | TOOL | CHECKPOINT_ID | LABEL | LATENCY;
    private static final int HASH_BYTES = HashBytes.LENGTH;

    private ChunkHeaderCodec() {
    }

    /** What a chunk's header is written from. */
    record Rows(EventColumns columns, int[] events, byte[] identityHashes, int[] lineLengths) {
        Rows {
            if (identityHashes.length != events.length * HASH_BYTES || lineLengths.length != events.length) {
                throw new IllegalArgumentException("rows of " + events.length + " events with " + identityHashes.length / HASH_BYTES
                        + " hashes and " + lineLengths.length + " line lengths");
            }
        }
    }

    /**
     * @param rows events (indexes into the columns, one run, in seq order) with the hashes they are stored under and
     *             the lengths of their lines
     */
    static byte[] encode(Rows rows, ChunkLines.Stored lines, int linesChecksum) {
        EventColumns columns = rows.columns();
        int[] events = rows.events();
        ByteSink out = new ByteSink(64 + events.length * 96);
        out.writeByte(FORMAT);
        out.writeVarInt(events.length);
        out.writeByte(lines.encoding().code);
        out.writeVarInt(lines.bytes().length);
        for (int shift = 24; shift >= 0; shift -= 8) {
            out.writeByte(linesChecksum >>> shift);
        }
        StringTable strings = new StringTable(out);
        Map<String, Integer> blobReferences = new HashMap<>();
        long previousSeq = 0;
        long previousSecond = 0;
        for (int k = 0; k < events.length; k++) {
            int i = events[k];
            strings.write(columns.id(i));
            out.writeSignedVarLong(columns.seq(i) - previousSeq);
            previousSeq = columns.seq(i);
            out.writeSignedVarLong(columns.epochSecond(i) - previousSecond);
            previousSecond = columns.epochSecond(i);
            out.writeVarInt(columns.nano(i));
            strings.write(columns.actor(i));
            strings.write(columns.type(i));
            out.writeByte(columns.flags(i));
            String ownHash = columns.hash(i);
            int present = (ownHash != null ? OWN_HASH : 0) | (columns.callId(i) != null ? CALL_ID : 0)
                    | (columns.tool(i) != null ? TOOL : 0) | (columns.checkpointId(i) != null ? CHECKPOINT_ID : 0)
                    | (columns.label(i) != null ? LABEL : 0) | (columns.latencyMs(i) >= 0 ? LATENCY : 0);
            out.writeByte(present);
            if ((present & LATENCY) != 0) {
                out.writeVarLong(columns.latencyMs(i));
            }
            writeIfPresent(strings, columns.callId(i));
            writeIfPresent(strings, columns.tool(i));
            writeIfPresent(strings, columns.checkpointId(i));
            writeIfPresent(strings, columns.label(i));
            out.writeVarInt(columns.causeCount(i));
            for (int c = 0; c < columns.causeCount(i); c++) {
                strings.write(columns.cause(i, c));
            }
            out.writeBytes(rows.identityHashes(), k * HASH_BYTES, HASH_BYTES);
            List<String> blobNames = columns.blobNames(i);
            out.writeVarInt(blobNames.size());
            for (String name : blobNames) {
                Integer reference = blobReferences.get(name);
                if (reference != null) {
                    out.writeVarInt(reference);
                    continue;
                }
                if (!Hashes.isValid(name)) {
                    throw new IllegalArgumentException("event '" + columns.id(i) + "' names blob '" + name + "', which is not a sha256: name");
                }
                blobReferences.put(name, blobReferences.size() + 1);
                out.writeVarInt(0);
                out.writeBytes(HashBytes.of(name), 0, HASH_BYTES);
            }
            out.writeVarInt(rows.lineLengths()[k]);
        }
        return out.toByteArray();
    }

    /**
     * Reads a header back.
     *
     * @param blobNames shares equal blob names between chunks (a workspace checkpoint names the same blobs again and again)
     */
    static ChunkHeader decode(byte[] bytes, UnaryOperator<String> blobNames) throws ByteSource.MalformedException {
        ByteSource in = new ByteSource(bytes);
        int format = in.readByte();
        if (format != FORMAT) {
            throw new ByteSource.MalformedException("header format " + format + " is not " + FORMAT);
        }
        // Every event takes at least 40 bytes (its hash and a few fields): bounds the arrays damaged bytes could ask for.
        int size = in.readCount(HASH_BYTES + 8);
        LinesEncoding encoding = LinesEncoding.ofCode(in.readByte());
        int storedLength = in.readVarInt();
        int checksum = 0;
        for (int b = 0; b < 4; b++) {
            checksum = checksum << 8 | in.readByte();
        }
        ChunkHeader header = new ChunkHeader(size, encoding, storedLength, checksum);
        List<String> table = new ArrayList<>();
        List<String> causes = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<String> blobTable = new ArrayList<>();
        byte[] nameBytes = new byte[HASH_BYTES];
        long seq = 0;
        long second = 0;
        for (int k = 0; k < size; k++) {
            header.ids[k] = readString(in, table);
            seq += in.readSignedVarLong();
            header.seqs[k] = seq;
            second += in.readSignedVarLong();
            header.epochSeconds[k] = second;
            header.nanos[k] = in.readVarInt();
            header.actors[k] = readString(in, table);
            header.types[k] = readString(in, table);
            header.flags[k] = (byte) in.readByte();
            int present = in.readByte();
            if ((present & ~KNOWN_BITS) != 0) {
                throw new ByteSource.MalformedException("unknown field bits " + present + " for event '" + header.ids[k] + "'");
            }
            header.latencyMs[k] = (present & LATENCY) != 0 ? in.readVarLong() : -1;
            header.callIds[k] = (present & CALL_ID) != 0 ? readString(in, table) : null;
            header.tools[k] = (present & TOOL) != 0 ? readString(in, table) : null;
            header.checkpointIds[k] = (present & CHECKPOINT_ID) != 0 ? readString(in, table) : null;
            header.labels[k] = (present & LABEL) != 0 ? readString(in, table) : null;
            int causeCount = in.readCount(1);
            for (int c = 0; c < causeCount; c++) {
                causes.add(readString(in, table));
            }
            header.causeStart[k + 1] = causes.size();
            in.readBytes(header.identityHashes, k * HASH_BYTES, HASH_BYTES);
            header.ownHash[k] = (present & OWN_HASH) != 0;
            int blobCount = in.readCount(1);
            for (int b = 0; b < blobCount; b++) {
                int reference = in.readVarInt();
                if (reference == 0) {
                    in.readBytes(nameBytes, 0, HASH_BYTES);
                    blobTable.add(blobNames.apply(HashBytes.name(nameBytes, 0)));
                    names.add(blobTable.getLast());
                } else if (reference <= blobTable.size()) {
                    names.add(blobTable.get(reference - 1));
                } else {
                    throw new ByteSource.MalformedException("blob name reference " + reference + " beyond the "
                            + blobTable.size() + " names read");
                }
            }
            header.blobStart[k + 1] = names.size();
            header.lineLengths[k] = in.readVarInt();
        }
        if (in.remaining() != 0) {
            throw new ByteSource.MalformedException(in.remaining() + " bytes after the last event");
        }
        header.causes = causes.toArray(String[]::new);
        header.blobNames = names.toArray(String[]::new);
        return header;
    }

    private static void writeIfPresent(StringTable strings, String value) {
        if (value != null) {
            strings.write(value);
        }
    }

    private static String readString(ByteSource in, List<String> table) throws ByteSource.MalformedException {
        int reference = in.readVarInt();
        if (reference == 0) {
            String value = in.readString();
            table.add(value);
            return value;
        }
        if (reference > table.size()) {
            throw new ByteSource.MalformedException("string reference " + reference + " beyond the " + table.size() + " strings read");
        }
        return table.get(reference - 1);
    }

    /** The strings a chunk's header has written so far, so that a repeated one is written as a reference. */
    private static final class StringTable {
        private final ByteSink out;
        private final Map<String, Integer> references = new HashMap<>();

        StringTable(ByteSink out) {
            this.out = out;
        }

        void write(String value) {
            Integer reference = references.get(value);
            if (reference != null) {
                out.writeVarInt(reference);
                return;
            }
            references.put(value, references.size() + 1);
            out.writeVarInt(0);
            out.writeString(value);
        }
    }
}
