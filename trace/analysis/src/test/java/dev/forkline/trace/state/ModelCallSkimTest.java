package dev.forkline.trace.state;

import static dev.forkline.trace.EventType.MODEL_CALL;
import static dev.forkline.trace.EventType.SESSION_START;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.EventCodec;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.columns.DataSkim;
import dev.forkline.trace.columns.EventColumns;
import dev.forkline.trace.columns.EventLines;
import dev.forkline.trace.columns.LazyEventList;
import dev.forkline.trace.index.TraceIndex;
import dev.forkline.trace.testing.CountingLines;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class ModelCallSkimTest {

    private final TraceBuilder trace = new TraceBuilder();

    @ParameterizedTest
    @ValueSource(strings = {
            "{'model':'m','usage':{'inputTokens':100,'outputTokens':20,'cacheReadTokens':5,'cacheWriteTokens':1},'costUsd':0.0123}",
            "{'costUsd':1.5e-3,'output':{'text':'hi','usage':{'inputTokens':999}},'usage':{'inputTokens':'7'}}",
            "{'model':'m','input':{'messages':[{'role':'user','content':'usage costUsd'}]},'latencyMs':12}",
            "{'usage':null,'costUsd':'0.5'}",
            "{'usage':{'inputTokens':12345678901234,'outputTokens':2.9},'costUsd':3}"})
    void theSkimReadsTheUsageAndCostTheParsedEventHas(String data) throws Exception {
        Event call = trace.add("r1", "agent:a", MODEL_CALL, data);
        JsonNode skimmed = new DataSkim(new CountingLines(List.of(call), "memory").events(), ModelSpend.MEMBERS).of(0);
        assertThat(skimmed.get("usage")).isEqualTo(call.data().get("usage"));
        assertThat(skimmed.get("costUsd")).isEqualTo(call.data().get("costUsd"));
        assertThat(skimmed.size()).isLessThanOrEqualTo(2);
    }

    @Test
    void aModelCallWhoseLineNoLongerReadsIsReportedByTheOrdinaryParse() {
        trace.add("r1", "harness", SESSION_START, "{}");
        trace.add("r1", "agent:a", MODEL_CALL, "{'usage':{'inputTokens':1}}");
        List<Event> events = trace.events();
        EventLines damaged = new EventLines() {
            @Override
            public int size() {
                return events.size();
            }

            @Override
            public byte[] line(int i) {
                String line = i == 1 ? "{\"id\":\"r1.2\",\"data\":{\"usage\":" : EventCodec.toLine(events.get(i));
                return line.getBytes(StandardCharsets.UTF_8);
            }

            @Override
            public String file() {
                return "damaged.jsonl";
            }

            @Override
            public long lineNumber(int i) {
                return i + 1L;
            }
        };
        StateReconstructor states = new StateReconstructor(TraceIndex.of(new LazyEventList(EventColumns.of(events), damaged)),
                BlobSource.NONE);
        assertThatThrownBy(() -> states.prepare("r1")).isInstanceOf(LazyEventList.DamagedEventException.class)
                .hasMessageContaining("damaged.jsonl");
    }
}
