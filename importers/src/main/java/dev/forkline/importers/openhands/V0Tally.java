package dev.forkline.importers.openhands;

import dev.forkline.importers.ImportSession;
import dev.forkline.importers.support.ImportFindings;
import dev.forkline.trace.Finding;
import java.util.ArrayList;
import java.util.List;

/**
 * The gaps every run of an OpenHands V0 import may share (times without a zone, untimed records, empty observations,
 * no model name, no usage, no cost, the environment), counted over all runs and reported once per import: an
 * evaluation output with hundreds of instances gets one finding per kind, not one per instance.
 */
final class V0Tally {

    private static final int EXAMPLES = 3;

    private int runs;
    private boolean zoneless;
    private int untimed;
    private final List<String> untimedRuns = new ArrayList<>();
    private int emptyObservations;
    private final List<String> modelUnknown = new ArrayList<>();
    private final List<String> usageUnknown = new ArrayList<>();
    private final List<String> unpriced = new ArrayList<>();
    private boolean evalUnpriced;
    private int withCommit;

    void environment(boolean commitKnown) {
        runs++;
        withCommit += commitKnown ? 1 : 0;
    }

    void zoneless() {
        zoneless = true;
    }

    void untimed() {
        untimed++;
    }

    void untimedRun(String run) {
        untimedRuns.add(run);
    }

    void emptyObservation() {
        emptyObservations++;
    }

    void modelUnknown(String run) {
        modelUnknown.add(run);
    }

    void usageUnknown(String run) {
        usageUnknown.add(run);
    }

    void unpriced(String run, boolean eval) {
        unpriced.add(run);
        evalUnpriced |= eval;
    }

    /** @param several whether the import holds several runs (messages then name them) */
    void report(ImportSession session, boolean several) {
        if (withCommit < runs) {
            session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "the event stream does not name the runtime image or the "
                    + "repository state it started from: a replay must be given one", null, 0));
        } else if (runs > 0) {
            session.finding(Finding.warning(ImportFindings.ENVIRONMENT_INCOMPLETE, "the output names each instance's repository and base "
                    + "commit but not the runtime image: a replay must be given one", null, 0));
        }
        if (zoneless) {
            session.finding(Finding.warning(ImportFindings.TIMESTAMPS_WITHOUT_ZONE, "OpenHands wrote local times without a zone: read as UTC", null, 0));
        }
        if (!untimedRuns.isEmpty()) {
            session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, "the stream records no times at all" + which(untimedRuns, several),
                    null, 0));
        }
        if (untimed > 0) {
            session.finding(Finding.warning(ImportFindings.TIMESTAMP_SYNTHESISED, untimed + " record(s) have no timestamp: given the previous "
                    + "record's time plus a microsecond", null, 0));
        }
        if (emptyObservations > 0) {
            session.finding(Finding.info(ImportFindings.EMPTY_OBSERVATIONS, emptyObservations + " 'null' observation(s) (OpenHands' explicit "
                    + "'no observation' placeholder) carry nothing: not imported as events", null, 0));
        }
        if (!modelUnknown.isEmpty()) {
            session.finding(Finding.warning(ImportFindings.MODEL_UNKNOWN, "no model response in the stream names the model"
                    + which(modelUnknown, several), null, 0));
        }
        if (!usageUnknown.isEmpty()) {
            session.finding(Finding.info(ImportFindings.USAGE_UNKNOWN, "no model response carries token counts: usage unknown"
                    + which(usageUnknown, several), null, 0));
        }
        if (!unpriced.isEmpty()) {
            session.finding(Finding.info(ImportFindings.NO_COST, (evalUnpriced
                    ? "the metrics record no cost per response and an accumulated cost of 0 (the model was not priced)"
                    : "the stream records no cost (no llm_metrics)") + which(unpriced, several), null, 0));
        }
    }

    private static String which(List<String> runs, boolean several) {
        if (!several) {
            return "";
        }
        return " (" + runs.size() + " run(s): " + String.join(", ", runs.stream().limit(EXAMPLES).toList())
                + (runs.size() > EXAMPLES ? ", ..." : "") + ")";
    }
}
