package dev.forkline.trace;

import com.fasterxml.jackson.databind.JsonNode;
import java.util.AbstractCollection;
import java.util.AbstractMap;
import java.util.AbstractSet;
import java.util.Arrays;
import java.util.Collection;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Objects;
import java.util.Set;
import java.util.function.BiConsumer;
import java.util.function.IntFunction;

/**
 * The members of a JSON object tree in the order they were put, held in two arrays: what {@link TreeNodes} gives every
 * {@code ObjectNode} in place of Jackson's {@code LinkedHashMap}, which costs a table and an entry object per member
 * (most objects of a trace have a handful of members; reading 20,000 samples of an Inspect log as trees allocates a
 * fifth less with these). A name is looked up by comparing it with each name held, the parser's interned names and the
 * callers' literals matching on identity; past {@link #HASHED_FROM} members through a table of the names' hashes.
 *
 * <p>Behaves as a {@link Map} of non-null names with insertion order: putting a name again keeps its place, removing
 * one closes the gap. Whether the names were put in ascending order is known ({@link #ascending()}), so that canonical
 * JSON writes such an object without sorting it.
 */
final class ObjectMembers extends AbstractMap<String, JsonNode> {

    /** From this many members on, names are found through {@link #slots}. */
    static final int HASHED_FROM = 9;
    private static final String[] NO_NAMES = {};
    private static final JsonNode[] NO_VALUES = {};

    private String[] names = NO_NAMES;
    private JsonNode[] values = NO_VALUES;
    private int size;
    /** Open addressing by the name's hash; each slot holds a position plus one, 0 when free. Null below {@link #HASHED_FROM}. */
    private int[] slots;
    private boolean ascending = true;
    private int structuralChanges;
    private Set<Map.Entry<String, JsonNode>> entries;

    @Override
    public int size() {
        return size;
    }

    @Override
    public boolean isEmpty() {
        return size == 0;
    }

    /** Whether each name was put after the names that compare lower (String order, as canonical JSON sorts them). */
    boolean ascending() {
        return ascending;
    }

    /** The name at a position, 0 being the first put. */
    String nameAt(int position) {
        Objects.checkIndex(position, size);
        return names[position];
    }

    /** The value at a position, 0 being the first put. */
    JsonNode valueAt(int position) {
        Objects.checkIndex(position, size);
        return values[position];
    }

    @Override
    public JsonNode get(Object name) {
        int position = positionOf(name);
        return position < 0 ? null : values[position];
    }

    @Override
    public boolean containsKey(Object name) {
        return positionOf(name) >= 0;
    }

    @Override
    public JsonNode put(String name, JsonNode value) {
        Objects.requireNonNull(name, "a member's name");
        int position = positionOf(name);
        if (position >= 0) {
            JsonNode old = values[position];
            values[position] = value;
            return old;
        }
        if (size == names.length) {
            int capacity = Math.max(4, size * 2);
            names = Arrays.copyOf(names, capacity);
            values = Arrays.copyOf(values, capacity);
        }
        if (size > 0 && ascending && names[size - 1].compareTo(name) >= 0) {
            ascending = false;
        }
        names[size] = name;
        values[size] = value;
        size++;
        structuralChanges++;
        if (slots != null) {
            if (size * 2 > slots.length) {
                rehash();
            } else {
                occupy(size - 1);
            }
        } else if (size >= HASHED_FROM) {
            rehash();
        }
        return null;
    }

    @Override
    public JsonNode remove(Object name) {
        int position = positionOf(name);
        if (position < 0) {
            return null;
        }
        JsonNode old = values[position];
        removeAt(position);
        return old;
    }

    @Override
    public void clear() {
        Arrays.fill(names, 0, size, null);
        Arrays.fill(values, 0, size, null);
        size = 0;
        slots = null;
        ascending = true;
        structuralChanges++;
    }

    @Override
    public void forEach(BiConsumer<? super String, ? super JsonNode> action) {
        int expected = structuralChanges;
        for (int i = 0; i < size; i++) {
            action.accept(names[i], values[i]);
            if (structuralChanges != expected) {
                throw new ConcurrentModificationException();
            }
        }
    }

    @Override
    public Set<Map.Entry<String, JsonNode>> entrySet() {
        if (entries == null) {
            entries = new Entries();
        }
        return entries;
    }

    @Override
    public Set<String> keySet() {
        return new AbstractSet<>() {
            @Override
            public Iterator<String> iterator() {
                return new Positions<>(position -> names[position]);
            }

            @Override
            public int size() {
                return size;
            }

            @Override
            public boolean contains(Object name) {
                return containsKey(name);
            }
        };
    }

    @Override
    public Collection<JsonNode> values() {
        return new AbstractCollection<>() {
            @Override
            public Iterator<JsonNode> iterator() {
                return new Positions<>(position -> values[position]);
            }

            @Override
            public int size() {
                return size;
            }
        };
    }

    @Override
    public boolean equals(Object other) {
        if (other == this) {
            return true;
        }
        if (!(other instanceof Map<?, ?> map) || map.size() != size) {
            return false;
        }
        for (int i = 0; i < size; i++) {
            Object theirs = map.get(names[i]);
            if (!Objects.equals(values[i], theirs) || theirs == null && !map.containsKey(names[i])) {
                return false;
            }
        }
        return true;
    }

    @Override
    public int hashCode() {
        int hash = 0;
        for (int i = 0; i < size; i++) {
            hash += names[i].hashCode() ^ Objects.hashCode(values[i]);
        }
        return hash;
    }

    private int positionOf(Object name) {
        if (!(name instanceof String wanted)) {
            return -1;
        }
        if (slots == null) {
            String[] held = names;
            for (int i = 0; i < size; i++) {
                String candidate = held[i];
                if (candidate == wanted || candidate.equals(wanted)) {
                    return i;
                }
            }
            return -1;
        }
        int mask = slots.length - 1;
        for (int slot = spread(wanted.hashCode()) & mask; ; slot = slot + 1 & mask) {
            int held = slots[slot];
            if (held == 0) {
                return -1;
            }
            String candidate = names[held - 1];
            if (candidate == wanted || candidate.equals(wanted)) {
                return held - 1;
            }
        }
    }

    private void removeAt(int position) {
        int after = size - position - 1;
        System.arraycopy(names, position + 1, names, position, after);
        System.arraycopy(values, position + 1, values, position, after);
        size--;
        names[size] = null;
        values[size] = null;
        structuralChanges++;
        if (slots != null) {
            if (size < HASHED_FROM) {
                slots = null;
            } else {
                rehash();
            }
        }
    }

    private void rehash() {
        slots = new int[Integer.highestOneBit(Math.max(HASHED_FROM, size) * 4 - 1)];
        for (int i = 0; i < size; i++) {
            occupy(i);
        }
    }

    private void occupy(int position) {
        int mask = slots.length - 1;
        int slot = spread(names[position].hashCode()) & mask;
        while (slots[slot] != 0) {
            slot = slot + 1 & mask;
        }
        slots[slot] = position + 1;
    }

    private static int spread(int hash) {
        return hash ^ hash >>> 16;
    }

    /** Walks the positions in order, handing out what {@code at} makes of each; removing through it closes the gap behind it. */
    private final class Positions<T> implements Iterator<T> {
        private final IntFunction<T> at;
        private int next;
        private int last = -1;
        private int expected = structuralChanges;

        Positions(IntFunction<T> at) {
            this.at = at;
        }

        @Override
        public boolean hasNext() {
            return next < size;
        }

        @Override
        public T next() {
            if (structuralChanges != expected) {
                throw new ConcurrentModificationException();
            }
            if (next >= size) {
                throw new NoSuchElementException();
            }
            last = next++;
            return at.apply(last);
        }

        @Override
        public void remove() {
            if (last < 0) {
                throw new IllegalStateException();
            }
            if (structuralChanges != expected) {
                throw new ConcurrentModificationException();
            }
            removeAt(last);
            next = last;
            last = -1;
            expected = structuralChanges;
        }
    }

    /** The view {@code ObjectNode.properties()} hands out, through which {@link CanonicalJson} reaches the members. */
    final class Entries extends AbstractSet<Map.Entry<String, JsonNode>> {
        ObjectMembers members() {
            return ObjectMembers.this;
        }

        @Override
        public Iterator<Map.Entry<String, JsonNode>> iterator() {
            return new Positions<>(position -> new Member(names[position], values[position]));
        }

        @Override
        public int size() {
            return size;
        }

        @Override
        public void clear() {
            ObjectMembers.this.clear();
        }
    }

    /** A member as iteration hands it out; setting its value sets the member's, found by its name, while it is held. */
    private final class Member extends AbstractMap.SimpleEntry<String, JsonNode> {
        Member(String name, JsonNode value) {
            super(name, value);
        }

        @Override
        public JsonNode setValue(JsonNode value) {
            JsonNode old = super.setValue(value);
            int position = positionOf(getKey());
            if (position >= 0) {
                old = values[position];
                values[position] = value;
            }
            return old;
        }
    }
}
