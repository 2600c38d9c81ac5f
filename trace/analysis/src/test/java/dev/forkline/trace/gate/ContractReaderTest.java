package dev.forkline.trace.gate;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

class ContractReaderTest {

    @Test
    void readsTheExampleContract() throws Exception {
        Contract contract = ContractReader.read(SampleLibrary.CONTRACT);
        assertThat(contract.name()).isEqualTo("forkline-samples");
        assertThat(contract.isolation().image()).isEqualTo("forkline/sandbox:1");
        assertThat(contract.isolation().user()).isEqualTo("10001:10001");
        assertThat(contract.isolation().capDrop()).containsExactly("ALL");
        assertThat(contract.isolation().limits()).containsEntry("pidsLimit", 256L).hasSize(3);
        assertThat(contract.retention()).isEqualTo(Duration.ofDays(90));
        assertThat(contract.cadence().maxToolCalls()).isEqualTo(4);
        assertThat(contract.cadence().maxInterval()).isEqualTo(Duration.ofMinutes(10));
        assertThat(contract.revert().mechanism()).isEqualTo("container");
        assertThat(contract.revert().maxDuration()).isEqualTo(Duration.ofSeconds(30));
        assertThat(contract.owner().name()).isEqualTo("dana");
        assertThat(contract.owner().keyFingerprint()).isNull();
        assertThat(contract.recoveryTimeBound()).isEqualTo(Duration.ofMinutes(5));
        assertThat(contract.scenarios()).extracting(Contract.Scenario::id).containsExactly("wrong-tool-call",
                "poisoned-artifact", "permission-escalation", "multi-agent-conflict", "sandbox-lost");
        assertThat(contract.scenarios().get(3).match().title().matcher("Multi-Agent conflict").find()).isTrue();
    }

    @Test
    void jsonIsAcceptedToo() throws Exception {
        Contract contract = ContractReader.parse("""
                {"contract": "j", "isolation": {}, "retention": "PT24H", "checkpointCadence": {"maxInterval": "1500ms"},
                 "revert": {"mechanism": "directory"}, "owner": {"name": "sam", "keyFingerprint": "sha256:%s"},
                 "recoveryTimeBound": "2h", "scenarios": []}
                """.formatted("ab".repeat(32)), "c.json");
        assertThat(contract.retention()).isEqualTo(Duration.ofHours(24));
        assertThat(contract.cadence().maxInterval()).isEqualTo(Duration.ofMillis(1500));
        assertThat(contract.cadence().maxToolCalls()).isNull();
        assertThat(contract.owner().keyFingerprint()).isEqualTo("sha256:" + "ab".repeat(32));
    }

    @Test
    void limitsKeepTheContractsOrderSoThatFindingsComeInTheSameOrderOnEveryRun() throws Exception {
        for (List<String> order : List.of(Contract.Isolation.LIMIT_NAMES, Contract.Isolation.LIMIT_NAMES.reversed())) {
            StringBuilder limits = new StringBuilder();
            order.forEach(name -> limits.append("\"").append(name).append("\": 1,"));
            Contract contract = ContractReader.parse("""
                    {"contract": "j", "isolation": {"limits": {%s}}, "retention": "PT24H", "checkpointCadence": {"maxToolCalls": 3},
                     "revert": {"mechanism": "directory"}, "owner": {"name": "sam"}, "recoveryTimeBound": "2h", "scenarios": []}
                    """.formatted(limits.substring(0, limits.length() - 1)), "c.json");
            assertThat(List.copyOf(contract.isolation().limits().keySet())).isEqualTo(order);
        }
    }

    static final String VALID = """
            contract: c
            isolation:
              network: none
            retention: 30d
            checkpointCadence:
              maxToolCalls: 3
            revert:
              mechanism: container
            owner:
              name: dana
            recoveryTimeBound: 5m
            scenarios:
              - id: s1
                match: {traceId: "x*"}
            """;

    @Test
    void theValidBaseParses() throws Exception {
        assertThat(ContractReader.parse(VALID, "c.yaml").scenarios()).hasSize(1);
    }

    @Test
    void unknownKeyNamesFileLineAndColumn() {
        String text = VALID.replace("  network: none\n", "  network: none\n  netwrok: host\n");
        assertThatThrownBy(() -> ContractReader.parse(text, "c.yaml"))
                .isInstanceOf(ContractException.class)
                .hasMessageStartingWith("c.yaml:4:3: unknown key 'netwrok' in isolation")
                .satisfies(e -> assertThat(((ContractException) e).line()).isEqualTo(4));
    }

    @Test
    void duplicateKeysAreRejected() {
        String text = VALID.replace("retention: 30d\n", "retention: 30d\nretention: 60d\n");
        assertThatThrownBy(() -> ContractReader.parse(text, "c.yaml"))
                .isInstanceOf(ContractException.class)
                .hasMessageContaining("c.yaml:5:").hasMessageContaining("retention");
    }

    @Test
    void badValuesAreNamedWhereTheyAre() {
        assertError(VALID.replace("retention: 30d", "retention: thirty days"), "c.yaml:4:1: 'retention' is not a duration: 'thirty days'");
        assertError(VALID.replace("maxToolCalls: 3", "maxToolCalls: -1"), "c.yaml:6:3: 'maxToolCalls' must be a positive whole number");
        assertError(VALID.replace("mechanism: container", "mechanism: snapshot"),
                "c.yaml:8:3: revert.mechanism must be one of [directory, container], not 'snapshot'");
        assertError(VALID.replace("name: dana", "name: \"-bad owner\""), "c.yaml:10:3: ");
        assertError(VALID.replace("match: {traceId: \"x*\"}", "match: {title: \"(\"}"),
                "c.yaml:14:13: match.title is not a valid regular expression");
        assertError(VALID.replace("match: {traceId: \"x*\"}", "match: {}"), "c.yaml:14:5: match needs traceId, title or tag");
        assertError(VALID + "  - id: s1\n    match: {tag: t}\n", "c.yaml:15:5: scenario id 's1' is used twice");
        assertError(VALID.replace("owner:\n  name: dana\n", ""), "c.yaml:1:1: missing 'owner'");
        assertError("contract: [unclosed", "c.yaml:1:");
        assertError("", "c.yaml: the contract is empty");
    }

    private static void assertError(String text, String messageStart) {
        assertThatThrownBy(() -> ContractReader.parse(text, "c.yaml"))
                .isInstanceOf(ContractException.class)
                .hasMessageStartingWith(messageStart);
    }
}
