package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.EventType;
import dev.forkline.trace.Json;
import dev.forkline.trace.NewEvent;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.testing.ThrowawayPostgres;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** Who may do what in a team store: the roles and grants of {@code forkline team init}, enforced by PostgreSQL. */
@ExtendWith(SharedPostgres.class)
class TeamRolesTest {

    private static final StoreBackend POSTGRESQL = StoreBackend.POSTGRESQL;

    @TempDir
    Path dir;

    @BeforeEach
    void assumePostgres() {
        assumeTrue(ThrowawayPostgres.find().isPresent(), ThrowawayPostgres.unavailableReason());
    }

    @Test
    void aReviewerReadsAndAddsNotesButThePostgresGrantsRefuseHerDecision() throws Exception {
        TeamDatabase admin = StoreBackend.team(POSTGRESQL, dir, "db");
        SampleTraces trace = SampleTraces.standard("t-roles");
        try (TraceStore store = TraceStore.open(admin, null, Clock.systemUTC())) {
            store.importTrace(trace.bundle(), List.of(), null);
            createLoginRoles("rex_reviewer", "ann_owner");
            List<String> done = store.initTeam(List.of("ann_owner"), List.of("rex_reviewer"));
            assertThat(done).contains("created role forkline_reviewer", "ann_owner is an owner (member of forkline_owner)");
            assertThat(store.initTeam(List.of(), List.of())).doesNotContain("created role forkline_reviewer");
        }

        try (TraceStore rex = TraceStore.open(as(admin, "rex_reviewer"), null, Clock.systemUTC())) {
            assertThat(rex.list()).hasSize(1);
            ObjectNode note = Json.object().put("text", "looked at the build");
            var noted = trace.add(NewEvent.of("r2", "human:rex", EventType.NOTE).data(note));
            assertThat(rex.appendEvents("t-roles", List.of(noted), Map.of()).newEvents()).isEqualTo(1);

            var decision = trace.decision("r2.2", "rex", "approve", "2026-12-01T10:00:00Z");
            assertThatThrownBy(() -> rex.recordDecision("t-roles", decision, Map.of()))
                    .isInstanceOf(StoreRefusedException.class)
                    .hasMessageContaining("the role 'rex_reviewer' may not record decisions")
                    .hasMessageContaining("INSERT on decision_records")
                    .hasMessageContaining("forkline_owner");
            assertThatThrownBy(() -> rex.appendEvents("t-roles", List.of(decision), Map.of()))
                    .isInstanceOf(StoreRefusedException.class).hasMessageContaining("may not record decisions");
            assertThat(rex.find("t-roles").orElseThrow().eventCount()).isEqualTo(trace.events.size() - 1);
            assertThatThrownBy(() -> rex.delete("t-roles", "rex", "tidy"))
                    .isInstanceOf(StoreRefusedException.class).hasMessageContaining("lacks the grant");
            var key = new OwnerKeys(dir.resolve("keys")).loadOrCreate("rex").publicKeyFile();
            assertThatThrownBy(() -> rex.trustOwnerKey(key, "rex"))
                    .isInstanceOf(StoreRefusedException.class).hasMessageContaining("only its administrator");
        }

        try (TraceStore ann = TraceStore.open(as(admin, "ann_owner"), null, Clock.systemUTC())) {
            var decision = trace.events.getLast();
            assertThat(ann.recordDecision("t-roles", decision, Map.of()).newEvents()).isEqualTo(1);
            assertThat(ann.find("t-roles").orElseThrow().eventCount()).isEqualTo(trace.events.size());
        }
    }

    @Test
    void aRoleThatDoesNotExistIsNamedAndNothingIsGranted() throws Exception {
        try (TraceStore store = POSTGRESQL.open(dir, "db")) {
            assertThatThrownBy(() -> store.initTeam(List.of("nobody_at_all"), List.of()))
                    .isInstanceOf(StoreRefusedException.class).hasMessageContaining("there is no role 'nobody_at_all'");
            assertThatThrownBy(() -> store.initTeam(List.of("Robert'); DROP"), List.of()))
                    .isInstanceOf(StoreRefusedException.class).hasMessageContaining("not a PostgreSQL role name");
        }
    }

    @Test
    void anEmbeddedStoreHasNoRolesToSetUp() throws Exception {
        try (TraceStore store = StoreBackend.H2.open(dir, "db")) {
            assertThatThrownBy(() -> store.initTeam(List.of(), List.of()))
                    .isInstanceOf(StoreRefusedException.class).hasMessageContaining("embedded file with no roles");
        }
    }

    private static TeamDatabase as(TeamDatabase database, String user) {
        return new TeamDatabase(user, database.host(), database.port(), database.database());
    }

    private void createLoginRoles(String... roles) throws Exception {
        for (String role : roles) {
            SharedPostgres.cluster().psql("postgres", "DO $$ BEGIN IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = '" + role
                    + "') THEN CREATE ROLE " + role + " LOGIN; END IF; END $$");
        }
    }
}
