package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.integrity.IntegrityStatus;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** {@code forkline team push}: a person's H2 file into the team's PostgreSQL store, idempotent and verified on arrival. */
@ExtendWith(SharedPostgres.class)
class TeamPushTest {

    @TempDir
    Path dir;

    @BeforeEach
    void assumePostgres() {
        StoreBackend.POSTGRESQL.assumeAvailable();
    }

    @Test
    void tracesAndTheirDecisionsArriveVerifiedAndASecondPushChangesNothing() throws Exception {
        SampleTraces first = SampleTraces.standard("t-push-1");
        SampleTraces second = SampleTraces.standard("t-push-2", "other blobs");
        try (TraceStore local = StoreBackend.H2.open(dir, "local"); TraceStore team = StoreBackend.POSTGRESQL.open(dir, "team")) {
            local.importTrace(first.bundle(), List.of(), "/incidents/one.forkline");
            local.importTrace(second.bundle(), List.of(), null);
            local.recordDecision("t-push-1", first.decision("r2.2", "ann", "approve", "2026-12-01T10:00:00Z"), Map.of());

            List<TeamPush.Pushed> pushed = TeamPush.push(local, team, TrustedKeys.none(), each -> { });

            assertThat(pushed).extracting(TeamPush.Pushed::traceId, TeamPush.Pushed::status)
                    .containsExactlyInAnyOrder(org.assertj.core.groups.Tuple.tuple("t-push-1", StoreResult.Status.IMPORTED),
                            org.assertj.core.groups.Tuple.tuple("t-push-2", StoreResult.Status.IMPORTED));
            // verified on arrival: the test's decision carries no signature, which the team store's verification finds
            assertThat(pushed).filteredOn(p -> p.traceId().equals("t-push-2")).singleElement()
                    .satisfies(p -> assertThat(p.verdict().status()).isEqualTo(IntegrityStatus.INTACT));
            assertThat(pushed).filteredOn(p -> p.traceId().equals("t-push-1")).singleElement()
                    .satisfies(p -> assertThat(p.verdict().code()).isEqualTo("decision-unsigned"));
            assertThat(team.find("t-push-1").orElseThrow().sourcePath()).isEqualTo("/incidents/one.forkline");
            try (Bundle arrived = team.load("t-push-1")) {
                assertThat(arrived.events()).containsExactlyElementsOf(first.events);
            }
            assertThat(decisionRecords()).isEqualTo(1);

            List<StoreResult.Status> again = new ArrayList<>();
            TeamPush.push(local, team, TrustedKeys.none(), each -> again.add(each.status()));
            assertThat(again).containsOnly(StoreResult.Status.UNCHANGED).hasSize(2);

            local.recordDecision("t-push-2", second.decision("r2.2", "bob", "deny", "2026-12-01T11:00:00Z"), Map.of());
            assertThat(TeamPush.push(local, team, TrustedKeys.none(), each -> { }))
                    .filteredOn(p -> p.traceId().equals("t-push-2")).singleElement()
                    .satisfies(p -> assertThat(p.status()).isEqualTo(StoreResult.Status.UPDATED));
            assertThat(decisionRecords()).isEqualTo(2);
            assertThat(team.integrityCheck().ok()).isTrue();
        }
    }

    @Test
    void aTraceThatDiffersInTheTeamStoreIsReportedAndTheOthersStillArrive() throws Exception {
        try (TraceStore local = StoreBackend.H2.open(dir, "local"); TraceStore team = StoreBackend.POSTGRESQL.open(dir, "team")) {
            local.importTrace(SampleTraces.standard("t-clash").bundle(), List.of(), null);
            local.importTrace(SampleTraces.standard("t-fine").bundle(), List.of(), null);
            team.importTrace(SampleTraces.standard("t-clash", "someone else's run").bundle(), List.of(), null);

            List<TeamPush.Pushed> pushed = TeamPush.push(local, team, TrustedKeys.none(), each -> { });

            assertThat(pushed).filteredOn(TeamPush.Pushed::conflicted).singleElement()
                    .satisfies(p -> assertThat(p.traceId()).isEqualTo("t-clash"));
            assertThat(team.find("t-fine")).isPresent();
        }
    }

    private long decisionRecords() throws Exception {
        try (var connection = StoreBackend.POSTGRESQL.connect(dir, "team"); var sql = connection.createStatement();
             var rows = sql.executeQuery("SELECT COUNT(*) FROM decision_records")) {
            rows.next();
            return rows.getLong(1);
        }
    }
}
