package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.sql.SQLException;
import org.junit.jupiter.api.Test;

class HeapExhaustionTest {

    @Test
    void anOutOfMemoryErrorIsFoundUnderWhateverWrapsIt() {
        // as H2 reports its own: an SQLException over its store's exception over the error
        Throwable database = new SQLException("General error", new IllegalStateException("MVStoreException", new OutOfMemoryError("Capacity: 23887872")));

        assertThat(HeapExhaustion.causedBy(new OutOfMemoryError("Java heap space"))).isTrue();
        assertThat(HeapExhaustion.causedBy(database)).isTrue();
        assertThat(HeapExhaustion.causedBy(new IllegalStateException("no", new StackOverflowError()))).isFalse();
        assertThat(HeapExhaustion.causedBy(null)).isFalse();
    }

    @Test
    void theMessageNamesTheHeapsLimitAndALargerOne() {
        long limitMb = Runtime.getRuntime().maxMemory() >> 20;

        assertThat(HeapExhaustion.message()).startsWith("out of memory: ").contains("at most " + limitMb + " MB")
                .containsPattern("JAVA_TOOL_OPTIONS=-Xmx[0-9]+g");
    }
}
