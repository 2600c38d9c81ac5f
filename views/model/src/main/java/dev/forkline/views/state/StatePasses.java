package dev.forkline.views.state;

import dev.forkline.trace.state.StateReconstructor;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Makes state reconstructors' passes over runs ahead of the first step, one at a time, on a daemon thread named
 * {@code forkline-state-pass} that ends when idle; a failed pass is logged (the step that needs it will fail visibly).
 */
final class StatePasses {

    private static final Logger LOG = LoggerFactory.getLogger(StatePasses.class);

    private final ExecutorService thread = new ThreadPoolExecutor(0, 1, 30, TimeUnit.SECONDS, new LinkedBlockingQueue<>(), runnable -> {
        Thread worker = new Thread(runnable, "forkline-state-pass");
        worker.setDaemon(true);
        return worker;
    });

    CompletableFuture<Void> start(StateReconstructor reconstructor, String run) {
        return CompletableFuture.runAsync(() -> reconstructor.prepare(run), thread).whenComplete((done, failure) -> {
            if (failure != null) {
                LOG.warn("the state pass over run " + run + " failed", failure);
            }
        });
    }
}
