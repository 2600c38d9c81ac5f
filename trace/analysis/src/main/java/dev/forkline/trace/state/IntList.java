package dev.forkline.trace.state;

import java.util.Arrays;

/** A growable int array (positions are kept as primitives so a million events cost megabytes, not tens of them). */
final class IntList {

    private int[] values = new int[16];
    private int size;

    void add(int value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    int get(int i) {
        return values[i];
    }

    void set(int i, int value) {
        values[i] = value;
    }

    int size() {
        return size;
    }

    /** The backing array, valid up to {@link #size()}; callers must not write to it. */
    int[] toArrayView() {
        return values;
    }

    int[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
