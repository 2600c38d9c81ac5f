package dev.forkline.benchmarks;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.benchmarks.generate.foreign.ForeignFormat;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.importers.Importers;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.bundle.Bundle;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The synthetic run written in each foreign format is read back by that format's importer as model calls, tool calls and results. */
class ForeignFormatTest {

    @TempDir
    Path work;

    @ParameterizedTest
    @EnumSource(ForeignFormat.class)
    void theImporterOfTheFormatReadsTheSyntheticRunBack(ForeignFormat format) throws Exception {
        ForeignFormat.Written written = format.write(work.resolve("trace"), 3_000, 11);

        assertThat(written.records()).isBetween(3_000L, 3_010L);
        assertThat(Importers.builtIn().detect(written.file()).format()).isEqualTo(format.importerFormat());
        ImportedTrace trace = Importers.builtIn().read(written.file());
        try (Bundle bundle = trace.bundle()) {
            List<Event> events = bundle.events();
            Map<String, Long> byType = events.stream().collect(Collectors.groupingBy(Event::type, Collectors.counting()));
            long calls = byType.getOrDefault(EventType.TOOL_CALL.wireName(), 0L);
            assertThat(calls).as(byType.toString()).isGreaterThan(500);
            assertThat(byType.getOrDefault(EventType.TOOL_RESULT.wireName(), 0L)).isEqualTo(calls);
            assertThat(byType.getOrDefault(EventType.MODEL_CALL.wireName(), 0L)).isGreaterThanOrEqualTo(calls);
            assertThat(events.stream().filter(event -> event.is(EventType.TOOL_RESULT)).filter(event -> event.data().path("exitCode").asInt(0) != 0 || event.data().path("isError").asBoolean(false)))
                    .as("failed results").isNotEmpty();
            assertThat(trace.findings()).extracting(finding -> finding.code()).doesNotContain("malformed-line", "unpaired-call");
        }
    }

    @ParameterizedTest
    @EnumSource(ForeignFormat.class)
    void sameSeedWritesTheSameBytes(ForeignFormat format) throws Exception {
        Function<String, Path> write = name -> {
            try {
                return format.write(work.resolve(name), 500, 5).file();
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        };
        assertThat(Files.readAllBytes(write.apply("one"))).isEqualTo(Files.readAllBytes(write.apply("two")));
    }
}
