package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code packaging/java25.sh}, which every script sources to find a Java 25: it reads a JDK's version without running it. */
class JavaSelectionScriptTest {

    private static final Path SCRIPT = Path.of("..", "packaging", "java25.sh").toAbsolutePath().normalize();

    @TempDir
    Path dir;

    @Test
    void aJdksVersionIsReadFromItsReleaseFileWithoutStartingIt() throws Exception {
        Path jdk = fakeJdk("jdk25", "JAVA_VERSION=\"25.0.3\"", null);

        assertThat(run("forkline_java_major " + jdk)).isEqualTo("25");
        assertThat(dir.resolve("jdk25.ran")).doesNotExist();
    }

    @Test
    void anOldJdksReleaseFileGivesAVersionBelow25() throws Exception {
        assertThat(run("forkline_java_major " + fakeJdk("jdk8", "JAVA_VERSION=\"1.8.0_402\"", null))).isEqualTo("1");
        assertThat(run("forkline_java_major " + fakeJdk("jdk17", "JAVA_VERSION=\"17.0.13\"", null))).isEqualTo("17");
    }

    @Test
    void aJdkWithoutAReleaseFileIsAsked() throws Exception {
        Path jdk = fakeJdk("jdk26", null, "    java.specification.version = 26");

        assertThat(run("forkline_java_major " + jdk)).isEqualTo("26");
        assertThat(dir.resolve("jdk26.ran")).exists();
    }

    @Test
    void theFirstJdkOf25OrNewerIsSelected() throws Exception {
        Path old = fakeJdk("jdk17", "JAVA_VERSION=\"17.0.13\"", null);
        Path wanted = fakeJdk("jdk25", "JAVA_VERSION=\"25.0.3\"", null);

        assertThat(run("FORKLINE_JAVA_HOME=" + old + " JAVA_HOME=" + wanted + "; forkline_select_java && echo \"$JAVA_HOME\""))
                .isEqualTo(wanted.toString());
    }

    /** A JDK directory whose {@code bin/java} notes that it ran and prints {@code settings} (as -XshowSettings does). */
    private Path fakeJdk(String name, String releaseLine, String settings) throws IOException {
        Path jdk = Files.createDirectories(dir.resolve(name));
        if (releaseLine != null) {
            Files.writeString(jdk.resolve("release"), "IMPLEMENTOR=\"Test\"\n" + releaseLine + "\nJAVA_VERSION_DATE=\"2026-04-21\"\n");
        }
        Path java = Files.createDirectories(jdk.resolve("bin")).resolve("java");
        Files.writeString(java, "#!/usr/bin/env bash\ntouch '" + dir.resolve(name + ".ran") + "'\n"
                + (settings == null ? "exit 1\n" : "echo '" + settings + "' >&2\n"));
        Files.setPosixFilePermissions(java, PosixFilePermissions.fromString("rwxr-xr-x"));
        return jdk;
    }

    /** Runs {@code commands} after sourcing the script; its output goes to a file, so a script that hangs fails the wait. */
    private String run(String commands) throws Exception {
        Path out = Files.createTempFile(dir, "out", ".txt");
        Process bash = new ProcessBuilder("bash", "-c", ". '" + SCRIPT + "'; " + commands).redirectErrorStream(true)
                .redirectOutput(out.toFile()).start();
        boolean ended = bash.waitFor(30, TimeUnit.SECONDS);
        if (!ended) {
            bash.destroyForcibly();
        }
        assertThat(ended).as("the script ended within 30 s; its output: %s", Files.readString(out)).isTrue();
        return Files.readString(out, StandardCharsets.UTF_8).strip();
    }
}
