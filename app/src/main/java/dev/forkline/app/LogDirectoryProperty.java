package dev.forkline.app;

import ch.qos.logback.core.PropertyDefinerBase;

/** Gives logback.xml the log directory, following the XDG state directory convention. */
public final class LogDirectoryProperty extends PropertyDefinerBase {

    @Override
    public String getPropertyValue() {
        return Logs.logFile().getParent().toString();
    }
}
