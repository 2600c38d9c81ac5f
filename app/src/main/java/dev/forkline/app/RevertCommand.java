package dev.forkline.app;

import dev.forkline.replay.engine.RevertRequest;
import dev.forkline.replay.engine.RevertResult;
import dev.forkline.replay.engine.Reverter;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "revert", mixinStandardHelpOptions = true,
        description = "Restore a checkpoint's workspace into a new or empty directory, or into a container kept running for "
                + "inspection, and record the revert (with recovery time and cost) in the bundle. "
                + "Exit: 0 restored, 2 bad input, 4 no Docker engine (--keep-container).")
final class RevertCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", description = "An unpacked bundle directory.")
    Path bundle;

    @Option(names = "--to", required = true, paramLabel = "CHECKPOINT")
    String checkpoint;

    @Option(names = "--run", paramLabel = "RUN", description = "The run the revert recovers (default: the run holding the checkpoint).")
    String run;

    @ArgGroup(exclusive = true, multiplicity = "1")
    Target target;

    static final class Target {
        @Option(names = "--out", paramLabel = "DIR", description = "Restore into this directory (new or empty; no link is followed out of it).")
        Path directory;
        @Option(names = "--keep-container", description = "Restore into a fresh sandbox container and keep it running; prints its id.")
        boolean keepContainer;
    }

    @Option(names = "--failure", paramLabel = "EVENT", description = "The failure the revert recovers from (for recovery time and cost).")
    String failure;

    @Option(names = "--json", description = "Print the result as JSON.")
    boolean json;

    @Mixin
    EngineOptions engineOptions;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        // what the engine refuses in the request is a ReplayInputException (exit 2); any other exception is a bug
        RevertRequest request = (target.keepContainer ? RevertRequest.toContainer(bundle, checkpoint)
                : RevertRequest.toDirectory(bundle, checkpoint, target.directory)).inRun(run).failureEvent(failure);
        RevertResult result = new Reverter(target.keepContainer ? engineOptions.open() : null).revert(request);
        var out = spec.commandLine().getOut();
        out.print(json ? result.toJson().toPrettyString() + "\n" : result.describe());
        out.flush();
        return ExitCodes.OK;
    }
}
