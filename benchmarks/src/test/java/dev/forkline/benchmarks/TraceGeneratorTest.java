package dev.forkline.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.benchmarks.generate.TraceGenerator;
import dev.forkline.benchmarks.generate.TraceSpec;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.verify.Verifier;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TraceGeneratorTest {

    @TempDir
    Path work;

    @Test
    void sameSeedWritesTheSameBytes() throws Exception {
        TraceGenerator.Generated one = TraceGenerator.write(TraceSpec.realistic(3_000, 42), work.resolve("one"));
        TraceGenerator.Generated two = TraceGenerator.write(TraceSpec.realistic(3_000, 42), work.resolve("two"));
        TraceGenerator.Generated other = TraceGenerator.write(TraceSpec.realistic(3_000, 43), work.resolve("three"));

        assertThat(Files.readAllBytes(one.bundle().resolve(Bundle.EVENTS))).isEqualTo(Files.readAllBytes(two.bundle().resolve(Bundle.EVENTS)));
        assertThat(Files.readAllBytes(one.bundle().resolve(Bundle.EVENTS))).isNotEqualTo(Files.readAllBytes(other.bundle().resolve(Bundle.EVENTS)));
    }

    @Test
    void generatedTraceIsRealisticAndValid() throws Exception {
        TraceGenerator.Generated generated = TraceGenerator.write(TraceSpec.realistic(6_000, 7), work.resolve("trace"));
        Bundle bundle = BundleReader.read(generated.bundle());
        TraceIndex index = TraceIndex.of(bundle.events());

        assertThat(bundle.events()).hasSize(6_000);
        assertThat(generated.events()).isEqualTo(6_000);
        assertThat(index.runs()).hasSize(2);
        assertThat(index.children(generated.rootRun())).extracting(run -> run.id()).containsExactly(generated.forkRun());
        assertThat(index.checkpoints().size()).isBetween(6_000 / 320, 6_000 / 280 + 2);
        assertThat(bundle.events().stream().map(event -> event.actor()).distinct().filter(actor -> actor.startsWith("agent:")).count()).isEqualTo(8);
        assertThat(bundle.events().stream().filter(event -> event.is(EventType.STATE_MUTATION)).count()).isGreaterThan(100);
        assertThat(bundle.events().stream().filter(event -> event.is(EventType.TOOL_RESULT))
                .anyMatch(event -> event.data().has("stdoutBlob"))).isTrue();
        assertThat(Verifier.verify(bundle).problems()).isEmpty();
    }
}
