package dev.forkline.importers.support;

import java.util.Set;

/**
 * The finding codes importers raise: one code for one kind of gap or damage, whichever format it comes from. The
 * message says what exactly (which fields, which line); the code is what tools filter on. Documented in
 * docs/importers.md ("Finding codes").
 */
public final class ImportFindings {

    private ImportFindings() {
    }

    // What the source format does not record

    /** Part of the execution environment (image, OS, git state, working directory...) is not recorded. */
    public static final String ENVIRONMENT_INCOMPLETE = "environment-incomplete";
    /** The model behind some or all model calls is not named. */
    public static final String MODEL_UNKNOWN = "model-unknown";
    /** Model calls carry no token counts. */
    public static final String USAGE_UNKNOWN = "usage-unknown";
    /** Token counts are recorded rounded (e.g. aider's {@code 12k}): they are approximate. */
    public static final String USAGE_ROUNDED = "usage-rounded";
    /** Token and cost figures exist only as run totals (on session.end), not per model call. */
    public static final String USAGE_TOTALS_ONLY = "usage-totals-only";
    /** The run's usage totals differ from the sum over its model calls. */
    public static final String USAGE_MISMATCH = "usage-mismatch";
    /** No cost is recorded (token counts only). */
    public static final String NO_COST = "no-cost";
    /** No workspace snapshot: there is no replayable checkpoint. */
    public static final String NO_CHECKPOINT = "no-checkpoint";
    /**
     * The import has a start checkpoint whose files are not in the trace: a replay from it needs the tree the session
     * started from ({@code --workspace SRC}); the message suggests where to get it.
     */
    public static final String STARTING_TREE_NEEDED = "starting-tree-needed";
    /** Recorded edits name paths outside the workspace root: kept as recorded, a replay cannot apply them to the tree. */
    public static final String PATH_OUTSIDE_WORKSPACE = "path-outside-workspace";
    /** The source says nothing about how the run ended: session.end's outcome is {@code unknown}. */
    public static final String NO_OUTCOME = "no-outcome";
    /** Events without a time were given one (the previous record's, or a synthesised clock). */
    public static final String TIMESTAMP_SYNTHESISED = "timestamp-synthesised";
    /** Times were recorded without a zone and read as UTC. */
    public static final String TIMESTAMPS_WITHOUT_ZONE = "timestamps-without-zone";
    /** Tool calls were linked to the model call that proposed them by tool name and order, not by a recorded call id. */
    public static final String CALL_LINKS_INFERRED = "call-links-inferred";
    /** Several tool calls of one run carry the same call id: pairing results by id is ambiguous. */
    public static final String CALL_IDS_NOT_UNIQUE = "call-ids-not-unique";
    /** Tool calls carry no call id of their own; one was made up. */
    public static final String CALL_IDS_SYNTHESISED = "call-ids-synthesised";
    /** A tool call's effect class is not known to Forkline's rule: treated as external. */
    public static final String EFFECT_GUESSED = "effect-guessed";
    /** Model calls the run made are not in the file (e.g. requeries after format errors). */
    public static final String MODEL_CALLS_UNRECORDED = "model-calls-unrecorded";
    /** The model proposed tool calls that no tool record answers (the framework handled them itself). */
    public static final String PROPOSED_CALLS_WITHOUT_TOOL = "proposed-calls-without-tool";
    /** Tool outputs were replaced by redaction placeholders: their outcome is unknown. */
    public static final String OUTPUT_REDACTED = "output-redacted";
    /** File-history backups are referenced but stored outside the transcript. */
    public static final String FILE_HISTORY_NOT_IMPORTED = "file-history-not-imported";
    /** Patch inputs could not be read as patches (e.g. redacted): no state mutations for them. */
    public static final String PATCH_UNREADABLE = "patch-unreadable";
    /** An Inspect eval ran without a sandbox: tools ran on the host, if any. */
    public static final String NO_SANDBOX = "no-sandbox";
    /** A Codex rollout has no session_meta record. */
    public static final String NO_SESSION_META = "no-session-meta";
    /** No OpenTelemetry span follows the GenAI conventions for a model call. */
    public static final String NO_MODEL_SPANS = "no-model-spans";

    // How records were turned into events

    /** Records that only repeat another record were folded into it (counted). */
    public static final String RECORDS_FOLDED = "records-folded";
    /** Nested model spans (framework, SDK, HTTP) became one model.call. */
    public static final String MODEL_SPANS_MERGED = "model-spans-merged";
    /** Several tool calls of one step were merged into one call. */
    public static final String PARALLEL_CALLS_MERGED = "parallel-calls-merged";
    /** A retry loop's attempts became runs of their own. */
    public static final String ATTEMPTS_AS_RUNS = "attempts-as-runs";
    /** Demonstrations (example trajectories in the prompt) were not imported. */
    public static final String DEMONSTRATIONS_SKIPPED = "demonstrations-skipped";
    /** OpenHands' explicit "no observation" placeholders carry nothing and were not imported. */
    public static final String EMPTY_OBSERVATIONS = "empty-observations";
    /** A subagent transcript beside the session was read. */
    public static final String SUBAGENT_FILE = "subagent-file";
    /** Subagent messages streamed into the parent transcript (agent_progress records) were read as lanes. */
    public static final String SUBAGENT_PROGRESS = "subagent-progress";
    /** A subagent transcript of another session was skipped. */
    public static final String SUBAGENT_FILE_SKIPPED = "subagent-file-skipped";
    /** Inspect samples were imported from their summaries only, without transcripts. */
    public static final String SUMMARIES_ONLY = "summaries-only";

    // Damage and loose ends in the source

    /** A line of a JSON-lines file could not be read (invalid UTF-8, too long, not one JSON object): skipped. */
    public static final String MALFORMED_LINE = "malformed-line";
    /** JSON breaks inside a document: the reader skipped ahead or stopped. */
    public static final String MALFORMED_JSON = "malformed-json";
    /** A record (a list element, a file of a folder, an archive entry) is not usable: skipped. */
    public static final String MALFORMED_RECORD = "malformed-record";
    /**
     * The codes that name a part of the file that was not read, so is not in the trace: a trace imported with one of
     * them may be incomplete (a file cut short, a transcript whose last line was being written).
     */
    public static final Set<String> UNREAD_PARTS = Set.of(MALFORMED_LINE, MALFORMED_JSON, MALFORMED_RECORD);
    /** A record type the importer does not know: kept as a raw event or note. */
    public static final String UNKNOWN_RECORD = "unknown-record";
    /** An event names a blob the bundle does not hold. */
    public static final String MISSING_BLOB = "missing-blob";
    /** A response's model.call does not hold all of its lines: they lay too far apart, or its last line was not read. */
    public static final String RESPONSE_INCOMPLETE = "response-incomplete";
    /** A tool call has no result. */
    public static final String UNPAIRED_CALL = "unpaired-call";
    /** A tool result answers no call. */
    public static final String UNPAIRED_RESULT = "unpaired-result";
    /** A span has no end time: what it returned is not recorded. */
    public static final String UNFINISHED_SPAN = "unfinished-span";
    /** How many spans have no end time (one finding for the file). */
    public static final String UNFINISHED_SPANS = "unfinished-spans";
    /** Spans name a parent that is not in the file: placed by time. */
    public static final String ORPHAN_SPANS = "orphan-spans";
    /** Langfuse observations without a start time: kept raw, not placed on the timeline. */
    public static final String UNTIMED_OBSERVATIONS = "untimed-observations";
    /** SWE-agent's history and trajectory do not line up step for step. */
    public static final String HISTORY_MISALIGNED = "history-misaligned";
    /** Inspect attachment references that the sample does not hold. */
    public static final String UNRESOLVED_ATTACHMENTS = "unresolved-attachments";
    /** An Inspect approval names a call that is not in the transcript. */
    public static final String APPROVAL_SUBJECT_UNKNOWN = "approval-subject-unknown";
    /** An Inspect sample holds no events. */
    public static final String NO_TRANSCRIPT = "no-transcript";
    /** An Inspect transcript does not begin with sample_init. */
    public static final String NO_SAMPLE_INIT = "no-sample-init";
    /** Inspect samples come before the eval header in the file. */
    public static final String SAMPLES_BEFORE_HEADER = "samples-before-header";
    /** The Inspect eval did not finish (no header.json). */
    public static final String EVAL_UNFINISHED = "eval-unfinished";
    /** The Inspect eval's status is not success. */
    public static final String EVAL_STATUS = "eval-status";
}
