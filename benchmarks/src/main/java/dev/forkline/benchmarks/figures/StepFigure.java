package dev.forkline.benchmarks.figures;

import dev.forkline.benchmarks.harness.Figure;
import dev.forkline.benchmarks.harness.Goal;
import dev.forkline.benchmarks.harness.Sizes;
import dev.forkline.benchmarks.harness.Timing;
import dev.forkline.benchmarks.harness.Unit;
import dev.forkline.benchmarks.jmh.StepBenchmark;
import dev.forkline.benchmarks.jmh.StepFixture;
import dev.forkline.trace.state.StateReconstructor;
import java.util.Collection;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.results.RunResult;
import org.openjdk.jmh.runner.Runner;
import org.openjdk.jmh.runner.options.Options;
import org.openjdk.jmh.runner.options.OptionsBuilder;
import org.openjdk.jmh.runner.options.TimeValue;
import org.openjdk.jmh.runner.options.VerboseMode;
import org.openjdk.jmh.annotations.Mode;

/** Figure 4: stepping at the end of the opened trace's root run, measured with JMH (sample time, median). */
public final class StepFigure {

    private final Sizes sizes;

    public StepFigure(Sizes sizes) {
        this.sizes = sizes;
    }

    public List<Figure> measure(TraceFigures.OpenTrace open) throws Exception {
        String run = open.generated().rootRun();
        StateReconstructor reconstructor = new StateReconstructor(open.index(), open.bundle().blobs());
        int last = open.index().lineage(run).size() - 1;
        double first = Timing.once(() -> reconstructor.at(run, last));
        StepFixture.install(reconstructor, run, sizes.stepSamples());
        try {
            Options options = new OptionsBuilder()
                    .include(StepBenchmark.class.getName() + "\\.")
                    .forks(0)
                    .mode(Mode.SampleTime)
                    .timeUnit(TimeUnit.MILLISECONDS)
                    .warmupIterations(sizes.isQuick() ? 1 : 3)
                    .warmupTime(TimeValue.seconds(1))
                    .measurementIterations(sizes.isQuick() ? 2 : 5)
                    .measurementTime(TimeValue.seconds(1))
                    .verbosity(VerboseMode.SILENT)
                    .build();
            Collection<RunResult> results = new Runner(options).run();
            double step = median(results, "stepNext");
            double floor = median(results, "parseEventFloor");
            return List.of(
                    Figure.measured("step.state", "StateReconstructor.at (5 kinds) + inspector JSON, last "
                            + sizes.stepSamples() + " events of the root run, JMH median", step, floor,
                            "Jackson parse of the event's line", Unit.MILLIS, Goal.valueAtMost(50, Unit.MILLIS)),
                    Figure.measured("step.first", "first StateReconstructor.at on a fresh reconstructor (one pass over the run)", first,
                            floor, "Jackson parse of the event's line", Unit.MILLIS, Goal.none()));
        } finally {
            StepFixture.clear();
        }
    }

    private static double median(Collection<RunResult> results, String method) {
        for (RunResult result : results) {
            if (result.getParams().getBenchmark().endsWith("." + method)) {
                return result.getPrimaryResult().getStatistics().getPercentile(50);
            }
        }
        throw new IllegalStateException("JMH gave no result for " + method);
    }
}
