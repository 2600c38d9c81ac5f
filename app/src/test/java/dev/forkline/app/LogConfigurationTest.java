package dev.forkline.app;

import static org.assertj.core.api.Assertions.assertThat;

import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.util.ContextInitializer;
import ch.qos.logback.classic.util.LogbackMDCAdapter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.Logger;

/** The log as logback sets it up from Forkline's configuration: one file, INFO and above, Docker's client and Flyway quieter. */
class LogConfigurationTest {

    @TempDir
    Path dir;

    @Test
    void logbackFindsTheConfigurationAndWritesTheLogFile() throws Exception {
        String before = System.getProperty("forkline.logDir");
        System.setProperty("forkline.logDir", dir.resolve("state").toString());
        LoggerContext context = new LoggerContext();
        context.setMDCAdapter(new LogbackMDCAdapter()); // as logback's SLF4J provider does
        try {
            new ContextInitializer(context).autoConfig(); // as logback starts: the services first, then any logback.xml
            Logger forkline = context.getLogger("dev.forkline.app.Example");
            forkline.info("stored 3 traces");
            forkline.debug("a detail");
            context.getLogger("com.github.dockerjava.core.Client").info("connection pool");
            context.getLogger("com.github.dockerjava.core.Client").warn("engine unreachable");
            context.getLogger("org.flywaydb.core.Flyway").info("validated");
        } finally {
            context.stop();
            if (before == null) {
                System.clearProperty("forkline.logDir");
            } else {
                System.setProperty("forkline.logDir", before);
            }
        }

        List<String> lines = Files.readAllLines(dir.resolve("state").resolve("forkline.log"));
        assertThat(lines).hasSize(2);
        assertThat(lines.getFirst()).matches("\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d:\\d\\d,\\d{3} INFO  \\[[^]]+] dev\\.forkline\\.app\\.Example - stored 3 traces");
        assertThat(lines.get(1)).contains("WARN  ", "com.github.dockerjava.core.Client - engine unreachable");
    }
}
