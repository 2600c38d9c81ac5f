package dev.forkline.app;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.engine.Normalizer;
import dev.forkline.replay.engine.ReplayRequest;
import dev.forkline.replay.fanout.EngineList;
import dev.forkline.replay.fanout.EngineProgress;
import dev.forkline.replay.fanout.FanOutJob;
import dev.forkline.replay.fanout.FanOutListener;
import dev.forkline.replay.fanout.FanOutResult;
import dev.forkline.replay.fanout.ReplayFanOut;
import dev.forkline.replay.docker.DockerEngine;
import dev.forkline.replay.sandbox.EngineAddress;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

/**
 * The options of a fan-out of replays ({@code replay-all}, {@code gate --replay}) and the run they describe: each trace
 * (a bundle directory) replayed once, from {@code --from} or its first checkpoint, on the engines of {@code --engines}
 * (else the one {@code --engine} or the environment names), at most {@code --per-engine} sandboxes on each, a progress
 * line per engine on stderr. Each replay is appended to its bundle, as {@code forkline replay} appends one.
 */
final class FanOutOptions {

    @Option(names = "--engines", paramLabel = "FILE", description = "The Docker engines to replay on, one a line: local, unix:///PATH"
            + " or tcp://HOST:PORT [tls=CERT-DIR] (see docs/scale.md).")
    Path enginesFile;

    @Option(names = "--per-engine", paramLabel = "N", defaultValue = "2", description = "At most N sandboxes at once on each engine (default ${DEFAULT-VALUE}).")
    int perEngine;

    @Option(names = "--from", paramLabel = "CHECKPOINT", description = "The checkpoint to replay each trace from (default: each trace's first).")
    String from;

    @Option(names = "--image", paramLabel = "IMAGE", description = "Run in this image (present on every engine) whatever the traces record.")
    String image;

    @Option(names = "--pull", description = "Pull a recorded image from its registry when an engine lacks it.")
    boolean pull;

    @Option(names = "--strict-environment", description = "Environment divergences fail a replay like behaviour ones.")
    boolean strictEnvironment;

    @Option(names = "--stop-at-first-divergence", description = "Stop each replay at its first step that differs.")
    boolean stopAtFirstDivergence;

    @Mixin
    EngineOptions engineOptions;

    /** Replays each trace; returns their results in order. Bad input (a trace, a list, an address) throws before any replay. */
    List<FanOutResult> replay(List<Path> traces, PrintWriter err) throws IOException, InterruptedException {
        List<FanOutJob> jobs = new ArrayList<>();
        for (Path trace : traces) {
            jobs.add(new FanOutJob(trace.toString(), request(trace)));
        }
        ReplayFanOut fanOut = new ReplayFanOut(engines(), perEngine);
        return fanOut.run(jobs, new FanOutListener() {
            @Override
            public void progress(EngineProgress engine) {
                err.println("engine " + engine.describe());
                err.flush();
            }

            @Override
            public void engineLost(String engine, String reason) {
                err.println("engine " + engine + " was lost (" + reason + "): its replays run again on the other engines");
                err.flush();
            }
        });
    }

    private List<DockerEngine> engines() throws IOException {
        if (enginesFile == null) {
            return List.of(engineOptions.open());
        }
        if (engineOptions.address != null || engineOptions.tlsCertPath != null) {
            throw new UserInputException("give either --engines FILE or --engine ADDRESS, not both");
        }
        List<DockerEngine> engines = new ArrayList<>();
        for (EngineAddress address : EngineList.read(enginesFile)) {
            engines.add(address.isLocal() ? Engines.docker() : DockerEngine.connect(address));
        }
        return engines;
    }

    private ReplayRequest request(Path trace) throws IOException {
        if (!Files.isRegularFile(trace.resolve(Bundle.MANIFEST))) {
            throw new UserInputException(trace + " is not a bundle directory: a fan-out appends each replay to its bundle"
                    + " (forkline convert " + trace + " --out BUNDLE makes one)");
        }
        String checkpoint = from != null ? from : firstCheckpoint(trace);
        return ReplayRequest.builder(trace).checkpoint(checkpoint).stopAtFirstDivergence(stopAtFirstDivergence)
                .normalizer(Normalizer.defaults()).image(image).pull(pull).strictEnvironment(strictEnvironment).build();
    }

    private static String firstCheckpoint(Path bundle) throws IOException {
        try (Bundle read = BundleReader.read(bundle)) {
            for (Event event : read.events()) {
                if (event.is(EventType.CHECKPOINT)) {
                    String id = event.text("checkpointId");
                    return id != null ? id : event.id();
                }
            }
        } catch (TraceFormatException e) {
            throw new UserInputException(e.getMessage());
        }
        throw new ReplayInputException(bundle + " holds no checkpoint to replay from");
    }

    /** The exit code of a fan-out: its worst replay's (a failure's as its exception maps, else the replay's own). */
    static int exitCode(List<FanOutResult> results) {
        int worst = ExitCodes.OK;
        for (FanOutResult result : results) {
            int code = result.succeeded() ? result.result().exitCode() : ErrorReporting.exitCodeFor(result.failure());
            if (severity(code) > severity(worst)) {
                worst = code;
            }
        }
        return worst;
    }

    private static int severity(int code) {
        return switch (code) {
            case ExitCodes.OK -> 0;
            case ExitCodes.CHECK_FAILED -> 1;
            case ExitCodes.DIVERGED -> 2;
            case ExitCodes.BAD_INPUT -> 3;
            case ExitCodes.ENVIRONMENT -> 4;
            default -> 5;
        };
    }
}
