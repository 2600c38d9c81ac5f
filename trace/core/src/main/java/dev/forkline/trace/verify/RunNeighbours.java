package dev.forkline.trace.verify;

import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.index.TraceIndex;
import java.util.Arrays;

/** For each event, the event before it in its own run: in seq order (whose hash its prev must be) and in the file. */
final class RunNeighbours {

    private final int[] previousBySeq;
    private final int[] previousInFile;

    RunNeighbours(TraceIndex index) {
        EventColumns columns = index.columns();
        int n = columns.size();
        previousBySeq = new int[n];
        for (String run : columns.runs()) {
            int[] bySeq = index.indexesOf(run);
            for (int p = 0; p < bySeq.length; p++) {
                previousBySeq[bySeq[p]] = p == 0 ? -1 : bySeq[p - 1];
            }
        }
        previousInFile = new int[n];
        int[] lastOfRun = new int[columns.runs().size()];
        Arrays.fill(lastOfRun, -1);
        for (int i = 0; i < n; i++) {
            previousInFile[i] = lastOfRun[columns.runCode(i)];
            lastOfRun[columns.runCode(i)] = i;
        }
    }

    /** The file-order index of the event before event {@code i} in its run's seq order, or -1 when it is the first. */
    int previousBySeq(int i) {
        return previousBySeq[i];
    }

    /** The file-order index of the last event of the same run before event {@code i} in the file, or -1. */
    int previousInFile(int i) {
        return previousInFile[i];
    }
}
