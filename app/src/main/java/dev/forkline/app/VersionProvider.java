package dev.forkline.app;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** {@code forkline --version}: the version and the build stamp written at build time. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    @Override
    public String[] getVersion() {
        Properties properties = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream("version.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            // fall through to "unknown"
        }
        return new String[] {"forkline " + properties.getProperty("version", "unknown") + " (build " + properties.getProperty("build", "unknown")
                + ", Java " + Runtime.version() + ")"};
    }
}
