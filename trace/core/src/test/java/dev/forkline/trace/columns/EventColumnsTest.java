package dev.forkline.trace.columns;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.testing.RepositoryFiles;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class EventColumnsTest {

    private static List<Event> sampleEvents() throws Exception {
        List<Event> all = new ArrayList<>();
        try (Stream<Path> bundles = Files.list(RepositoryFiles.resolve("sample-traces"))) {
            for (Path bundle : bundles.filter(p -> Files.isRegularFile(p.resolve("manifest.json"))).sorted().toList()) {
                try (Bundle read = BundleReader.read(bundle)) {
                    all.addAll(read.events());
                }
            }
        }
        return all;
    }

    @Test
    void theDataMembersItNamesAreAllTheFactsRead() throws Exception {
        for (Event event : sampleEvents()) {
            ObjectNode kept = Json.object();
            EventColumns.dataMembers().forEach(name -> {
                if (event.data().has(name)) {
                    kept.set(name, event.data().get(name));
                }
            });
            Event partial = new Event(event.id(), event.run(), event.seq(), event.ts(), event.actor(), event.type(), event.causes(),
                    event.state(), kept, event.prev(), event.hash());
            EventColumns full = new EventColumns.Builder(1).add(event).build();
            EventColumns fromPartial = new EventColumns.Builder(1).add(partial, full.blobNames(0)).build();
            assertEquals(full.flags(0), fromPartial.flags(0), event.id());
            assertEquals(full.latencyMs(0), fromPartial.latencyMs(0));
            assertEquals(full.callId(0), fromPartial.callId(0));
            assertEquals(full.tool(0), fromPartial.tool(0));
            assertEquals(full.checkpointId(0), fromPartial.checkpointId(0));
            assertEquals(full.label(0), fromPartial.label(0));
        }
    }

    @Test
    void appendingPartsGivesTheSameColumnsAsAddingEvents() throws Exception {
        List<Event> events = sampleEvents();
        EventColumns whole = EventColumns.of(events);
        EventColumns.Builder parts = new EventColumns.Builder(4);
        for (int from = 0; from < events.size(); from += 37) {
            EventColumns.Builder part = new EventColumns.Builder(37);
            events.subList(from, Math.min(events.size(), from + 37)).forEach(part::add);
            parts.append(part.buildPart());
        }
        EventColumns appended = parts.build();
        assertEquals(whole.runs(), appended.runs());
        assertEquals(whole.actors(), appended.actors());
        assertEquals(whole.types(), appended.types());
        for (int i = 0; i < whole.size(); i++) {
            assertEquals(whole.id(i), appended.id(i));
            assertEquals(whole.runCode(i), appended.runCode(i));
            assertEquals(whole.actorCode(i), appended.actorCode(i));
            assertEquals(whole.typeCode(i), appended.typeCode(i));
            assertEquals(whole.ts(i), appended.ts(i));
            assertEquals(whole.tool(i), appended.tool(i));
            assertEquals(whole.causes(i), appended.causes(i));
            assertEquals(whole.blobNames(i), appended.blobNames(i));
            assertEquals(whole.hash(i), appended.hash(i));
            assertEquals(events.get(i).hash(), appended.hash(i));
        }
    }

    @Test
    void eachRunsRowsAppendedInSlicesGiveTheColumnsOfThatRunsEvents() throws Exception {
        List<Event> events = sampleEvents();
        EventColumns whole = EventColumns.of(events);
        java.util.Map<String, EventColumns.Builder> byRun = new java.util.LinkedHashMap<>();
        int start = 0;
        for (int i = 1; i <= whole.size(); i++) {
            // slices end at a change of run and every 5th row, as a writer cutting segments does
            if (i == whole.size() || whole.runCode(i) != whole.runCode(start) || i - start == 5) {
                byRun.computeIfAbsent(whole.run(start), run -> new EventColumns.Builder(2)).appendRows(whole, start, i);
                start = i;
            }
        }
        for (var entry : byRun.entrySet()) {
            List<Event> ofRun = events.stream().filter(e -> e.run().equals(entry.getKey())).toList();
            EventColumns expected = EventColumns.of(ofRun);
            EventColumns appended = entry.getValue().build();
            assertEquals(expected.size(), appended.size());
            assertEquals(expected.actors(), appended.actors(), entry.getKey());
            assertEquals(expected.types(), appended.types());
            for (int i = 0; i < expected.size(); i++) {
                String at = entry.getKey() + " row " + i;
                assertEquals(expected.id(i), appended.id(i), at);
                assertEquals(entry.getKey(), appended.run(i), at);
                assertEquals(expected.seq(i), appended.seq(i), at);
                assertEquals(expected.actor(i), appended.actor(i), at);
                assertEquals(expected.type(i), appended.type(i), at);
                assertEquals(expected.ts(i), appended.ts(i), at);
                assertEquals(expected.flags(i), appended.flags(i), at);
                assertEquals(expected.latencyMs(i), appended.latencyMs(i), at);
                assertEquals(expected.callId(i), appended.callId(i), at);
                assertEquals(expected.tool(i), appended.tool(i), at);
                assertEquals(expected.checkpointId(i), appended.checkpointId(i), at);
                assertEquals(expected.label(i), appended.label(i), at);
                assertEquals(expected.causes(i), appended.causes(i), at);
                assertEquals(expected.blobNames(i), appended.blobNames(i), at);
                assertEquals(ofRun.get(i).hash(), appended.hash(i), at);
            }
        }
    }

    @Test
    void theIdTableFindsTheFirstEventWithAnId() throws Exception {
        List<Event> events = sampleEvents();
        EventColumns columns = EventColumns.of(events);
        IdTable table = columns.idTable();
        for (int i = 0; i < events.size(); i++) {
            int first = -1;
            for (int j = 0; j < events.size() && first < 0; j++) {
                if (events.get(j).id().equals(events.get(i).id())) {
                    first = j;
                }
            }
            assertEquals(first, table.indexOf(events.get(i).id()));
        }
        assertEquals(-1, table.indexOf("no such event"));
        assertEquals(-1, table.indexOf(null));
    }

    @Test
    void theIdTableRemembersTheFirstEventWhoseIdCameBefore() throws Exception {
        List<Event> events;
        try (Bundle sample = BundleReader.read(RepositoryFiles.resolve("sample-traces", "multi-agent-conflict"))) {
            events = new ArrayList<>(sample.events());
        }
        assertEquals(null, EventColumns.of(events).idTable().firstRepeat(), "a trace's ids are unique");
        Event first = events.get(3);
        Event second = events.get(10);
        events.add(12, renamed(events.get(12), second.id()));
        events.add(20, renamed(events.get(20), first.id()));
        IdTable.Repeat repeat = EventColumns.of(events).idTable().firstRepeat();
        assertEquals(new IdTable.Repeat(10, 12), repeat);
    }

    private static Event renamed(Event event, String id) {
        return new Event(id, event.run(), event.seq(), event.ts(), event.actor(), event.type(), event.causes(), event.state(),
                event.data(), event.prev(), event.hash());
    }
}
