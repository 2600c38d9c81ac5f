package dev.forkline.trace.store;

import java.time.Clock;
import java.util.List;

/**
 * A separate process that imports the standard sample trace into a team store and prints {@code RESULT STATUS}, for
 * tests of several clients at once. Arguments: the store's address, the trace id.
 */
public final class ImportChild {

    private ImportChild() {
    }

    public static void main(String[] args) throws Exception {
        System.out.println("READY");
        try (TraceStore store = TraceStore.open(TeamDatabase.parse(args[0]), null, Clock.systemUTC())) {
            StoreResult result = store.importTrace(SampleTraces.standard(args[1]).bundle(), List.of(), "child");
            System.out.println("RESULT " + result.status());
        } catch (StoreException e) {
            System.out.println("FAILED " + e.getMessage());
        }
        System.out.flush();
    }
}
