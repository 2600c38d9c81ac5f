package dev.forkline.replay.sandbox;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The labels every Forkline container carries: what it belongs to (session, run) and which process owns it (host, pid,
 * that process's start time), so that {@link OrphanSweeper} can tell a live owner's container from a leftover.
 */
public record SandboxLabels(String session, String run) {

    public static final String PRODUCT = "dev.forkline.product";
    public static final String PRODUCT_VALUE = "forkline";
    public static final String SESSION = "dev.forkline.session";
    public static final String RUN = "dev.forkline.run";
    public static final String HOST = "dev.forkline.host";
    public static final String PID = "dev.forkline.pid";
    public static final String OWNER_START = "dev.forkline.owner-start";

    public SandboxLabels {
        session = session == null ? "" : session;
        run = run == null ? "" : run;
    }

    public Map<String, String> toMap() {
        Map<String, String> labels = new LinkedHashMap<>();
        labels.put(PRODUCT, PRODUCT_VALUE);
        labels.put(SESSION, session);
        labels.put(RUN, run);
        labels.put(HOST, hostName());
        labels.put(PID, Long.toString(ProcessHandle.current().pid()));
        labels.put(OWNER_START, ownerStart(ProcessHandle.current()));
        return labels;
    }

    static String ownerStart(ProcessHandle process) {
        return process.info().startInstant().map(i -> Long.toString(i.toEpochMilli())).orElse("");
    }

    static String hostName() {
        String fromEnv = System.getenv("HOSTNAME");
        if (fromEnv != null && !fromEnv.isBlank()) {
            return fromEnv;
        }
        try {
            return InetAddress.getLocalHost().getHostName();
        } catch (UnknownHostException e) {
            return "unknown";
        }
    }
}
