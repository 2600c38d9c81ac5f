package dev.forkline.views.concurrent;

/** A unit of background work that may report progress and fail. */
@FunctionalInterface
public interface Work<T> {

    T run(Progress progress) throws Exception;
}
