package dev.forkline.benchmarks.jmh;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.Json;
import dev.forkline.trace.state.StateAt;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Figure 4, one step: what the workbench needs to show the next event, its inspector text (the event as indented
 * JSON) and the state of all five kinds right after it, reconstructed from the nearest checkpoint. The floor: parsing
 * that one event's JSON line, the least work that shows an event at all.
 */
@State(Scope.Thread)
public class StepBenchmark {

    private StepFixture fixture;
    private int cursor;

    @Setup
    public void setUp() {
        fixture = StepFixture.current();
        cursor = 0;
    }

    @Benchmark
    public void stepNext(Blackhole sink) {
        int i = next();
        StateAt state = fixture.reconstructor.at(fixture.run, fixture.positions[i]);
        sink.consume(state.workspace());
        sink.consume(state.session());
        sink.consume(state.harness());
        sink.consume(state.process());
        sink.consume(state.external());
        sink.consume(EventCodec.toJson(fixture.events[i]).toPrettyString());
    }

    @Benchmark
    public JsonNode parseEventFloor() throws Exception {
        return Json.MAPPER.readTree(fixture.lines[next()]);
    }

    private int next() {
        int i = cursor;
        cursor = i + 1 == fixture.positions.length ? 0 : i + 1;
        return i;
    }
}
