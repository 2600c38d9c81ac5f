package dev.forkline.views.concurrent;

/** Where a task's outcome goes; every method is called on the UI thread (or the caller's thread in tests). */
public interface TaskListener<T> {

    void succeeded(T result);

    void failed(Throwable error);

    default void progressed(String message, double fraction) {
    }
}
