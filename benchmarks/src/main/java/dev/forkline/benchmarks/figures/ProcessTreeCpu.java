package dev.forkline.benchmarks.figures;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * The CPU time (user + system) a process and its children used so far, from Linux's {@code /proc}: the process's own,
 * that of its children it has reaped, and that of its living children. On a loaded machine the wall time of a figure
 * says little about where the work is; this says how much each side did (here: a PostgreSQL server's share of an
 * import). Zero where {@code /proc} is missing.
 */
final class ProcessTreeCpu {

    private static final double TICKS_PER_SECOND = 100; // USER_HZ, 100 on every Linux architecture Forkline runs on

    private ProcessTreeCpu() {
    }

    static double seconds(long pid) {
        Path proc = Path.of("/proc");
        if (!Files.isDirectory(proc)) {
            return 0;
        }
        long ticks = 0;
        try (Stream<Path> processes = Files.list(proc)) {
            for (Path process : processes.filter(p -> p.getFileName().toString().chars().allMatch(Character::isDigit)).toList()) {
                String[] fields = statFields(process);
                if (fields == null) {
                    continue;
                }
                long id = Long.parseLong(process.getFileName().toString());
                // after the command's closing parenthesis: state(0) ppid(1) ... utime(11) stime(12) cutime(13) cstime(14)
                if (id == pid) {
                    ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]) + Long.parseLong(fields[13]) + Long.parseLong(fields[14]);
                } else if (Long.parseLong(fields[1]) == pid) {
                    ticks += Long.parseLong(fields[11]) + Long.parseLong(fields[12]);
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return ticks / TICKS_PER_SECOND;
    }

    private static String[] statFields(Path process) {
        try {
            String stat = Files.readString(process.resolve("stat"));
            return stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        } catch (IOException | RuntimeException e) {
            return null; // the process ended meanwhile
        }
    }
}
