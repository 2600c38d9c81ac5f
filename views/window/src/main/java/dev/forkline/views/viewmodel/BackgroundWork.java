package dev.forkline.views.viewmodel;

import dev.forkline.views.concurrent.TaskExecutor;
import dev.forkline.views.concurrent.TaskHandle;
import dev.forkline.views.concurrent.TaskListener;
import dev.forkline.views.concurrent.Work;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * The user-visible background tasks of the window (opening, importing, verifying): how many run, and the message and
 * progress of the newest. Busy while any runs, so the first task to end does not clear it for the others; a cancelled
 * task stops counting at once.
 */
public final class BackgroundWork {

    private final TaskExecutor executor;
    private final List<Running> running = new ArrayList<>();
    private final ReadOnlyIntegerWrapper count = new ReadOnlyIntegerWrapper();
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);

    public BackgroundWork(TaskExecutor executor) {
        this.executor = executor;
    }

    /**
     * Runs {@code work} as a user-visible task: counted while it runs, its message ({@code "message…"} until it reports
     * progress) shown while it is the newest.
     */
    public <T> TaskHandle run(String name, String startMessage, Work<T> work, Consumer<? super T> onSuccess,
                              Consumer<? super Throwable> onFailure) {
        Running task = new Running(startMessage + "…");
        running.add(task);
        show();
        TaskHandle handle = executor.execute(name, work, new TaskListener<T>() {
            @Override
            public void succeeded(T result) {
                ended(task);
                onSuccess.accept(result);
            }

            @Override
            public void failed(Throwable failure) {
                ended(task);
                onFailure.accept(failure);
            }

            @Override
            public void progressed(String progressMessage, double fraction) {
                task.message = progressMessage;
                task.fraction = fraction;
                show();
            }
        });
        return handle.onCancel(() -> ended(task));
    }

    private void ended(Running task) {
        running.remove(task);
        show();
    }

    private void show() {
        count.set(running.size());
        busy.set(!running.isEmpty());
        Running newest = running.isEmpty() ? null : running.getLast();
        message.set(newest == null ? "" : newest.message);
        progress.set(newest == null ? 0 : newest.fraction);
    }

    /** How many user-visible tasks run now. */
    public ReadOnlyIntegerProperty countProperty() {
        return count.getReadOnlyProperty();
    }

    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /** What the newest running task says it does; empty when none runs. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /** The newest running task's progress, from 0 to 1; below 0 when unknown. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    private static final class Running {
        private String message;
        private double fraction = -1;

        Running(String message) {
            this.message = message;
        }
    }
}
