package dev.forkline.trace.payload;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EffectClass;
import dev.forkline.trace.Json;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The builders importers, the live recorder and the scenario recorder share write their members in one order and keep
 * a null member's place as JSON null, unlike a view's {@code into}, which leaves nulls out.
 */
class PayloadBuildersTest {

    @Test
    void aToolCallPayloadHoldsItsFourMembersInOrderWithNullsKept() throws Exception {
        ObjectNode arguments = Json.object().put(ToolCallData.ARGUMENT_COMMAND, "ls");
        ObjectNode call = ToolCallData.payload("c1", "bash", arguments, EffectClass.PROCESS);
        assertThat(Json.MAPPER.writeValueAsString(call))
                .isEqualTo("{\"callId\":\"c1\",\"tool\":\"bash\",\"arguments\":{\"command\":\"ls\"},\"effect\":\"process\"}");

        ObjectNode unnamed = ToolCallData.payload(null, "bash", null, EffectClass.READ);
        assertThat(unnamed.properties().stream().map(Map.Entry::getKey).toList())
                .containsExactly(ToolCallData.CALL_ID, ToolCallData.TOOL, ToolCallData.ARGUMENTS, ToolCallData.EFFECT);
        assertThat(unnamed.get(ToolCallData.CALL_ID).isNull()).isTrue();
        assertThat(unnamed.get(ToolCallData.ARGUMENTS).isNull()).isTrue();
        assertThat(ToolCallData.from(unnamed).effect()).isEqualTo(EffectClass.READ);
    }

    @Test
    void aModelCallsToolCallEntryHoldsIdNameAndArgumentsWithNullsKept() throws Exception {
        ObjectNode entry = ModelCallData.toolCall("t1", "read_file", Json.object().put("path", "a.txt"));
        assertThat(Json.MAPPER.writeValueAsString(entry))
                .isEqualTo("{\"callId\":\"t1\",\"name\":\"read_file\",\"arguments\":{\"path\":\"a.txt\"}}");

        ObjectNode unnamed = ModelCallData.toolCall(null, "edit", null);
        assertThat(Json.MAPPER.writeValueAsString(unnamed)).isEqualTo("{\"callId\":null,\"name\":\"edit\",\"arguments\":null}");
    }
}
