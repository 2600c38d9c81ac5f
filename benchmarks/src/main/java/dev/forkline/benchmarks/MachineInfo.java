package dev.forkline.benchmarks;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/** The machine a run was measured on: cores, memory, CPU model and JVM. */
public final class MachineInfo {

    private MachineInfo() {
    }

    public static String describe() {
        return Runtime.getRuntime().availableProcessors() + " cpus (" + cpuModel().orElse("unknown CPU") + "), "
                + memTotal().orElse("memory unknown") + ", JVM " + System.getProperty("java.vm.name") + " "
                + System.getProperty("java.runtime.version") + ", max heap " + (Runtime.getRuntime().maxMemory() >> 20) + " MB";
    }

    private static Optional<String> cpuModel() {
        return firstValue(Path.of("/proc/cpuinfo"), "model name");
    }

    private static Optional<String> memTotal() {
        return firstValue(Path.of("/proc/meminfo"), "MemTotal").map(value -> {
            String[] parts = value.trim().split("\\s+");
            return parts.length == 2 && parts[1].equals("kB") ? (Long.parseLong(parts[0]) >> 20) + " GB RAM" : value;
        });
    }

    private static Optional<String> firstValue(Path file, String key) {
        try {
            for (String line : Files.readAllLines(file)) {
                if (line.startsWith(key)) {
                    int colon = line.indexOf(':');
                    return Optional.of(line.substring(colon + 1).trim());
                }
            }
        } catch (IOException | RuntimeException e) {
            // not Linux, or not readable
        }
        return Optional.empty();
    }
}
