package dev.forkline.views.concurrent;

/** Lets background work report how far it is; a fraction below 0 means "unknown". */
@FunctionalInterface
public interface Progress {

    void update(String message, double fraction);

    Progress NONE = (message, fraction) -> {
    };
}
