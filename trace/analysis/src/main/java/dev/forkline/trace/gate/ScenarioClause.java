package dev.forkline.trace.gate;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.index.RunInfo;
import dev.forkline.trace.recovery.RunMetrics;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * A required scenario is demonstrated: some trace it matches holds a recovery run (run.fork reason fork, replay or
 * revert) that ended in success, or a replay whose counts show every event matched.
 */
final class ScenarioClause {

    private static final Set<String> RECOVERY_REASONS = Set.of("fork", "replay", "revert");

    ClauseResult check(Contract.Scenario scenario, List<TraceEvidence> traces) {
        String clause = ClauseResult.SCENARIO_PREFIX + scenario.id();
        List<TraceEvidence> matching = traces.stream().filter(trace -> matches(scenario.match(), trace)).toList();
        if (matching.isEmpty()) {
            return ClauseResult.fail(clause, null, scenario.name() + ": no trace matches " + describe(scenario.match()), List.of());
        }
        List<Evidence> problems = new ArrayList<>();
        for (TraceEvidence trace : matching) {
            Optional<RunMetrics> demonstration = trace.metrics.runs().stream().filter(ScenarioClause::demonstrates).findFirst();
            if (demonstration.isPresent()) {
                RunMetrics run = demonstration.get();
                return ClauseResult.pass(clause, null, scenario.name() + ": demonstrated by " + trace.traceId + " run " + run.run()
                        + " (" + run.reason() + " of " + run.parentRun() + ", "
                        + (run.succeeded() ? "outcome success" : "replay matched every event") + ")");
            }
            problems.add(trace.whole("matches the scenario but has no recovery run that succeeded or matched"));
        }
        return ClauseResult.fail(clause, null, scenario.name() + ": recovery not demonstrated", problems);
    }

    static boolean demonstrates(RunMetrics run) {
        return run.parentRun() != null && run.reason() != null && RECOVERY_REASONS.contains(run.reason())
                && (run.succeeded() || run.replay() != null && run.replay().fullyMatched());
    }

    static boolean matches(Contract.TraceMatch match, TraceEvidence trace) {
        if (match.traceId() != null && !glob(match.traceId()).matcher(trace.traceId).matches()) {
            return false;
        }
        String title = trace.bundle.manifest().title();
        if (match.title() != null && (title == null || !match.title().matcher(title).find())) {
            return false;
        }
        return match.tag() == null || tags(trace).contains(match.tag());
    }

    private static List<String> tags(TraceEvidence trace) {
        List<String> tags = new ArrayList<>();
        for (RunInfo run : trace.index.roots()) {
            Event start = trace.index.eventsOf(run.id()).getFirst();
            JsonNode list = start.is(EventType.SESSION_START) ? start.data().get("tags") : null;
            if (list != null && list.isArray()) {
                list.forEach(tag -> tags.add(tag.asText()));
            }
        }
        return tags;
    }

    private static Pattern glob(String glob) {
        StringBuilder regex = new StringBuilder();
        for (char c : glob.toCharArray()) {
            switch (c) {
                case '*' -> regex.append(".*");
                case '?' -> regex.append('.');
                default -> regex.append(Pattern.quote(String.valueOf(c)));
            }
        }
        return Pattern.compile(regex.toString(), Pattern.DOTALL);
    }

    private static String describe(Contract.TraceMatch match) {
        List<String> parts = new ArrayList<>();
        if (match.traceId() != null) {
            parts.add("traceId " + match.traceId());
        }
        if (match.title() != null) {
            parts.add("title /" + match.title().pattern() + "/");
        }
        if (match.tag() != null) {
            parts.add("tag " + match.tag());
        }
        return String.join(" and ", parts);
    }
}
