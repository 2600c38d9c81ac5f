package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Json;
import org.junit.jupiter.api.Test;

class SearchTextTest {

    @Test
    void collectsTheToolNameAndEveryStringOfThePayloadLowercased() {
        ObjectNode data = Json.object();
        data.put("callId", "C1").put("exitCode", 2);
        data.putObject("arguments").put("Command", "Make TEST").putArray("flags").add("-V").add(3);

        assertThat(SearchText.of("Bash", data)).isEqualTo("bash c1 make test -v");
    }

    @Test
    void isBoundedEvenWhenLowercasingGrowsTheText() {
        ObjectNode data = Json.object();
        data.put("stdout", "\u0130".repeat(10_000));

        assertThat(SearchText.of(null, data)).hasSize(SearchText.MAX_LENGTH);
    }

    @Test
    void likeWildcardsInTheQueryAreTakenLiterally() {
        assertThat(SearchText.containsPattern("100%_Done\\")).isEqualTo("%100\\%\\_done\\\\%");
    }
}
