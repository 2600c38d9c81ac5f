package dev.forkline.trace.gate;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.recovery.RecoveryMetrics;
import java.io.StringReader;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.NodeList;
import org.xml.sax.InputSource;

class GateSamplesTest {

    @TempDir
    Path temp;

    @Test
    void theSampleLibraryPassesOnceTheOwnerHasDecidedEveryEscape() throws Exception {
        List<Path> copies = SampleLibrary.copy(temp.resolve("bundles"));
        OwnerKeys keys = new OwnerKeys(temp.resolve("owners"));
        SampleLibrary.decideEverything(copies, keys, "dana");
        Contract contract = ContractReader.read(SampleLibrary.CONTRACT);

        GateResult result = check(copies, contract, keys.trustedKeys());

        assertThat(result.failures()).as(describe(result)).isEmpty();
        assertThat(result.passed()).isTrue();
        // 8 clauses for each of the 5 traces, plus the 5 scenarios
        assertThat(result.results()).hasSize(8 * 5 + 5);
        assertThat(result.results()).filteredOn(r -> r.clause().equals("scenario:wrong-tool-call")).singleElement()
                .satisfies(r -> assertThat(r.message()).contains("forkline-sample-wrong-tool-call run r2"));
        assertThat(result.forTrace("forkline-sample-sandbox-lost-mid-effect")).filteredOn(r -> r.clause().equals("tool-results"))
                .singleElement().satisfies(r -> assertThat(r.message()).contains("1 external call(s) of unknown outcome"));
    }

    @Test
    void theRawSamplesFailOnlyWhereTheOwnerHasNotDecidedYet() throws Exception {
        List<Path> originals = SampleLibrary.RECORDED.stream().map(SampleLibrary.SAMPLES::resolve).toList();
        GateResult result = check(originals, ContractReader.read(SampleLibrary.CONTRACT), TrustedKeys.none());

        assertThat(result.passed()).isFalse();
        assertThat(result.failures()).extracting(r -> r.traceId() + " " + r.clause()).containsExactlyInAnyOrder(
                "forkline-sample-permission-escalation escapes",
                "forkline-sample-sandbox-lost-mid-effect tool-results",
                "forkline-sample-sandbox-lost-mid-effect escapes");
        ClauseResult escapes = result.forTrace("forkline-sample-permission-escalation").stream()
                .filter(r -> r.clause().equals("escapes")).findFirst().orElseThrow();
        // three escape attempts and three approval requests, in trace order
        assertThat(escapes.evidence()).extracting(Evidence::eventId)
                .containsExactly("r1.11", "r1.12", "r1.16", "r1.17", "r1.21", "r1.22");
        assertThat(escapes.evidence()).extracting(Evidence::line).containsExactly(11L, 12L, 16L, 17L, 21L, 22L);
        assertThat(escapes.evidence().get(1).note()).startsWith("approval.request undecided");
        ClauseResult toolResults = result.forTrace("forkline-sample-sandbox-lost-mid-effect").stream()
                .filter(r -> r.clause().equals("tool-results")).findFirst().orElseThrow();
        assertThat(toolResults.evidence()).singleElement().satisfies(e -> {
            assertThat(e.eventId()).isEqualTo("r1.9");
            assertThat(e.line()).isEqualTo(9);
            assertThat(e.note()).contains("deliver").contains("undecided");
        });
    }

    @Test
    void decisionsWithAnUntrustedKeyOrByAnotherOwnerDoNotCount() throws Exception {
        List<Path> copies = SampleLibrary.copy(temp.resolve("bundles"));
        OwnerKeys keys = new OwnerKeys(temp.resolve("owners"));
        SampleLibrary.decideEverything(copies, keys, "dana");
        Contract contract = ContractReader.read(SampleLibrary.CONTRACT);

        GateResult untrusted = check(copies, contract, TrustedKeys.none());
        assertThat(untrusted.failures()).extracting(r -> r.traceId() + " " + r.clause()).containsExactlyInAnyOrder(
                "forkline-sample-permission-escalation integrity",
                "forkline-sample-sandbox-lost-mid-effect integrity",
                "forkline-sample-permission-escalation escapes",
                "forkline-sample-sandbox-lost-mid-effect tool-results",
                "forkline-sample-sandbox-lost-mid-effect escapes");
        assertThat(untrusted.failures().getFirst().evidence().getFirst().note()).contains("not trusted for owner 'dana'");

        Contract pinnedToAnotherKey = new Contract(contract.name(), contract.source(), contract.isolation(), contract.retention(),
                contract.cadence(), contract.revert(), new Contract.Owner("dana", "sha256:" + "0".repeat(64)),
                contract.recoveryTimeBound(), contract.scenarios());
        GateResult pinned = check(copies, pinnedToAnotherKey, keys.trustedKeys());
        assertThat(pinned.failures()).extracting(ClauseResult::clause).contains("escapes");
        assertThat(pinned.failures().stream().flatMap(r -> r.evidence().stream()).map(Evidence::note))
                .allMatch(note -> note.contains("not the contract's key"));

        Contract otherOwner = new Contract(contract.name(), contract.source(), contract.isolation(), contract.retention(),
                contract.cadence(), contract.revert(), new Contract.Owner("erin", null), contract.recoveryTimeBound(), contract.scenarios());
        GateResult byDana = check(copies, otherOwner, keys.trustedKeys());
        assertThat(byDana.failures().stream().flatMap(r -> r.evidence().stream()).map(Evidence::note))
                .isNotEmpty().allMatch(note -> note.contains("decided by 'dana', not by the owner 'erin'"));
    }

    @Test
    void junitXmlHasOneTestcasePerClausePerTrace() throws Exception {
        List<Path> originals = SampleLibrary.RECORDED.stream().map(SampleLibrary.SAMPLES::resolve).toList();
        GateResult result = check(originals, ContractReader.read(SampleLibrary.CONTRACT), TrustedKeys.none());

        Document xml = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(new InputSource(new StringReader(result.toJUnitXml())));
        NodeList cases = xml.getElementsByTagName("testcase");
        assertThat(cases.getLength()).isEqualTo(result.results().size());
        assertThat(xml.getElementsByTagName("failure").getLength()).isEqualTo(3);
        assertThat(xml.getElementsByTagName("testsuite").getLength()).isEqualTo(6);
        Element root = xml.getDocumentElement();
        assertThat(root.getAttribute("tests")).isEqualTo(String.valueOf(result.results().size()));
        assertThat(root.getAttribute("failures")).isEqualTo("3");
        Element first = (Element) cases.item(0);
        assertThat(first.getAttribute("classname")).isEqualTo("forkline-sample-wrong-tool-call");
        assertThat(first.getAttribute("name")).isEqualTo("integrity");
        assertThat(result.toJson().get("failed").asInt()).isEqualTo(3);
        assertThat(result.toJson().at("/clauses/0/clause").asText()).isEqualTo("integrity");
        assertThat(result.toJson().at("/clauses/0/passed").asBoolean()).isTrue();
    }

    @Test
    void aTraceWhoseMetricsTheCallerHasGetsTheSameVerdict() throws Exception {
        Contract contract = ContractReader.read(SampleLibrary.CONTRACT);
        for (Path sample : SampleLibrary.RECORDED.stream().map(SampleLibrary.SAMPLES::resolve).toList()) {
            List<Bundle> bundles = SampleLibrary.read(List.of(sample));
            try (Bundle bundle = bundles.getFirst()) {
                GateResult computedHere = Gate.check(bundles, contract, TrustedKeys.none());
                GateResult givenMetrics = Gate.check(bundle, RecoveryMetrics.of(bundle), contract, TrustedKeys.none());
                assertThat(givenMetrics).as(sample.toString()).isEqualTo(computedHere);
            }
        }
    }

    static GateResult check(List<Path> directories, Contract contract, TrustedKeys trusted) throws Exception {
        List<Bundle> bundles = SampleLibrary.read(directories);
        try {
            return Gate.check(bundles, contract, trusted);
        } finally {
            for (Bundle bundle : bundles) {
                bundle.close();
            }
        }
    }

    static String describe(GateResult result) {
        return result.failures().stream().map(r -> r.traceId() + " " + r.clause() + ": " + r.message() + "\n  "
                + r.evidence().stream().map(Evidence::describe).collect(Collectors.joining("\n  "))).collect(Collectors.joining("\n"));
    }
}
