package dev.forkline.trace.lint;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Finding;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.LazyBundles;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.secrets.SecretHit;
import dev.forkline.trace.secrets.SecretKind;
import dev.forkline.trace.secrets.SecretScanner;
import dev.forkline.trace.testing.DirectoryTrees;
import dev.forkline.trace.testing.RepositoryFiles;
import dev.forkline.trace.verify.Problem;
import dev.forkline.trace.verify.VerificationReport;
import dev.forkline.trace.verify.Verifier;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.stream.Stream;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The verifier, the linter and the secret scanner find exactly the same (codes, messages, lines, order) whether a
 * bundle's events are held in memory or read lazily from its file, as a large trace is: on the sample traces, and on
 * copies broken in each way the checks look for.
 */
class EagerAndLazyChecksTest {

    private static final Path SAMPLES = RepositoryFiles.resolve("sample-traces");
    private static final Path BROKEN_BASE = SAMPLES.resolve("permission-escalation");
    private static final String OPENAI_KEY = "sk-proj-Ab3dE5gH7jK9mN1pQ3sT5vX7zB9dF1hJ3lN5pR7tV9xZ1bD3fH5";

    @TempDir
    Path temp;

    /** Everything the checks say about one bundle. */
    private record Checks(List<Problem> problems, int eventsChecked, int blobsChecked, List<Finding> lint,
                          List<Finding> lintWithoutBlobs, List<SecretHit> secrets) {

        static Checks of(Bundle bundle) {
            VerificationReport report = Verifier.verify(bundle);
            return new Checks(report.problems(), report.eventsChecked(), report.blobsChecked(), Linter.lint(bundle),
                    Linter.lint(TraceIndex.of(bundle.events()), bundle.lines()), new SecretScanner().hits(bundle));
        }

        List<String> codes() {
            List<String> codes = new ArrayList<>();
            problems.forEach(problem -> codes.add(problem.code()));
            lint.forEach(finding -> codes.add(finding.code()));
            return codes;
        }
    }

    static Stream<Path> sampleBundles() throws IOException {
        try (Stream<Path> files = Files.walk(SAMPLES, 3)) {
            return files.filter(p -> p.getFileName().toString().equals(Bundle.EVENTS)).map(Path::getParent).sorted().toList().stream();
        }
    }

    @ParameterizedTest
    @MethodSource("sampleBundles")
    void theSampleTracesGetTheSameFindingsReadEitherWay(Path bundle) throws Exception {
        assertSameEitherWay(bundle);
    }

    /** How a copy of a sample bundle is broken, and what the checks must then find. */
    enum Breakage {
        TAMPERED_CONTENT(Set.of("hash-mismatch", LintCodes.HASH_CHAIN_BREAK)) {
            @Override
            void apply(List<String> lines, Path bundle) {
                edit(lines, 2, event -> data(event).put("tampered", true));
            }
        },
        MISSING_HASH(Set.of("missing-hash", LintCodes.HASH_CHAIN_BREAK)) {
            @Override
            void apply(List<String> lines, Path bundle) {
                edit(lines, 4, event -> event.remove("hash"));
            }
        },
        DELETED_EVENT(Set.of("prev-chain-break", "unknown-cause")) {
            @Override
            void apply(List<String> lines, Path bundle) {
                lines.remove(3);
            }
        },
        DUPLICATED_EVENT(Set.of("duplicate-id", "seq-order", "prev-chain-break")) {
            @Override
            void apply(List<String> lines, Path bundle) {
                lines.add(5, lines.get(4));
            }
        },
        SWAPPED_EVENTS(Set.of("seq-order")) {
            @Override
            void apply(List<String> lines, Path bundle) {
                lines.add(3, lines.remove(2));
            }
        },
        UNKNOWN_CAUSE(Set.of("unknown-cause")) {
            @Override
            void apply(List<String> lines, Path bundle) {
                edit(lines, 5, event -> event.withArray("causes").add("no-such-event"));
            }
        },
        UNKNOWN_FORK_POINT(Set.of("fork-point-unknown", LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT)) {
            @Override
            void apply(List<String> lines, Path bundle) {
                edit(lines, firstOfType(lines, "run.fork"), event -> data(event).put("checkpointEvent", "nowhere"));
            }
        },
        BAD_BLOBS(Set.of("missing-blob", "corrupt-blob", "bad-blob-reference")) {
            @Override
            void apply(List<String> lines, Path bundle) throws IOException {
                List<Path> blobs;
                try (Stream<Path> files = Files.list(bundle.resolve(Bundle.BLOBS))) {
                    blobs = files.sorted().toList();
                }
                Files.delete(blobs.get(0));
                Files.writeString(blobs.get(1), "corrupt", java.nio.file.StandardOpenOption.APPEND);
                edit(lines, firstOfType(lines, "state.mutation"), event -> data(event).put("after", "v2"));
            }
        },
        CONTRACT_VIOLATIONS(Set.of(LintCodes.UNKNOWN_EFFECT_CLASS, LintCodes.MISSING_MODEL_IDENTITY, LintCodes.MISSING_PAYLOAD_FIELD,
                LintCodes.MISSING_ENVIRONMENT_IDENTITY, LintCodes.UNKNOWN_EVENT_TYPE, LintCodes.RUN_WITHOUT_END,
                LintCodes.ESCAPE_NOT_BLOCKED, LintCodes.UNKNOWN_SUBJECT, LintCodes.RESULT_WITHOUT_CALL,
                LintCodes.TOOL_CALL_WITHOUT_RESULT, LintCodes.FORK_FROM_UNKNOWN_CHECKPOINT)) {
            @Override
            void apply(List<String> lines, Path bundle) {
                edit(lines, firstOfType(lines, "tool.call"), event -> data(event).put("effect", "bogus"));
                edit(lines, firstOfType(lines, "model.call"), event -> data(event).remove(List.of("model", "usage")));
                edit(lines, firstOfType(lines, "session.start"), event -> data(event).remove("environment"));
                edit(lines, firstOfType(lines, "session.end"), event -> event.put("type", "vendor.end"));
                edit(lines, firstOfType(lines, "escape.attempt"), event -> data(event).put("blocked", false));
                edit(lines, firstOfType(lines, "approval.request"), event -> data(event).put("subject", "gone"));
                edit(lines, firstOfType(lines, "tool.result"), event -> {
                    event.putArray("causes");
                    data(event).put("callId", "zz");
                });
                edit(lines, firstOfType(lines, "run.fork"), event -> data(event).put("checkpoint", "cp-other"));
            }
        },
        MUTATION_BEFORE_CHECKPOINT(Set.of(LintCodes.MUTATION_OUTSIDE_CHECKPOINT)) {
            @Override
            void apply(List<String> lines, Path bundle) {
                lines.remove(firstOfType(lines, "checkpoint"));
            }
        },
        FORK_NOT_FIRST(Set.of(LintCodes.FORK_NOT_FIRST, LintCodes.MISSING_SESSION_START)) {
            @Override
            void apply(List<String> lines, Path bundle) {
                edit(lines, firstOfType(lines, "run.fork"), event -> {
                    event.put("run", "r1");
                    event.put("seq", 1000);
                });
            }
        },
        SECRETS(Set.of()) {
            @Override
            void apply(List<String> lines, Path bundle) {
                edit(lines, 1, event -> {
                    data(event).putObject("env").put("OPENAI_API_KEY", OPENAI_KEY);
                    data(event).put("note", "export DB_PASSWORD=Tr0ub4dor-x9Q2");
                });
                edit(lines, lines.size() - 1, event -> data(event).putArray("argv").add("mysql").add("--password").add("hunter22x"));
            }
        };

        final Set<String> expectedCodes;

        Breakage(Set<String> expectedCodes) {
            this.expectedCodes = expectedCodes;
        }

        abstract void apply(List<String> lines, Path bundle) throws IOException;
    }

    @ParameterizedTest
    @EnumSource(Breakage.class)
    void aBrokenTraceGetsTheSameFindingsReadEitherWay(Breakage breakage) throws Exception {
        Path bundle = DirectoryTrees.copy(BROKEN_BASE, temp.resolve(breakage.name()));
        Path events = bundle.resolve(Bundle.EVENTS);
        List<String> lines = new ArrayList<>(Files.readAllLines(events));
        breakage.apply(lines, bundle);
        Files.write(events, lines);

        Checks eager = assertSameEitherWay(bundle);
        assertThat(eager.codes()).containsAll(breakage.expectedCodes);
        if (breakage == Breakage.SECRETS) {
            assertThat(eager.secrets()).extracting(SecretHit::kind, SecretHit::fieldPath).contains(
                    org.assertj.core.groups.Tuple.tuple(SecretKind.OPENAI_API_KEY, "data.env.OPENAI_API_KEY"),
                    org.assertj.core.groups.Tuple.tuple(SecretKind.ASSIGNED_SECRET, "data.note"),
                    org.assertj.core.groups.Tuple.tuple(SecretKind.SENSITIVE_FIELD, "data.argv[2]"));
        }
    }

    private static Checks assertSameEitherWay(Path bundle) throws Exception {
        Checks eager;
        Checks lazy;
        try (Bundle inMemory = LazyBundles.readEagerly(bundle); Bundle fromFile = LazyBundles.readLazily(bundle)) {
            assertThat(inMemory.events()).isNotInstanceOf(LazyEventList.class);
            assertThat(fromFile.events()).isInstanceOf(LazyEventList.class);
            eager = Checks.of(inMemory);
            lazy = Checks.of(fromFile);
        }
        assertThat(lazy).isEqualTo(eager);
        return eager;
    }

    private interface Edit {
        void apply(ObjectNode event);
    }

    /** Changes line {@code i} (which stops being canonical JSON, as a hand edit would). */
    private static void edit(List<String> lines, int i, Edit edit) {
        try {
            ObjectNode event = (ObjectNode) Json.MAPPER.readTree(lines.get(i));
            edit.apply(event);
            lines.set(i, Json.MAPPER.writeValueAsString(event));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static ObjectNode data(ObjectNode event) {
        return (ObjectNode) event.get("data");
    }

    private static int firstOfType(List<String> lines, String type) {
        for (int i = 0; i < lines.size(); i++) {
            try {
                if (Json.MAPPER.readTree(lines.get(i)).path("type").asText().equals(type)) {
                    return i;
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw new IllegalArgumentException("no " + type + " event in the sample");
    }
}
