package dev.forkline.trace.columns;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Hashes;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What the index, the timeline and the filters need of every event of a trace, in file order, as primitive columns:
 * a million events cost tens of megabytes here instead of gigabytes of parsed payloads. Everything else about an event
 * is read from the event itself, parsed when someone looks at it.
 *
 * <p>Built from events with {@link #of(List)} / {@link Builder#add(Event)}, which need of {@code data} only the members
 * named in {@link EventFacts#DATA_MEMBERS}; so a reader that streams a trace can keep just those. Immutable once built.
 */
public final class EventColumns {

    private static final int HASH_BYTES = 32;
    private static final HexFormat HEX = HexFormat.of();
    private static final EventColumns EMPTY = new Builder(0).build();

    private final String[] ids;
    private final int[] runCode;
    private final List<String> runs;
    private final long[] seq;
    private final long[] epochSecond;
    private final int[] nano;
    private final int[] actorCode;
    private final List<String> actors;
    private final int[] typeCode;
    private final List<String> types;
    private final EventType[] kindOfType;
    private final byte[] flags;
    private final long[] latencyMs;
    private final String[] callId;
    private final int[] toolCode;
    private final List<String> tools;
    private final String[] checkpointId;
    private final String[] label;
    private final int[] causeStart;
    private final String[] causes;
    private final byte[] hashes;
    private final boolean[] hashed;
    private final int[] blobStart;
    private final String[] blobNames;
    /** Built once, when first asked for (the constructor asks when it shares cause ids). */
    private volatile IdTable idTable;

    private EventColumns(Builder b, boolean shareCauseIds) {
        int n = b.size;
        this.ids = Arrays.copyOf(b.ids, n);
        this.runCode = Arrays.copyOf(b.runCode, n);
        this.runs = List.copyOf(b.runs.values);
        this.seq = Arrays.copyOf(b.seq, n);
        this.epochSecond = Arrays.copyOf(b.epochSecond, n);
        this.nano = Arrays.copyOf(b.nano, n);
        this.actorCode = Arrays.copyOf(b.actorCode, n);
        this.actors = List.copyOf(b.actors.values);
        this.typeCode = Arrays.copyOf(b.typeCode, n);
        this.types = List.copyOf(b.types.values);
        this.kindOfType = types.stream().map(EventType::fromWire).toArray(EventType[]::new);
        this.flags = Arrays.copyOf(b.flags, n);
        this.latencyMs = Arrays.copyOf(b.latencyMs, n);
        this.callId = Arrays.copyOf(b.callId, n);
        this.toolCode = Arrays.copyOf(b.toolCode, n);
        this.tools = Collections.unmodifiableList(new ArrayList<>(b.tools.values));
        this.checkpointId = Arrays.copyOf(b.checkpointId, n);
        this.label = Arrays.copyOf(b.label, n);
        this.causeStart = Arrays.copyOf(b.causeStart, n + 1);
        this.causes = Arrays.copyOf(b.causes, b.causeCount);
        if (shareCauseIds) {
            shareCauseIds();
        }
        this.hashes = Arrays.copyOf(b.hashes, n * HASH_BYTES);
        this.hashed = Arrays.copyOf(b.hashed, n);
        this.blobStart = Arrays.copyOf(b.blobStart, n + 1);
        this.blobNames = Arrays.copyOf(b.blobNames, b.blobCount);
    }

    /** Causes name other events: point them at those events' id strings instead of keeping a copy per reference. */
    private void shareCauseIds() {
        if (causes.length == 0) {
            return;
        }
        IdTable table = idTable();
        for (int k = 0; k < causes.length; k++) {
            int at = table.indexOf(causes[k]);
            if (at >= 0) {
                causes[k] = ids[at];
            }
        }
    }

    /** Event id to index, built once per columns and shared by everyone who looks events up by id. */
    public IdTable idTable() {
        IdTable table = idTable;
        if (table == null) {
            synchronized (this) {
                table = idTable;
                if (table == null) {
                    table = new IdTable(this);
                    idTable = table;
                }
            }
        }
        return table;
    }

    public static EventColumns empty() {
        return EMPTY;
    }

    /** The columns of events held in memory; for a list that already carries its columns, those. */
    public static EventColumns of(List<Event> events) {
        if (events instanceof ColumnedEvents columned) {
            return columned.columns();
        }
        Builder builder = new Builder(events.size());
        for (Event event : events) {
            builder.add(event);
        }
        return builder.build();
    }

    public int size() {
        return ids.length;
    }

    public String id(int i) {
        return ids[i];
    }

    public String run(int i) {
        return runs.get(runCode[i]);
    }

    /** A small number standing for the run; {@code runs().get(runCode(i)) == run(i)}. */
    public int runCode(int i) {
        return runCode[i];
    }

    /** The distinct runs, in order of first appearance. */
    public List<String> runs() {
        return runs;
    }

    public long seq(int i) {
        return seq[i];
    }

    public Instant ts(int i) {
        return Instant.ofEpochSecond(epochSecond[i], nano[i]);
    }

    public long epochSecond(int i) {
        return epochSecond[i];
    }

    public int nano(int i) {
        return nano[i];
    }

    /** Nanoseconds from {@code origin} to the event's time (saturating, never overflowing). */
    public long nanosSince(Instant origin, int i) {
        long seconds = epochSecond[i] - origin.getEpochSecond();
        long nanos = nano[i] - origin.getNano();
        if (seconds > Long.MAX_VALUE / 1_000_000_000L - 1) {
            return Long.MAX_VALUE;
        }
        if (seconds < Long.MIN_VALUE / 1_000_000_000L + 1) {
            return Long.MIN_VALUE;
        }
        return seconds * 1_000_000_000L + nanos;
    }

    public String actor(int i) {
        return actors.get(actorCode[i]);
    }

    public int actorCode(int i) {
        return actorCode[i];
    }

    /** The distinct actors, in order of first appearance. */
    public List<String> actors() {
        return actors;
    }

    /** The wire type, verbatim. */
    public String type(int i) {
        return types.get(typeCode[i]);
    }

    public int typeCode(int i) {
        return typeCode[i];
    }

    /** The distinct wire types, in order of first appearance. */
    public List<String> types() {
        return types;
    }

    public EventType kind(int i) {
        return kindOfType[typeCode[i]];
    }

    public boolean is(int i, EventType type) {
        return kindOfType[typeCode[i]] == type && type != EventType.UNKNOWN;
    }

    /** The {@link EventFacts} flags of the event. */
    public int flags(int i) {
        return flags[i];
    }

    public boolean has(int i, int flag) {
        return (flags[i] & flag) != 0;
    }

    /** A model.call's {@code data.latencyMs}, or -1 when absent or not a number. */
    public long latencyMs(int i) {
        return latencyMs[i];
    }

    /** A tool.call's or tool.result's {@code data.callId}, or null. */
    public String callId(int i) {
        return callId[i];
    }

    /** The tool a tool.call invokes ({@code data.tool}), or null. */
    public String tool(int i) {
        int code = toolCode[i];
        return code < 0 ? null : tools.get(code);
    }

    /** A checkpoint's {@code data.checkpointId}, or null (also for events that are not checkpoints). */
    public String checkpointId(int i) {
        return checkpointId[i];
    }

    /** A checkpoint's {@code data.label}, or null. */
    public String label(int i) {
        return label[i];
    }

    public int causeCount(int i) {
        return causeStart[i + 1] - causeStart[i];
    }

    public String cause(int i, int k) {
        if (k < 0 || k >= causeCount(i)) {
            throw new IndexOutOfBoundsException(k);
        }
        return causes[causeStart[i] + k];
    }

    public List<String> causes(int i) {
        return Collections.unmodifiableList(Arrays.asList(causes).subList(causeStart[i], causeStart[i + 1]));
    }

    /** The event's own {@code hash} ({@code sha256:<hex>}), or null when it has none. */
    public String hash(int i) {
        if (!hashed[i]) {
            return null;
        }
        return Hashes.PREFIX + HEX.formatHex(hashes, i * HASH_BYTES, (i + 1) * HASH_BYTES);
    }

    /**
     * Copies the 32 bytes of the event's own {@code hash} (the hex digits of {@code sha256:<hex>}) to {@code target} at
     * {@code offset}; for a store that keeps hashes as bytes.
     *
     * @return false, copying nothing, when the event has no hash
     */
    public boolean copyHash(int i, byte[] target, int offset) {
        if (!hashed[i]) {
            return false;
        }
        System.arraycopy(hashes, i * HASH_BYTES, target, offset, HASH_BYTES);
        return true;
    }

    /** The blob names ({@code sha256:<hex>} strings) in the event's payload: what it may refer to in the bundle's blobs. */
    public List<String> blobNames(int i) {
        return Collections.unmodifiableList(Arrays.asList(blobNames).subList(blobStart[i], blobStart[i + 1]));
    }

    /** Collects columns event by event. Not thread-safe. */
    public static final class Builder {

        private int size;
        private String[] ids;
        private int[] runCode;
        private long[] seq;
        private long[] epochSecond;
        private int[] nano;
        private int[] actorCode;
        private int[] typeCode;
        private byte[] flags;
        private long[] latencyMs;
        private String[] callId;
        private int[] toolCode;
        private String[] checkpointId;
        private String[] label;
        private int[] causeStart;
        private String[] causes;
        private int causeCount;
        private byte[] hashes;
        private boolean[] hashed;
        private int[] blobStart;
        private String[] blobNames;
        private int blobCount;
        private final Dictionary runs = new Dictionary();
        private final Dictionary actors = new Dictionary();
        private final Dictionary types = new Dictionary();
        private final Dictionary tools = new Dictionary();

        public Builder(int expectedSize) {
            int capacity = Math.max(16, expectedSize);
            ids = new String[capacity];
            runCode = new int[capacity];
            seq = new long[capacity];
            epochSecond = new long[capacity];
            nano = new int[capacity];
            actorCode = new int[capacity];
            typeCode = new int[capacity];
            flags = new byte[capacity];
            latencyMs = new long[capacity];
            callId = new String[capacity];
            toolCode = new int[capacity];
            checkpointId = new String[capacity];
            label = new String[capacity];
            causeStart = new int[capacity + 1];
            causes = new String[capacity];
            hashes = new byte[capacity * HASH_BYTES];
            hashed = new boolean[capacity];
            blobStart = new int[capacity + 1];
            blobNames = new String[16];
        }

        public int size() {
            return size;
        }

        /** Adds an event held in memory; its blob names are found in its payload. */
        public Builder add(Event event) {
            List<String> names = new ArrayList<>(2);
            EventFacts.blobNamesIn(event.data(), names::add);
            return add(event, names);
        }

        /**
         * Adds an event of which {@code data} holds at least the members in {@link EventFacts#DATA_MEMBERS}, with the
         * blob names a reader found in its full payload.
         */
        public Builder add(Event event, List<String> blobNamesInPayload) {
            return add(event.id(), event.run(), event.seq(), event.ts().getEpochSecond(), event.ts().getNano(),
                    event.actor(), event.type(), EventFacts.flags(event), EventFacts.latencyMs(event),
                    EventFacts.callId(event), EventFacts.tool(event), EventFacts.checkpointId(event),
                    EventFacts.label(event), event.causes(), event.hash(), blobNamesInPayload);
        }

        /** Adds an event's columns as they were stored (see {@link EventColumns}'s accessors for their meaning). */
        public Builder add(String id, String run, long seqValue, long second, int nanos, String actor, String type,
                           int flagBits, long latency, String call, String tool, String checkpoint, String checkpointLabel,
                           List<String> causeIds, String hash, List<String> blobNamesInPayload) {
            ensure(size + 1);
            if (hash != null) {
                putHash(hash);
            }
            if (blobCount + blobNamesInPayload.size() > blobNames.length) {
                blobNames = Arrays.copyOf(blobNames, Math.max(blobNames.length * 2, blobCount + blobNamesInPayload.size()));
            }
            for (String name : blobNamesInPayload) {
                blobNames[blobCount++] = name;
            }
            blobStart[size + 1] = blobCount;
            ids[size] = id;
            runCode[size] = runs.code(run);
            seq[size] = seqValue;
            epochSecond[size] = second;
            nano[size] = nanos;
            actorCode[size] = actors.code(actor);
            typeCode[size] = types.code(type);
            flags[size] = (byte) flagBits;
            latencyMs[size] = latency;
            callId[size] = call;
            toolCode[size] = tool == null ? -1 : tools.code(tool);
            checkpointId[size] = checkpoint;
            label[size] = checkpointLabel;
            if (causeCount + causeIds.size() > causes.length) {
                causes = Arrays.copyOf(causes, Math.max(causes.length * 2, causeCount + causeIds.size()));
            }
            for (String cause : causeIds) {
                causes[causeCount++] = cause;
            }
            size++;
            causeStart[size] = causeCount;
            return this;
        }

        /**
         * As the form above, with the hash given as its 32 bytes at {@code hashOffset} of {@code hash} (null for none):
         * for a store that keeps hashes as bytes (as text, formatting and parsing them cost a load of a million
         * events most of its time).
         */
        public Builder add(String id, String run, long seqValue, long second, int nanos, String actor, String type,
                           int flagBits, long latency, String call, String tool, String checkpoint, String checkpointLabel,
                           List<String> causeIds, byte[] hash, int hashOffset, List<String> blobNamesInPayload) {
            add(id, run, seqValue, second, nanos, actor, type, flagBits, latency, call, tool, checkpoint, checkpointLabel,
                    causeIds, (String) null, blobNamesInPayload);
            if (hash != null) {
                System.arraycopy(hash, hashOffset, hashes, (size - 1) * HASH_BYTES, HASH_BYTES);
                hashed[size - 1] = true;
            }
            return this;
        }

        private void putHash(String hash) {
            int hex = Hashes.PREFIX.length();
            if (hash.length() != hex + 2 * HASH_BYTES || !hash.startsWith(Hashes.PREFIX)) {
                throw new IllegalArgumentException("not a sha256: hash: " + hash);
            }
            int base = size * HASH_BYTES;
            for (int k = 0; k < HASH_BYTES; k++) {
                int high = lowerHexDigit(hash.charAt(hex + 2 * k));
                int low = lowerHexDigit(hash.charAt(hex + 2 * k + 1));
                if (high < 0 || low < 0) {
                    throw new IllegalArgumentException("not a sha256: hash: " + hash);
                }
                hashes[base + k] = (byte) (high << 4 | low);
            }
            hashed[size] = true;
        }

        private static int lowerHexDigit(char c) {
            if (c >= '0' && c <= '9') {
                return c - '0';
            }
            return c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
        }

        public EventColumns build() {
            return new EventColumns(this, true);
        }

        /** Columns of one part of a trace, to be {@link #append appended} to the whole trace's builder. */
        public EventColumns buildPart() {
            return new EventColumns(this, false);
        }

        /** Appends the rows of a part built elsewhere (e.g. on another thread), in order. */
        public Builder append(EventColumns part) {
            return appendRows(part, 0, part.size());
        }

        /**
         * Appends rows {@code start} to {@code end} (exclusive) of {@code from} as they are, in order (for cutting a
         * trace's rows into pieces of its own choosing); each distinct run, actor, type and tool is looked up in this
         * builder's dictionaries once per call, not once per row.
         */
        public Builder appendRows(EventColumns from, int start, int end) {
            int n = end - start;
            ensure(size + n);
            System.arraycopy(from.ids, start, ids, size, n);
            System.arraycopy(from.seq, start, seq, size, n);
            System.arraycopy(from.epochSecond, start, epochSecond, size, n);
            System.arraycopy(from.nano, start, nano, size, n);
            System.arraycopy(from.flags, start, flags, size, n);
            System.arraycopy(from.latencyMs, start, latencyMs, size, n);
            System.arraycopy(from.callId, start, callId, size, n);
            System.arraycopy(from.checkpointId, start, checkpointId, size, n);
            System.arraycopy(from.label, start, label, size, n);
            System.arraycopy(from.hashes, start * HASH_BYTES, hashes, size * HASH_BYTES, n * HASH_BYTES);
            System.arraycopy(from.hashed, start, hashed, size, n);
            remap(from.runCode, start, from.runs, runs, runCode, n);
            remap(from.actorCode, start, from.actors, actors, actorCode, n);
            remap(from.typeCode, start, from.types, types, typeCode, n);
            remap(from.toolCode, start, from.tools, tools, toolCode, n);
            int firstCause = from.causeStart[start];
            int causesIn = from.causeStart[end] - firstCause;
            if (causeCount + causesIn > causes.length) {
                causes = Arrays.copyOf(causes, Math.max(causes.length * 2, causeCount + causesIn));
            }
            System.arraycopy(from.causes, firstCause, causes, causeCount, causesIn);
            int firstBlob = from.blobStart[start];
            int blobsIn = from.blobStart[end] - firstBlob;
            if (blobCount + blobsIn > blobNames.length) {
                blobNames = Arrays.copyOf(blobNames, Math.max(blobNames.length * 2, blobCount + blobsIn));
            }
            System.arraycopy(from.blobNames, firstBlob, blobNames, blobCount, blobsIn);
            for (int k = 1; k <= n; k++) {
                causeStart[size + k] = causeCount + from.causeStart[start + k] - firstCause;
                blobStart[size + k] = blobCount + from.blobStart[start + k] - firstBlob;
            }
            causeCount += causesIn;
            blobCount += blobsIn;
            size += n;
            return this;
        }

        /**
         * Rows {@code start..start+n} of {@code fromCodes} (codes into {@code fromValues}, -1 for none) as codes into
         * {@code into}, at this builder's end: only the values the rows use join it, in the order the rows first use
         * them, so that it still holds just its own rows' values.
         */
        private void remap(int[] fromCodes, int start, List<String> fromValues, Dictionary into, int[] target, int n) {
            int[] codes = new int[fromValues.size()];
            Arrays.fill(codes, -1);
            for (int k = 0; k < n; k++) {
                int code = fromCodes[start + k];
                if (code < 0) {
                    target[size + k] = -1;
                    continue;
                }
                int mapped = codes[code];
                if (mapped < 0) {
                    mapped = into.code(fromValues.get(code));
                    codes[code] = mapped;
                }
                target[size + k] = mapped;
            }
        }

        private void ensure(int capacity) {
            if (capacity <= ids.length) {
                return;
            }
            int grown = Math.max(capacity, ids.length + (ids.length >> 1));
            ids = Arrays.copyOf(ids, grown);
            runCode = Arrays.copyOf(runCode, grown);
            seq = Arrays.copyOf(seq, grown);
            epochSecond = Arrays.copyOf(epochSecond, grown);
            nano = Arrays.copyOf(nano, grown);
            actorCode = Arrays.copyOf(actorCode, grown);
            typeCode = Arrays.copyOf(typeCode, grown);
            flags = Arrays.copyOf(flags, grown);
            latencyMs = Arrays.copyOf(latencyMs, grown);
            callId = Arrays.copyOf(callId, grown);
            toolCode = Arrays.copyOf(toolCode, grown);
            checkpointId = Arrays.copyOf(checkpointId, grown);
            label = Arrays.copyOf(label, grown);
            causeStart = Arrays.copyOf(causeStart, grown + 1);
            hashes = Arrays.copyOf(hashes, grown * HASH_BYTES);
            hashed = Arrays.copyOf(hashed, grown);
            blobStart = Arrays.copyOf(blobStart, grown + 1);
        }
    }

    /** Distinct strings numbered in order of first appearance. */
    private static final class Dictionary {
        private final Map<String, Integer> codes = new HashMap<>();
        private final List<String> values = new ArrayList<>();

        int code(String value) {
            Integer code = codes.get(value);
            if (code == null) {
                code = values.size();
                codes.put(value, code);
                values.add(value);
            }
            return code;
        }
    }

    /** The data members a streaming reader must keep for {@link Builder#add(Event)} to see all it reads. */
    public static Set<String> dataMembers() {
        return EventFacts.DATA_MEMBERS;
    }
}
