package dev.forkline.reliability;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** What the host looks like from the test: a sentinel file, available memory, the number of processes. */
final class HostWatch {

    private final Path sentinel;
    private final String sentinelContent;

    HostWatch(Path dir) throws IOException {
        this.sentinel = dir.resolve("host-sentinel.txt");
        this.sentinelContent = "host sentinel " + System.nanoTime();
        Files.writeString(sentinel, sentinelContent, StandardCharsets.UTF_8);
    }

    Path sentinel() {
        return sentinel;
    }

    boolean sentinelUnchanged() throws IOException {
        return Files.readString(sentinel, StandardCharsets.UTF_8).equals(sentinelContent);
    }

    static long availableMemoryBytes() throws IOException {
        for (String line : Files.readAllLines(Path.of("/proc/meminfo"))) {
            if (line.startsWith("MemAvailable:")) {
                return Long.parseLong(line.replaceAll("[^0-9]", "")) * 1024;
            }
        }
        return Long.MAX_VALUE;
    }

    static long hostProcesses() {
        return ProcessHandle.allProcesses().count();
    }

    static List<String> describe() throws IOException {
        return List.of("available memory " + availableMemoryBytes() / (1024 * 1024) + " MiB", "processes " + hostProcesses());
    }
}
