package dev.forkline.benchmarks.harness;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assumptions.assumeThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ThreadCpuTest {

    @Test
    void readsANameWithSpacesAndParenthesesAndTheTwoTimes() {
        String stat = "4242 (C2 (Compiler)) S 1 4242 4242 0 -1 4194624 1000 0 0 0 437 12 0 0 20 0 40 0 3456 0 0";
        assertThat(ThreadCpu.parse(stat)).isEqualTo(new ThreadCpu.Reading("C2 (Compiler)", 437, 12));
        assertThat(ThreadCpu.parse("4242 (short) S 1 2")).isNull();
        assertThat(ThreadCpu.parse("not a stat line")).isNull();
    }

    @Test
    void groupsThreadsThatDifferOnlyInATrailingNumber() {
        assertThat(ThreadCpu.group("GC Thread#1")).isEqualTo("GC Thread");
        assertThat(ThreadCpu.group("forkline-event-sweep-0")).isEqualTo("forkline-event-sweep");
        assertThat(ThreadCpu.group("C2 CompilerThre")).isEqualTo("C2 CompilerThre");
        assertThat(ThreadCpu.group("java")).isEqualTo("main");
    }

    @Test
    void keepsTheTimeOfAThreadThatEndedBetweenTwoTotals() throws Exception {
        assumeThat(Files.isDirectory(Path.of("/proc/self/task"))).as("Linux /proc").isTrue();
        try (ThreadCpu threads = ThreadCpu.start()) {
            Map<String, long[]> before = threads.totals();
            Thread busy = Thread.ofPlatform().name("thread-cpu-test-busy").start(() -> {
                var cpu = java.lang.management.ManagementFactory.getThreadMXBean();
                long spin = 0;
                while (cpu.getCurrentThreadCpuTime() < 500_000_000L) {
                    spin += Long.numberOfTrailingZeros(spin + 1);
                }
                assertThat(spin).isNotNegative();
            });
            busy.join();
            List<ThreadCpu.Group> groups = ThreadCpu.between(before, threads.totals());
            // the kernel keeps 15 characters of its name: "thread-cpu-test"
            assertThat(groups).filteredOn(group -> group.name().equals("thread-cpu-test")).singleElement()
                    .satisfies(group -> assertThat(group.seconds()).isGreaterThan(0.2));
            assertThat(ThreadCpu.describe(groups, 3)).contains("thread-cpu-test").contains("kernel");
        }
    }
}
