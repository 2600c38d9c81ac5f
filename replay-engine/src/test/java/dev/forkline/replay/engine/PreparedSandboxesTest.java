package dev.forkline.replay.engine;

import dev.forkline.replay.sandbox.IsolationBoundary;
import org.junit.jupiter.api.Test;

import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class PreparedSandboxesTest {

    private static PreparedSandboxes.Key key(String digest) {
        return new PreparedSandboxes.Key(IsolationBoundary.strict(), "sha256:image", digest);
    }

    @Test
    void aPreparationIsFoundByBoundaryImageAndWorkspace() {
        PreparedSandboxes prepared = new PreparedSandboxes(2);
        CompletableFuture<PreparedSandboxes.Ready> a = new CompletableFuture<>();
        prepared.add(key("sha256:a"), a);
        assertThat(prepared.get(key("sha256:a"))).isSameAs(a);
        assertThat(prepared.get(key("sha256:b"))).isNull();
        assertThat(prepared.get(new PreparedSandboxes.Key(IsolationBoundary.strict(), "sha256:other-image", "sha256:a"))).isNull();
        assertThat(prepared.get(new PreparedSandboxes.Key(IsolationBoundary.strict().withLimits(1L << 30, 1_000_000_000L, 64),
                "sha256:image", "sha256:a"))).isNull();
    }

    @Test
    void beyondTheCapacityTheOldestIsGivenUp() {
        PreparedSandboxes prepared = new PreparedSandboxes(2);
        CompletableFuture<PreparedSandboxes.Ready> a = new CompletableFuture<>();
        CompletableFuture<PreparedSandboxes.Ready> b = new CompletableFuture<>();
        CompletableFuture<PreparedSandboxes.Ready> c = new CompletableFuture<>();
        prepared.add(key("sha256:a"), a);
        prepared.add(key("sha256:b"), b);
        prepared.add(key("sha256:c"), c);
        assertThat(prepared.size()).isEqualTo(2);
        assertThat(prepared.get(key("sha256:a"))).isNull();
        assertThat(prepared.get(key("sha256:b"))).isSameAs(b);
        assertThat(prepared.get(key("sha256:c"))).isSameAs(c);
        assertThat(a.getNumberOfDependents()).as("its sandbox is removed once started").isEqualTo(1);
        assertThat(b.getNumberOfDependents()).isZero();
    }

    @Test
    void aClaimedPreparationGoesToOneTakeOnly() {
        PreparedSandboxes prepared = new PreparedSandboxes(1);
        CompletableFuture<PreparedSandboxes.Ready> a = new CompletableFuture<>();
        prepared.add(key("sha256:a"), a);
        assertThat(prepared.claim(key("sha256:a"))).isSameAs(a);
        assertThat(prepared.claim(key("sha256:a"))).isNull();
        assertThat(prepared.size()).isZero();
        assertThat(a.getNumberOfDependents()).as("the taker owns it: nothing removes it").isZero();
    }

    @Test
    void aFailedPreparationIsForgottenButNotALaterOneForTheSameWorkspace() {
        PreparedSandboxes prepared = new PreparedSandboxes(1);
        CompletableFuture<PreparedSandboxes.Ready> failed = new CompletableFuture<>();
        CompletableFuture<PreparedSandboxes.Ready> later = new CompletableFuture<>();
        prepared.add(key("sha256:a"), failed);
        prepared.forget(key("sha256:a"), failed);
        assertThat(prepared.get(key("sha256:a"))).isNull();
        prepared.add(key("sha256:a"), later);
        prepared.forget(key("sha256:a"), failed);
        assertThat(prepared.get(key("sha256:a"))).isSameAs(later);
    }

    @Test
    void clearingGivesEveryPreparationUp() {
        PreparedSandboxes prepared = new PreparedSandboxes(2);
        CompletableFuture<PreparedSandboxes.Ready> a = new CompletableFuture<>();
        prepared.add(key("sha256:a"), a);
        prepared.clear();
        assertThat(prepared.size()).isZero();
        assertThat(a.getNumberOfDependents()).isEqualTo(1);
        assertThatThrownBy(() -> new PreparedSandboxes(0)).isInstanceOf(IllegalArgumentException.class);
    }
}
