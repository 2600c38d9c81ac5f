package dev.forkline.trace.store;

import java.sql.Connection;
import org.h2.api.Trigger;

/** A trigger class that notes when H2 initialises it: opening a refused database must never do so. */
public class RecordingTrigger implements Trigger {

    static volatile boolean initialised;

    @Override
    public void init(Connection conn, String schemaName, String triggerName, String tableName, boolean before, int type) {
        initialised = true;
    }

    @Override
    public void fire(Connection conn, Object[] oldRow, Object[] newRow) {
    }
}
