package dev.forkline.replay.sandbox;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class OomKillsTest {

    @Test
    void readsTheKillCountOfEitherCgroupVersion() {
        assertThat(OomKills.count("oom_kill_disable 0\nunder_oom 0\noom_kill 3\n")).as("v1 memory.oom_control").isEqualTo(3);
        assertThat(OomKills.count("low 0\nhigh 0\nmax 12\noom 2\noom_kill 2\noom_group_kill 0\n")).as("v2 memory.events").isEqualTo(2);
        assertThat(OomKills.count("oom_kill_disable 0\nunder_oom 0\n")).as("a kernel without the counter").isZero();
        assertThat(OomKills.count("")).isZero();
    }
}
