package dev.forkline.replay.sandbox;

import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** The count of out-of-memory kills in a sandbox's memory cgroup, as read from inside it (cgroup v1 or v2). */
public final class OomKills {

    /** Prints the cgroup's OOM counters: v1's memory.oom_control, else v2's memory.events (both have "oom_kill N"). */
    public static final String READ = "cat /sys/fs/cgroup/memory/memory.oom_control 2>/dev/null || cat /sys/fs/cgroup/memory.events 2>/dev/null";

    private static final Pattern OOM_KILL = Pattern.compile("(?m)^oom_kill (\\d{1,18})$");

    private OomKills() {
    }

    /** The {@code oom_kill} count in {@link #READ}'s output; 0 when it has none. */
    public static long count(String counters) {
        Matcher matcher = OOM_KILL.matcher(counters);
        return matcher.find() ? Long.parseLong(matcher.group(1)) : 0;
    }
}
