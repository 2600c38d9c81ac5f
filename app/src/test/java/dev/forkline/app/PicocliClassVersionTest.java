package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * The picocli Forkline runs with is the one the build compiles for Java 25 ({@code third-party/picocli}): the start-up
 * cache does not keep classes of a version before Java 6's once linked, which picocli's published jar holds.
 */
class PicocliClassVersionTest {

    private static final int JAVA_25 = 69;

    @Test
    void picocliOnTheClassPathIsCompiledForJava25() throws IOException {
        assertThat(majorVersionOf(CommandLine.class)).isEqualTo(JAVA_25);
        assertThat(majorVersionOf(CommandLine.Model.CommandSpec.class)).isEqualTo(JAVA_25);
    }

    private static int majorVersionOf(Class<?> type) throws IOException {
        String file = type.getName().substring(type.getPackageName().length() + 1) + ".class";
        try (InputStream in = type.getResourceAsStream(file); DataInputStream data = new DataInputStream(in)) {
            assertThat(data.readInt()).isEqualTo(0xCAFEBABE);
            data.readUnsignedShort(); // minor
            return data.readUnsignedShort();
        }
    }
}
