package dev.forkline.replay.engine;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.ExitStatus;
import dev.forkline.trace.Json;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * What a replay found. The replay itself is in the bundle as run {@link #replayRun()}.
 *
 * @param bundleDirectory   the bundle the replay was appended to
 * @param replayedRun       the replayed run (the new run is forked from the run holding the checkpoint: this one or an ancestor)
 * @param replayRun         the new run
 * @param checkpointId      the checkpoint it started from
 * @param checkpointEventId that checkpoint's event (the new run's fork point)
 * @param edits             the edits applied
 * @param image             the image the sandbox ran
 * @param imageReason       why that image (see {@link dev.forkline.replay.sandbox.ImageResolver})
 * @param containerId       the sandbox's container (removed when the replay ended)
 * @param totalSteps        how many steps the plan held
 * @param steps             the steps walked, in order
 * @param stopReason        why the replay ended
 * @param stopDetail        a sentence on it (the decision needed, the error ...), or null
 * @param timings           where the time went
 * @param outcome           the replay's outcome next to the original's
 * @param recovery          recovery time and cost, as stored in the replay's session.end
 * @param strictEnvironment environment divergences count as failures
 * @param setupNotes        what was done to prepare the sandbox for an imported session (tools, set-up commands)
 * @param integrityWarning  why the replayed trace cannot be vouched for (altered, or decisions by untrusted keys), or null
 */
public record ReplayResult(Path bundleDirectory, String replayedRun, String replayRun, String checkpointId, String checkpointEventId,
                           List<EventEdit> edits, String image, String imageReason, String containerId, int totalSteps,
                           List<StepResult> steps, StopReason stopReason, String stopDetail, ReplayTimings timings,
                           OutcomeComparison outcome, RecoveryCost recovery, boolean strictEnvironment, List<String> setupNotes,
                           String integrityWarning) {

    public enum StopReason {
        /** Every step was walked. */
        COMPLETED,
        /** stopAtFirstDivergence and a step diverged. */
        FIRST_DIVERGENCE,
        /** An external effect with an unknown outcome has no usable decision. */
        NEEDS_DECISION,
        /** A human decision said terminate. */
        TERMINATED_BY_DECISION,
        CANCELLED,
        /** The replay's own sandbox stopped. */
        SANDBOX_LOST;

        public String wireName() {
            return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
        }
    }

    public ReplayResult {
        edits = List.copyOf(edits);
        steps = List.copyOf(steps);
        setupNotes = setupNotes == null ? List.of() : List.copyOf(setupNotes);
    }

    /** Divergences of one class (each counted whether or not it counts as a failure). */
    public long divergences(DivergenceClass kind) {
        return steps.stream().filter(s -> s.divergence() == kind && s.status().isFailure()).count();
    }

    public long count(StepStatus status) {
        return steps.stream().filter(s -> s.status() == status).count();
    }

    public long matched() {
        return count(StepStatus.MATCHED);
    }

    /** Divergences that count as failures (unexpected ones and escapes that were not contained). */
    public long diverged() {
        return steps.stream().filter(s -> s.countsAsFailure(strictEnvironment)).count();
    }

    public long expectedDivergences() {
        return count(StepStatus.EXPECTED_DIVERGENCE);
    }

    public long stubbed() {
        return count(StepStatus.STUBBED);
    }

    public long contained() {
        return count(StepStatus.CONTAINED);
    }

    public long notContained() {
        return count(StepStatus.NOT_CONTAINED);
    }

    public long needsDecision() {
        return count(StepStatus.NEEDS_DECISION);
    }

    /** The first step that diverged as a failure, with its diffs. */
    public Optional<StepResult> firstDivergence() {
        return steps.stream().filter(s -> s.countsAsFailure(strictEnvironment)).findFirst();
    }

    /** The step that needs a human decision, when the replay stopped for one. */
    public Optional<StepResult> pendingDecision() {
        return steps.stream().filter(s -> s.status() == StepStatus.NEEDS_DECISION).findFirst();
    }

    public boolean allMatched() {
        return diverged() == 0 && stopReason == StopReason.COMPLETED;
    }

    /**
     * For {@code forkline replay}: {@link ExitStatus#DIVERGED} when a step diverged (or an escape was not contained),
     * {@link ExitStatus#CHECK_FAILED} when the replay stopped without diverging (a decision is needed, terminated,
     * cancelled, sandbox lost), {@link ExitStatus#OK} when every step was walked and nothing diverged except what edits
     * made expected.
     */
    public int exitCode() {
        if (diverged() > 0) {
            return ExitStatus.DIVERGED;
        }
        return stopReason == StopReason.COMPLETED ? ExitStatus.OK : ExitStatus.CHECK_FAILED;
    }

    /** The report {@code forkline replay} prints: one line per step, the first divergence with its diffs, counts, timings. */
    public String describe() {
        StringBuilder s = new StringBuilder();
        s.append("replay ").append(replayRun).append(" of ").append(replayedRun).append(" from ").append(checkpointId)
                .append(" (").append(checkpointEventId).append(") in ").append(image).append('\n');
        if (!edits.isEmpty()) {
            s.append("edits: ").append(edits.stream().map(EventEdit::toString).toList()).append('\n');
        }
        if (integrityWarning != null) {
            s.append("WARNING: ").append(integrityWarning).append('\n');
        }
        setupNotes.forEach(note -> s.append("set-up: ").append(note).append('\n'));
        for (StepResult step : steps) {
            s.append(String.format(java.util.Locale.ROOT, "%4d/%d %-20s %s", step.number(), totalSteps, step.statusText(), step.label()));
            if (step.cause() != null) {
                s.append(" - ").append(step.cause());
            } else if (step.note() != null) {
                s.append(" - ").append(step.note());
            }
            s.append('\n');
            if (!step.diffs().isEmpty() && !step.normalizations().isEmpty()) {
                s.append("          (compared after normalising: ").append(String.join(", ", step.normalizations())).append(")\n");
            }
            for (FieldDiff diff : step.diffs()) {
                s.append("          ").append(diff.describe()).append('\n');
            }
        }
        firstDivergence().ifPresent(step -> {
            s.append("FIRST DIVERGENCE at ").append(step.eventId()).append(" (").append(step.label()).append(")\n");
            for (FieldDiff diff : step.diffs()) {
                s.append("  ").append(diff.describe()).append('\n');
                if (diff.excerpt() != null) {
                    diff.excerpt().lines().forEach(line -> s.append("    ").append(line).append('\n'));
                }
            }
        });
        s.append(String.format(java.util.Locale.ROOT, "%d matched, %d diverged, %d expected divergences, %d stubbed, %d contained,"
                        + " %d not contained, %d needing a decision; %s%n", matched(), diverged(), expectedDivergences(), stubbed(),
                contained(), notContained(), needsDecision(),
                stopReason == StopReason.COMPLETED ? "completed" : "stopped: " + stopDetail));
        if (steps.stream().anyMatch(step -> step.divergence() != null)) {
            s.append(String.format(java.util.Locale.ROOT, "divergences by class: %d behaviour, %d environment, %d workspace%s%n",
                    divergences(DivergenceClass.BEHAVIOUR), divergences(DivergenceClass.ENVIRONMENT), divergences(DivergenceClass.WORKSPACE),
                    strictEnvironment ? " (environment ones count: --strict-environment)" : divergences(DivergenceClass.ENVIRONMENT) > 0
                            ? " (environment ones do not fail the replay; --strict-environment makes them)" : ""));
        }
        s.append("outcome: ").append(outcome.replayOutcome()).append(" (original: ").append(outcome.originalOutcome()).append(')');
        if (outcome.checkEventId() != null) {
            s.append("; check ").append(outcome.checkEventId()).append(" exit ").append(outcome.originalExitCode()).append(" -> ")
                    .append(outcome.replayExitCode() == null ? "not reached" : outcome.replayExitCode());
        }
        s.append('\n');
        s.append(String.format(java.util.Locale.ROOT, "timings: image %d ms, provision %d ms%s, restore %d ms, steps %d ms, total %d ms%n",
                timings.imageMs(), timings.provisionMs(), timings.prepared() ? " (prepared)" : timings.fromPool() ? " (pooled)" : "", timings.restoreMs(), timings.stepsMs(),
                timings.totalMs()));
        return s.toString();
    }

    public ObjectNode toJson() {
        ObjectNode json = Json.object();
        json.put("bundle", bundleDirectory.toString());
        json.put("replayedRun", replayedRun);
        json.put("replayRun", replayRun);
        json.put("checkpoint", checkpointId);
        json.put("checkpointEvent", checkpointEventId);
        ArrayNode editList = json.putArray("edits");
        edits.forEach(e -> editList.add(e.toJson()));
        json.put("image", image);
        json.put("imageReason", imageReason);
        json.put("containerId", containerId);
        json.put("stopReason", stopReason.wireName());
        json.put("stopDetail", stopDetail);
        ObjectNode counts = json.putObject("counts");
        counts.put("steps", steps.size());
        counts.put("planned", totalSteps);
        counts.put("matched", matched());
        counts.put("diverged", diverged());
        counts.put("expectedDivergences", expectedDivergences());
        counts.put("stubbed", stubbed());
        counts.put("contained", contained());
        counts.put("notContained", notContained());
        counts.put("needsDecision", needsDecision());
        counts.put("refired", count(StepStatus.REFIRED));
        counts.put("decided", count(StepStatus.DECIDED));
        counts.put("dropped", count(StepStatus.DROPPED));
        counts.put("applied", count(StepStatus.APPLIED));
        counts.put("unverified", count(StepStatus.UNVERIFIED));
        ObjectNode classes = counts.putObject("divergencesByClass");
        for (DivergenceClass kind : DivergenceClass.values()) {
            classes.put(kind.wireName(), divergences(kind));
        }
        json.put("strictEnvironment", strictEnvironment);
        json.put("integrityWarning", integrityWarning);
        ArrayNode setup = json.putArray("setup");
        setupNotes.forEach(setup::add);
        firstDivergence().ifPresentOrElse(step -> {
            ObjectNode first = json.putObject("firstDivergence");
            first.put("eventId", step.eventId());
            first.put("replayEventId", step.replayEventId());
            first.put("step", step.number());
            ArrayNode diffs = first.putArray("diffs");
            step.diffs().forEach(d -> diffs.add(d.toJson()));
        }, () -> json.putNull("firstDivergence"));
        ArrayNode stepList = json.putArray("steps");
        steps.forEach(s -> stepList.add(s.toJson()));
        json.set("timings", timings.toJson());
        json.set("outcome", outcome.toJson());
        json.set("recovery", recovery.toJson());
        json.put("exitCode", exitCode());
        return json;
    }
}
