package dev.forkline.app;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.LoggerContext;
import ch.qos.logback.classic.encoder.PatternLayoutEncoder;
import ch.qos.logback.classic.spi.Configurator;
import ch.qos.logback.classic.spi.ConfiguratorRank;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.FileAppender;
import ch.qos.logback.core.spi.ContextAwareBase;
import org.slf4j.Logger;

/**
 * Forkline's log: one file ({@link Logs#logFile()}), INFO and above, Docker's client and Flyway at WARN. Logback finds
 * this through {@code META-INF/services} before it looks for a {@code logback.xml}: set in code, the log is ready
 * without reading and interpreting an XML configuration at the start of every command.
 */
@ConfiguratorRank(ConfiguratorRank.CUSTOM_HIGH_PRIORITY)
public final class LogConfiguration extends ContextAwareBase implements Configurator {

    private static final String PATTERN = "%d{ISO8601} %-5level [%thread] %logger{36} - %msg%n";

    @Override
    public ExecutionStatus configure(LoggerContext context) {
        PatternLayoutEncoder encoder = new PatternLayoutEncoder();
        encoder.setContext(context);
        encoder.setPattern(PATTERN);
        encoder.start();
        FileAppender<ILoggingEvent> file = new FileAppender<>();
        file.setContext(context);
        file.setName("FILE");
        file.setFile(Logs.logFile().toString());
        file.setEncoder(encoder);
        file.start();
        context.getLogger("com.github.dockerjava").setLevel(Level.WARN);
        context.getLogger("org.flywaydb").setLevel(Level.WARN);
        ch.qos.logback.classic.Logger root = context.getLogger(Logger.ROOT_LOGGER_NAME);
        root.setLevel(Level.INFO);
        root.addAppender(file);
        return ExecutionStatus.DO_NOT_INVOKE_NEXT_IF_ANY;
    }
}
