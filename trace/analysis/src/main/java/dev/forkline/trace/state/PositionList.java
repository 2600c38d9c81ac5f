package dev.forkline.trace.state;

import dev.forkline.trace.Event;
import dev.forkline.trace.index.Lineage;
import java.util.AbstractList;
import java.util.RandomAccess;

/**
 * The events at the first {@code count} of some sorted lineage positions, without copying: an event is read (for a
 * lazily loaded trace, parsed) only when {@link #get} asks for it, while {@link #size} and {@link #position} cost nothing.
 */
public final class PositionList extends AbstractList<Event> implements RandomAccess {

    private final Lineage lineage;
    private final int[] positions;
    private final int count;

    PositionList(Lineage lineage, int[] positions, int count) {
        this.lineage = lineage;
        this.positions = positions;
        this.count = count;
    }

    @Override
    public Event get(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException(i);
        }
        return lineage.get(positions[i]);
    }

    @Override
    public int size() {
        return count;
    }

    /** The lineage position of the {@code i}-th event. */
    public int position(int i) {
        if (i < 0 || i >= count) {
            throw new IndexOutOfBoundsException(i);
        }
        return positions[i];
    }

    /** How many of the sorted positions are at or before {@code position}. */
    static int countUpTo(int[] positions, int size, int position) {
        int low = 0;
        int high = size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (positions[mid] <= position) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }
}
