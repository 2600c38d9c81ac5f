package dev.forkline.trace;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class ToolResultsTest {

    private static Event result(String dataJson) throws Exception {
        EventChain chain = new EventChain();
        chain.append(NewEvent.of("r1", "harness", EventType.SESSION_START).at(Instant.EPOCH));
        ObjectNode data = (ObjectNode) Json.MAPPER.readTree(dataJson);
        return chain.append(NewEvent.of("r1", "harness", EventType.TOOL_RESULT).at(Instant.EPOCH).data(data));
    }

    @Test
    void aResultIsAnErrorWhenItSaysSoOrExitsNonZero() throws Exception {
        assertTrue(ToolResults.isError(result("{\"callId\":\"c\",\"isError\":true}")));
        assertTrue(ToolResults.isError(result("{\"callId\":\"c\",\"error\":\"boom\"}")));
        assertTrue(ToolResults.isError(result("{\"callId\":\"c\",\"error\":true}")));
        assertTrue(ToolResults.isError(result("{\"callId\":\"c\",\"exitCode\":2}")));
        assertTrue(ToolResults.isError(result("{\"callId\":\"c\",\"exitCode\":4294967296}")));
    }

    @Test
    void aResultIsNotAnErrorWithoutSuchASign() throws Exception {
        assertFalse(ToolResults.isError(result("{\"callId\":\"c\",\"exitCode\":0}")));
        assertFalse(ToolResults.isError(result("{\"callId\":\"c\",\"isError\":false,\"error\":\"\"}")));
        assertFalse(ToolResults.isError(result("{\"callId\":\"c\",\"error\":null}")));
        assertFalse(ToolResults.isError(result("{\"callId\":\"c\",\"error\":false}")));
        assertFalse(ToolResults.isError(result("{\"callId\":\"c\",\"exitCode\":\"1\"}")));
    }
}
