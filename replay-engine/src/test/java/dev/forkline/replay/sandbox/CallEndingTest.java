package dev.forkline.replay.sandbox;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class CallEndingTest {

    @Test
    void anOrdinaryExitNeedsNoLookAtTheContainer() {
        for (int exit : new int[]{0, 1, 2, 3, 125}) {
            assertThat(CallEnding.mayMeanTheSandboxStopped(exit, false)).as("exit %d", exit).isFalse();
        }
    }

    @Test
    void aKilledOrUnreadableOrFailedExecIsCheckedAgainstTheContainer() {
        assertThat(CallEnding.mayMeanTheSandboxStopped(null, false)).isTrue();
        assertThat(CallEnding.mayMeanTheSandboxStopped(137, false)).isTrue();
        assertThat(CallEnding.mayMeanTheSandboxStopped(126, false)).isTrue();
        assertThat(CallEnding.mayMeanTheSandboxStopped(255, false)).isTrue();
        assertThat(CallEnding.mayMeanTheSandboxStopped(-1, false)).isTrue();
    }

    @Test
    void aTimedOutCallIsAlwaysChecked() {
        assertThat(CallEnding.mayMeanTheSandboxStopped(0, true)).isTrue();
        assertThat(CallEnding.mayMeanTheSandboxStopped(137, true)).isTrue();
    }

    @Test
    void onlyAKillTheTimeoutDidNotCauseWaitsForTheContainerStateToSettle() {
        assertThat(CallEnding.looksKilled(137, false)).isTrue();
        assertThat(CallEnding.looksKilled(null, true)).isTrue();
        assertThat(CallEnding.looksKilled(137, true)).isFalse();
        assertThat(CallEnding.looksKilled(1, false)).isFalse();
    }
}
