package dev.forkline.importers.sweagent;

import java.util.Locale;

/** Maps the exit statuses of SWE-agent and mini-swe-agent to session.end outcomes. */
final class SweAgentOutcome {

    private SweAgentOutcome() {
    }

    static String of(String exitStatus) {
        if (exitStatus == null) {
            return "unknown";
        }
        String status = exitStatus.toLowerCase(Locale.ROOT);
        if (status.startsWith("submitted")) {
            return "success";
        }
        if (status.contains("error") || status.contains("exception")) {
            return "failure";
        }
        if (status.startsWith("exit") || status.contains("limit") || status.contains("cost") || status.contains("context")
                || status.contains("interrupt")) {
            return "aborted";
        }
        return "unknown";
    }
}
