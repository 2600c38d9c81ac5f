package dev.forkline.replay.sandbox;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The labels every Forkline container carries: what it belongs to (session, run) and which process owns it (host, pid,
 * that process's start time), so that a sweep ({@link SandboxBackend#sweepOrphans()}) can tell a live owner's sandbox
 * from a leftover ({@link #isOrphan}).
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

    /** True when {@code labels} name this process (host, pid and its start time) as the sandbox's owner. */
    public static boolean isOwnedByThisProcess(Map<String, String> labels) {
        return labels != null && hostName().equals(labels.get(HOST))
                && Long.toString(ProcessHandle.current().pid()).equals(labels.get(PID))
                && ownerStart(ProcessHandle.current()).equals(labels.getOrDefault(OWNER_START, ""));
    }

    /**
     * True when {@code labels} name an owner on this host that is gone. Only sandboxes of this host with an owner pid are
     * judged; the owner is alive if the pid runs with the same start time.
     */
    public static boolean isOrphan(Map<String, String> labels) {
        if (labels == null || !hostName().equals(labels.get(HOST))) {
            return false;
        }
        long pid;
        try {
            pid = Long.parseLong(labels.getOrDefault(PID, ""));
        } catch (NumberFormatException e) {
            return false;
        }
        Optional<ProcessHandle> owner = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
        if (owner.isEmpty()) {
            return true;
        }
        String recordedStart = labels.getOrDefault(OWNER_START, "");
        String actualStart = ownerStart(owner.get());
        // pid reuse: a live process with another start time is not the owner
        return !recordedStart.isEmpty() && !actualStart.isEmpty() && !startsMatch(recordedStart, actualStart);
    }

    private static boolean startsMatch(String recorded, String actual) {
        // start instants derived from /proc are coarse; allow a second of jitter
        return Math.abs(Instant.ofEpochMilli(Long.parseLong(recorded)).toEpochMilli() - Long.parseLong(actual)) <= 1000;
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
