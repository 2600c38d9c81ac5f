package dev.forkline.replay.engine;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.trace.decision.TrustedKeys;

import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What to replay and how.
 *
 * @param bundleDirectory       an unpacked bundle directory; the replay is appended to it as a new run
 * @param run                   the run to replay; null means the run that holds the checkpoint
 * @param checkpointId          data.checkpointId of the checkpoint to start from (in the run's lineage); may be null
 *                              when there are edits: the latest checkpoint before the first edited event is used
 * @param edits                 changes to recorded events (a fork with edits); empty for a plain replay
 * @param stopAtFirstDivergence stop at the first divergence that counts as a failure
 * @param normalizer            rules applied to stdout/stderr before comparing
 * @param pool                  pre-started sandboxes to take from; null starts a fresh one
 * @param cancellation          checked between steps; null when the replay cannot be cancelled
 * @param standInDirectory      where outbox stand-ins live for approved re-fires; null means {@code <bundle>/stand-ins}
 * @param trustedKeys           only decisions signed by these keys count; null counts every recorded decision
 * @param maxCallTimeout        upper bound on any re-executed call (the recorded exec.timeoutMs applies below it)
 * @param failureEventId        the event taken as the failure for recovery accounting; null picks one (see
 *                              {@link RecoveryAccounting})
 * @param setup                 what the reviewer supplies for a session Forkline did not record (starting tree, tools,
 *                              set-up commands, variables); {@link SessionSetup#NONE} for none
 * @param image                 the image to run in, whatever the trace records; null lets {@link ImageChoices} choose
 * @param pull                  the recorded image may be pulled from a registry when it is not present locally
 * @param strictEnvironment     environment divergences count as failures (exit 3) like behaviour ones
 * @param note                  a line the replay's {@code run.fork} keeps with it (e.g. that it is a retry after an engine
 *                              was lost); null for none
 */
public record ReplayRequest(Path bundleDirectory, String run, String checkpointId, List<EventEdit> edits,
                            boolean stopAtFirstDivergence, Normalizer normalizer, SandboxPool pool, Cancellation cancellation,
                            Path standInDirectory, TrustedKeys trustedKeys, Duration maxCallTimeout, String failureEventId,
                            SessionSetup setup, String image, boolean pull, boolean strictEnvironment, String note) {

    public static final Duration DEFAULT_MAX_CALL_TIMEOUT = Duration.ofMinutes(5);

    public ReplayRequest {
        Objects.requireNonNull(bundleDirectory, "bundleDirectory");
        edits = edits == null ? List.of() : List.copyOf(edits);
        normalizer = normalizer == null ? Normalizer.defaults() : normalizer;
        cancellation = cancellation == null ? new Cancellation() : cancellation;
        maxCallTimeout = maxCallTimeout == null ? DEFAULT_MAX_CALL_TIMEOUT : maxCallTimeout;
        setup = setup == null ? SessionSetup.NONE : setup;
        if (checkpointId == null && edits.isEmpty()) {
            throw new ReplayInputException("a replay needs a checkpoint to start from (--from CHECKPOINT)");
        }
    }

    public static Builder builder(Path bundleDirectory) {
        return new Builder(bundleDirectory);
    }

    /** The same request served by {@code value} (null: a fresh sandbox). */
    public ReplayRequest withPool(SandboxPool value) {
        return new ReplayRequest(bundleDirectory, run, checkpointId, edits, stopAtFirstDivergence, normalizer, value, cancellation,
                standInDirectory, trustedKeys, maxCallTimeout, failureEventId, setup, image, pull, strictEnvironment, note);
    }

    /** The same request, its run marked with {@code value} (see {@code note}). */
    public ReplayRequest withNote(String value) {
        return new ReplayRequest(bundleDirectory, run, checkpointId, edits, stopAtFirstDivergence, normalizer, pool, cancellation,
                standInDirectory, trustedKeys, maxCallTimeout, failureEventId, setup, image, pull, strictEnvironment, value);
    }

    public Path effectiveStandInDirectory() {
        return standInDirectory != null ? standInDirectory : bundleDirectory.resolve("stand-ins");
    }

    public static final class Builder {
        private final Path bundleDirectory;
        private String run;
        private String checkpointId;
        private final List<EventEdit> edits = new ArrayList<>();
        private boolean stopAtFirstDivergence;
        private Normalizer normalizer = Normalizer.defaults();
        private SandboxPool pool;
        private Cancellation cancellation;
        private Path standInDirectory;
        private TrustedKeys trustedKeys;
        private Duration maxCallTimeout;
        private String failureEventId;
        private SessionSetup setup = SessionSetup.NONE;
        private String image;
        private boolean pull;
        private boolean strictEnvironment;

        private Builder(Path bundleDirectory) {
            this.bundleDirectory = bundleDirectory;
        }

        public Builder run(String value) {
            run = value;
            return this;
        }

        public Builder checkpoint(String value) {
            checkpointId = value;
            return this;
        }

        public Builder edit(EventEdit edit) {
            edits.add(edit);
            return this;
        }

        public Builder edits(List<EventEdit> more) {
            edits.addAll(more);
            return this;
        }

        public Builder stopAtFirstDivergence(boolean value) {
            stopAtFirstDivergence = value;
            return this;
        }

        public Builder normalizer(Normalizer value) {
            normalizer = value;
            return this;
        }

        public Builder pool(SandboxPool value) {
            pool = value;
            return this;
        }

        public Builder cancellation(Cancellation value) {
            cancellation = value;
            return this;
        }

        public Builder standInDirectory(Path value) {
            standInDirectory = value;
            return this;
        }

        public Builder trustedKeys(TrustedKeys value) {
            trustedKeys = value;
            return this;
        }

        public Builder maxCallTimeout(Duration value) {
            maxCallTimeout = value;
            return this;
        }

        public Builder failureEvent(String eventId) {
            failureEventId = eventId;
            return this;
        }

        public Builder setup(SessionSetup value) {
            setup = value;
            return this;
        }

        public Builder image(String value) {
            image = value;
            return this;
        }

        public Builder pull(boolean value) {
            pull = value;
            return this;
        }

        public Builder strictEnvironment(boolean value) {
            strictEnvironment = value;
            return this;
        }

        public ReplayRequest build() {
            return new ReplayRequest(bundleDirectory, run, checkpointId, edits, stopAtFirstDivergence, normalizer, pool,
                    cancellation, standInDirectory, trustedKeys, maxCallTimeout, failureEventId, setup, image, pull, strictEnvironment, null);
        }
    }
}
