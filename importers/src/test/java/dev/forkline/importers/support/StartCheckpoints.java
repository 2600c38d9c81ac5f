package dev.forkline.importers.support;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.importers.ImportedTrace;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.StateKind;
import java.util.ArrayList;
import java.util.List;

/** The shape every imported start checkpoint must have, checked the same way for every format. */
public final class StartCheckpoints {

    private StartCheckpoints() {
    }

    /**
     * The start checkpoint of {@code run}, after checking it: the event right after the run's session.start, at its time,
     * actor harness, state workspace and harness, no causes, and data {@code checkpointId "start"}, the label,
     * {@code workspace {root, source "supplied", files {}}} and a {@code startingTree} of {@code format} with a hint.
     *
     * @return the checkpoint's data
     */
    public static JsonNode of(ImportedTrace trace, String run, String format, String root) {
        List<Event> events = trace.bundle().events().stream().filter(event -> event.run().equals(run)).toList();
        Event start = events.get(0);
        Event checkpoint = events.get(1);
        assertThat(start.is(EventType.SESSION_START)).isTrue();
        assertThat(checkpoint.is(EventType.CHECKPOINT)).as("event after %s", start.id()).isTrue();
        assertThat(checkpoint.ts()).isEqualTo(start.ts());
        assertThat(checkpoint.actor()).isEqualTo("harness");
        assertThat(checkpoint.state()).containsExactly(StateKind.WORKSPACE, StateKind.HARNESS);
        assertThat(checkpoint.causes()).isEmpty();
        JsonNode data = checkpoint.data();
        List<String> fields = new ArrayList<>();
        data.fieldNames().forEachRemaining(fields::add);
        assertThat(fields).containsExactly("checkpointId", "label", "workspace", "startingTree");
        assertThat(data.path("checkpointId").asText()).isEqualTo("start");
        assertThat(data.path("label").asText()).isEqualTo("the tree the session started from (supplied at replay with --workspace)");
        assertThat(data.at("/workspace/root").asText()).isEqualTo(root);
        assertThat(data.at("/workspace/source").asText()).isEqualTo("supplied");
        assertThat(data.at("/workspace/files").isObject()).isTrue();
        assertThat(data.at("/workspace/files")).isEmpty();
        assertThat(data.at("/startingTree/format").asText()).isEqualTo(format);
        assertThat(data.at("/startingTree/hint").asText()).startsWith("Supply ").endsWith(".");
        assertThat(trace.bundle().events().stream().filter(event -> event.is(EventType.CHECKPOINT) && event.run().equals(run))).hasSize(1);
        assertThat(trace.findings()).noneMatch(finding -> finding.code().equals("no-checkpoint"));
        assertThat(trace.findings()).filteredOn(finding -> finding.code().equals("starting-tree-needed")).singleElement()
                .satisfies(finding -> assertThat(finding.message()).startsWith("replay from checkpoint 'start' needs the tree the session"
                        + " started from: --workspace SRC (suggested: "));
        return data;
    }

    /** {@link #of(ImportedTrace, String, String, String)} for run r1. */
    public static JsonNode of(ImportedTrace trace, String format, String root) {
        return of(trace, "r1", format, root);
    }

    /** The fields of the startingTree, in order, besides format and hint. */
    public static List<String> knownFields(JsonNode checkpoint) {
        List<String> fields = new ArrayList<>();
        checkpoint.path("startingTree").fieldNames().forEachRemaining(fields::add);
        fields.remove("format");
        fields.remove("hint");
        return fields;
    }
}
