package dev.forkline.views.timeline;

import dev.forkline.views.timeline.geometry.MarkExtents;

/**
 * The marks of one frame, in columnar form and reused from frame to frame: it grows only when a bigger model comes
 * in, so drawing a frame allocates nothing. A mark is either one item or an aggregate of neighbouring narrow items of
 * one lane; an aggregate takes the most important {@link MarkKind} among its items.
 */
public final class MarkBuffer implements MarkExtents {

    private int size;
    private int[] lane = new int[0];
    private double[] x0 = new double[0];
    private double[] x1 = new double[0];
    private byte[] kind = new byte[0];
    private int[] count = new int[0];
    private int[] firstItem = new int[0];
    private int[] kindMask = new int[0];

    // per-lane aggregate being grown during a merge pass
    private boolean[] open = new boolean[0];
    private double[] openX0 = new double[0];
    private double[] openX1 = new double[0];
    private byte[] openKind = new byte[0];
    private int[] openCount = new int[0];
    private int[] openFirst = new int[0];
    private int[] openMask = new int[0];

    void reset(int itemCapacity, int laneCount) {
        if (lane.length < itemCapacity) {
            lane = new int[itemCapacity];
            x0 = new double[itemCapacity];
            x1 = new double[itemCapacity];
            kind = new byte[itemCapacity];
            count = new int[itemCapacity];
            firstItem = new int[itemCapacity];
            kindMask = new int[itemCapacity];
        }
        if (open.length < laneCount) {
            open = new boolean[laneCount];
            openX0 = new double[laneCount];
            openX1 = new double[laneCount];
            openKind = new byte[laneCount];
            openCount = new int[laneCount];
            openFirst = new int[laneCount];
            openMask = new int[laneCount];
        }
        java.util.Arrays.fill(open, 0, laneCount, false);
        size = 0;
    }

    void add(int laneIndex, double from, double to, byte markKind, int items, int first) {
        add(laneIndex, from, to, markKind, items, first, 1 << markKind);
    }

    void add(int laneIndex, double from, double to, byte markKind, int items, int first, int mask) {
        kindMask[size] = mask;
        lane[size] = laneIndex;
        x0[size] = from;
        x1[size] = to;
        kind[size] = markKind;
        count[size] = items;
        firstItem[size] = first;
        size++;
    }

    boolean isOpen(int laneIndex) {
        return open[laneIndex];
    }

    double openStart(int laneIndex) {
        return openX0[laneIndex];
    }

    double openEnd(int laneIndex) {
        return openX1[laneIndex];
    }

    void openAggregate(int laneIndex, double from, double to, byte markKind, int item) {
        open[laneIndex] = true;
        openX0[laneIndex] = from;
        openX1[laneIndex] = to;
        openKind[laneIndex] = markKind;
        openCount[laneIndex] = 1;
        openFirst[laneIndex] = item;
        openMask[laneIndex] = 1 << markKind;
    }

    void extendAggregate(int laneIndex, double to, byte markKind) {
        openX1[laneIndex] = Math.max(openX1[laneIndex], to);
        if (markKind > openKind[laneIndex]) {
            openKind[laneIndex] = markKind;
        }
        openCount[laneIndex]++;
        openMask[laneIndex] |= 1 << markKind;
    }

    void closeAggregate(int laneIndex) {
        if (open[laneIndex]) {
            add(laneIndex, openX0[laneIndex], openX1[laneIndex], openKind[laneIndex], openCount[laneIndex], openFirst[laneIndex],
                    openMask[laneIndex]);
            open[laneIndex] = false;
        }
    }

    @Override
    public int size() {
        return size;
    }

    @Override
    public int lane(int mark) {
        return lane[mark];
    }

    @Override
    public double x0(int mark) {
        return x0[mark];
    }

    @Override
    public double x1(int mark) {
        return x1[mark];
    }

    public MarkKind kind(int mark) {
        return MarkKind.of(kind[mark]);
    }

    /** How many items the mark stands for; 1 for a mark drawn as itself. */
    public int count(int mark) {
        return count[mark];
    }

    /** Whether any item of the mark is of this kind (an aggregate shows every important kind it holds). */
    public boolean contains(int mark, MarkKind kind) {
        return (kindMask[mark] & (1 << kind.ordinal())) != 0;
    }

    /** The most important of the kinds drawn as symbols (checkpoint and up) in the mark, or null when it has none. */
    public MarkKind mostImportantSymbol(int mark) {
        for (int k = MarkKind.FAILURE.ordinal(); k >= MarkKind.CHECKPOINT.ordinal(); k--) {
            if ((kindMask[mark] & (1 << k)) != 0) {
                return MarkKind.of((byte) k);
            }
        }
        return null;
    }

    /** The most important of the kinds drawn as strokes and bars (event, model call, tool call) in the mark, or null. */
    public MarkKind mostImportantBase(int mark) {
        for (int k = MarkKind.TOOL_SPAN.ordinal(); k >= MarkKind.TICK.ordinal(); k--) {
            if ((kindMask[mark] & (1 << k)) != 0) {
                return MarkKind.of((byte) k);
            }
        }
        return null;
    }

    /** The first (earliest) item of the mark. */
    public int firstItem(int mark) {
        return firstItem[mark];
    }
}
