package dev.forkline.trace.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Event;
import dev.forkline.trace.EventType;
import dev.forkline.trace.TraceBuilder;
import dev.forkline.trace.bundle.BlobSource;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.bundle.BundleReader;
import dev.forkline.trace.bundle.Manifest;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.gate.Gate;
import dev.forkline.trace.gate.GateResult;
import dev.forkline.trace.gate.SampleLibrary;
import dev.forkline.trace.testing.RepositoryFiles;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import dev.forkline.trace.testing.AlteredSamples;
import dev.forkline.trace.testing.AlteredSamples.Alteration;
import dev.forkline.trace.testing.AlteredSamples.Altered;

/**
 * Reports for every sample contain every section; hostile text from a trace is escaped. With
 * {@code -Dforkline.writeReports=true} the sample reports are (re)written to docs/reports/.
 */
class PostmortemReportTest {

    static final Path REPORTS = RepositoryFiles.resolve("docs", "reports");
    static final List<String> SECTION_IDS = List.of(PostmortemReport.SECTIONS.split(" "));

    @TempDir
    Path temp;

    @Test
    void everySampleReportHasEverySection() throws Exception {
        List<Path> directories = new ArrayList<>(SampleLibrary.RECORDED.stream().map(SampleLibrary.SAMPLES::resolve).toList());
        List<Bundle> bundles = SampleLibrary.read(directories);
        Path handWritten = SampleLibrary.SAMPLES.resolve("hand-written").resolve("wrong-directory-deleted");
        try {
            GateResult gate = Gate.check(bundles, ContractReader.read(SampleLibrary.CONTRACT), TrustedKeys.none());
            boolean write = Boolean.getBoolean("forkline.writeReports");
            for (int i = 0; i < bundles.size(); i++) {
                Bundle bundle = bundles.get(i);
                String name = directories.get(i).getFileName().toString();
                Path out = (write ? REPORTS : temp).resolve(name + ".html");
                PostmortemReport.write(bundle, ReportInputs.of(bundle, TrustedKeys.none(), gate), out);
                String html = Files.readString(out, StandardCharsets.UTF_8);
                assertWellFormedReport(html, name);
                assertThat(html).contains("Contract <code>forkline-samples</code>");
                assertThat(html).contains(bundle.manifest().traceId());
            }
            try (Bundle bundle = BundleReader.read(handWritten)) {
                Path out = (write ? REPORTS : temp).resolve("wrong-directory-deleted.html");
                PostmortemReport.write(bundle, ReportInputs.of(bundle, TrustedKeys.none(), null), out);
                String html = Files.readString(out, StandardCharsets.UTF_8);
                assertWellFormedReport(html, "wrong-directory-deleted");
                assertThat(html).contains("The launch gate was not run");
            }
        } finally {
            for (Bundle bundle : bundles) {
                bundle.close();
            }
        }
    }

    @Test
    void theSandboxLostReportShowsTheUnknownPaymentAndTheUndecidedEscape() throws Exception {
        try (Bundle bundle = BundleReader.read(SampleLibrary.SAMPLES.resolve("sandbox-lost-mid-effect"))) {
            String html = PostmortemReport.render(bundle, ReportInputs.of(bundle, TrustedKeys.none(), null));
            String summary = section(html, "summary");
            assertThat(summary).contains("<code>r1.9</code> deliver <span class=\"badge outcome-unknown\">outcome unknown</span>")
                    .contains("idempotency key <code>order-42</code>")
                    .contains("run <code>r2</code> (fork) from checkpoint <code>cp-validated</code>")
                    .contains("2.88 s after the failure");
            assertThat(section(html, "escapes")).contains("unknown-outcome").contains("undecided");
            assertThat(section(html, "divergences")).contains("Not demonstrated");
            assertThat(section(html, "environment")).contains("environment.isolation.network").contains("claude-sonnet-4-5");
            assertThat(section(html, "timeline")).contains("class=\"mark-unknown\"").contains("class=\"fork-line\"")
                    .contains("class=\"mark-checkpoint\"").contains("class=\"mark-failure\"");
        }
    }

    @Test
    void hostileTextFromATraceIsEscapedEverywhere() throws Exception {
        String hostile = "<script>alert(1)</script><img src=x onerror=alert(2)>\\u0007";
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{'model':{'model':'" + hostile + "'},'environment':{'image':'" + hostile + "'}}");
        // the checkpoint id is copied into the fork's JSON by TraceBuilder, so it carries no control character
        Event cp = trace.add("r1", "harness", EventType.CHECKPOINT, "{'checkpointId':'<i>cp</i>','label':'" + hostile + "'}");
        trace.add("r1", "agent:<b>" + hostile, EventType.TOOL_CALL, "{'callId':'c1','tool':'" + hostile + "','effect':'external','arguments':{'x':'" + hostile + "'}}");
        trace.add("r1", "sandbox", EventType.ESCAPE_ATTEMPT, "{'boundary':'network','attempt':'" + hostile + "','blocked':true}", "r1.3");
        trace.add("r1", "harness", EventType.APPROVAL_REQUEST, "{'subject':'r1.3','reason':'" + hostile + "'}", "r1.4");
        trace.add("r1", "harness", EventType.ERROR, "{'message':'" + hostile + "'}");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'failure','summary':'" + hostile + "'}");
        trace.fork("r2", cp, "replay", "[{'id':'" + hostile + "','description':'" + hostile + "'}]");
        trace.add("r2", "harness", EventType.SESSION_END, "{'outcome':'success','matched':3,'diverged':1,'firstDivergence':"
                + "{'eventId':'" + hostile + "','expected':'" + hostile + "'},'recoveryTimeMs':1234.5,'replayComputeMs':800,'lostCostUsd':0.25}");
        List<Event> events = trace.events();
        Bundle bundle = new Bundle("mem", new Manifest(1, "t-" + hostile, "Title " + hostile, Instant.parse("2026-01-01T00:00:00Z"),
                hostile, hostile), events, IntStream.rangeClosed(1, events.size()).toArray(), BlobSource.NONE);
        GateResult gate = Gate.check(List.of(bundle), ContractReader.read(SampleLibrary.CONTRACT), TrustedKeys.none());

        String html = PostmortemReport.render(bundle, ReportInputs.of(bundle, TrustedKeys.none(), gate));

        assertWellFormedReport(html, "hostile");
        assertThat(html).doesNotContainIgnoringCase("<script").doesNotContainIgnoringCase("<img").doesNotContain("\u0007");
        assertThat(html).contains("&lt;script&gt;alert(1)&lt;/script&gt;&lt;img src=x onerror=alert(2)&gt;");
        assertThat(section(html, "divergences")).contains("&lt;script&gt;")
                .contains("recovery 1234.5 ms, compute 800 ms, $0.25 lost").contains("<td>3</td><td>1</td>");
        assertThat(section(html, "timeline")).contains("agent:&lt;b&gt;");
    }

    @Test
    void decisionsShowTheirSignerAndTrust() throws Exception {
        List<Path> copies = SampleLibrary.copy(temp.resolve("bundles"));
        OwnerKeys keys = new OwnerKeys(temp.resolve("owners"));
        SampleLibrary.decideEverything(copies, keys, "dana");
        String fingerprint = keys.loadOrCreate("dana").publicKeyFile().fingerprint();
        Path permissionEscalation = copies.get(SampleLibrary.RECORDED.indexOf("permission-escalation"));
        try (Bundle bundle = BundleReader.read(permissionEscalation)) {
            String trusted = section(PostmortemReport.render(bundle, ReportInputs.of(bundle, keys.trustedKeys(), null)), "escapes");
            assertThat(trusted).doesNotContain("undecided").contains(fingerprint.substring(0, 23))
                    .contains("<span class=\"badge verdict\">deny</span> by dana");
            assertThat(count(trusted, "badge outcome-success\">trusted<")).isEqualTo(6 + 6);
            String untrusted = section(PostmortemReport.render(bundle, ReportInputs.of(bundle, TrustedKeys.none(), null)), "escapes");
            assertThat(count(untrusted, ">untrusted key<")).isEqualTo(6 + 6);
        }
    }

    @Test
    void spendNothingRecordsIsUnknownAndTotalsSayTheyAreTotals() throws Exception {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{'model':{'model':'m'},'environment':{'image':'i'}}");
        trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m'}");
        trace.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'c1','tool':'sh','effect':'read'}");
        trace.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'c1','exitCode':1}", "r1.3");
        trace.add("r1", "harness", EventType.SESSION_END, "{'outcome':'failure'}");
        trace.add("r2", "harness", EventType.SESSION_START, "{'model':{'model':'m'},'environment':{'image':'i'}}");
        trace.add("r2", "agent:a", EventType.MODEL_CALL, "{'model':'m'}");
        trace.add("r2", "harness", EventType.SESSION_END,
                "{'outcome':'success','usage':{'inputTokens':1200,'outputTokens':80},'usageScope':'run-totals','costUsd':0.42}");
        List<Event> events = trace.events();
        Bundle bundle = new Bundle("mem", Manifest.of("spend", "spend", Instant.parse("2026-01-01T00:00:00Z"), "test"), events,
                IntStream.rangeClosed(1, events.size()).toArray(), BlobSource.NONE);
        String html = PostmortemReport.render(bundle, ReportInputs.of(bundle, TrustedKeys.none(), null));
        assertWellFormedReport(html, "spend");
        String runs = html.substring(html.indexOf("<h3>Runs</h3>"));
        runs = runs.substring(0, runs.indexOf("</table>"));
        String r1 = runs.substring(runs.indexOf("<code>r1</code>"), runs.indexOf("</tr>", runs.indexOf("<code>r1</code>")));
        String r2 = runs.substring(runs.indexOf("<code>r2</code>"), runs.indexOf("</tr>", runs.indexOf("<code>r2</code>")));
        assertThat(r1).contains("<td>unknown</td><td>unknown</td>").doesNotContain("0 / 0").doesNotContain("$0.00");
        assertThat(r2).contains("<td>1200 / 80 (run totals)</td><td>$0.42 (run total)</td>");
        String incidents = html.substring(html.indexOf("<th>failing run</th>"), html.indexOf("</table>", html.indexOf("<th>failing run</th>")));
        assertThat(incidents).contains("<td>unknown</td><td>unknown</td><td>unknown</td>").doesNotContain("$0.00");
        assertThat(html).containsPattern("<span class=\"value\">unknown</span><span class=\"label\">model spend lost</span>");
    }

    @Test
    void aLargeTraceStaysALegiblePageWhateverItsLength() throws Exception {
        String shorter = PostmortemReport.render(largeTrace(3_000), ReportInputs.of(largeTrace(3_000), TrustedKeys.none(), null));
        Bundle longer = largeTrace(30_000);
        GateResult gate = Gate.check(List.of(longer), ContractReader.read(SampleLibrary.CONTRACT), TrustedKeys.none());
        String html = PostmortemReport.render(longer, ReportInputs.of(longer, TrustedKeys.none(), gate));
        for (String page : List.of(shorter, html)) {
            assertWellFormedReport(page, "large");
            String timeline = section(page, "timeline");
            assertThat(count(timeline, "class=\"span ")).as("no mark per event").isZero();
            assertThat(count(timeline, "class=\"mark-model\"")).isZero();
            assertThat(count(timeline, "class=\"slice ")).as("a bar per lane and slice").isBetween(300, 3 * 300);
            assertThat(count(timeline, "class=\"mark-escape\"")).as("the one escape attempt, in the harness lane").isOne();
            assertThat(timeline).as("the calls' effect class").containsPattern("class=\"slice density-[1-4] effect-read\"><title>[^<]*"
                    + "tool calls \\(\\d+ read\\)");
            Matcher width = Pattern.compile("<svg class=\"timeline\"[^>]* width=\"(\\d+)\"").matcher(page);
            assertThat(width.find()).isTrue();
            assertThat(Integer.parseInt(width.group(1))).isLessThan(1800);
        }
        assertThat(section(html, "timeline").length()).as("ten times the events, about the same timeline")
                .isLessThan(section(shorter, "timeline").length() * 3 / 2);
        String last = longer.events().getLast().id();
        assertThat(section(html, "timeline")).containsPattern("– " + Pattern.quote(last) + " · [0-9,]+ events: [^<]*failure");

        String failures = section(html, "failures");
        assertThat(count(failures, "<td>failed-tool-result</td>")).isEqualTo(PostmortemReport.FAILURE_ROWS);
        assertThat(failures).contains("3,000 failing events", "Not listed: 2,800 × run r1: failed-tool-result.");
        String gateSection = section(html, "gate");
        assertThat(gateSection).as("a clause with thousands of pieces of evidence").containsPattern("and [0-9,]{5,} more: <code>forkline gate</code>");
        for (String clause : gateSection.split("<tr>")) {
            assertThat(count(clause, "<span class=\"dim\">")).isLessThanOrEqualTo(PostmortemReport.EVIDENCE_ROWS + 1);
        }
        assertThat(html.length()).isLessThan(1_500_000);
    }

    /** A run of {@code calls} model calls, tool calls and results, every tenth result failing, an escape attempt midway. */
    private static Bundle largeTrace(int calls) {
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{'model':{'model':'m'},'environment':{'image':'i'}}");
        for (int i = 0; i < calls; i++) {
            trace.add("r1", "agent:a", EventType.MODEL_CALL, "{'model':'m','usage':{'inputTokens':10,'outputTokens':1},'costUsd':0.001}");
            Event call = trace.add("r1", "agent:a", EventType.TOOL_CALL, "{'callId':'c" + i + "','tool':'sh','effect':'read'}");
            trace.add("r1", "sandbox", EventType.TOOL_RESULT, "{'callId':'c" + i + "','exitCode':" + (i % 10 == 9 ? 1 : 0) + "}", call.id());
            if (i == calls / 2) {
                trace.add("r1", "harness", EventType.ESCAPE_ATTEMPT, "{'boundary':'network','attempt':'curl','blocked':true}");
            }
        }
        List<Event> events = trace.events();
        return new Bundle("mem", Manifest.of("big", "big", Instant.parse("2026-01-01T00:00:00Z"), "test"), events,
                IntStream.rangeClosed(1, events.size()).toArray(), BlobSource.NONE);
    }

    @ParameterizedTest
    @EnumSource(Alteration.class)
    void theReportOfAnAlteredTraceOpensWithItsVerdict(Alteration alteration) throws Exception {
        OwnerKeys owner = new OwnerKeys(temp.resolve("owner"));
        Altered altered = AlteredSamples.alter(AlteredSamples.WRONG_TOOL_CALL, temp.resolve("altered"), alteration, owner,
                new OwnerKeys(temp.resolve("forger")));
        try (Bundle bundle = BundleReader.read(altered.bundle())) {
            String html = PostmortemReport.render(bundle, ReportInputs.of(bundle, owner.trustedKeys(), null));
            assertWellFormedReport(html, alteration.name());
            assertThat(html.indexOf("<section id=")).as("the first section").isEqualTo(html.indexOf("<section id=\"integrity\">"));
            String integrity = section(html, "integrity");
            assertThat(integrity).contains("<p class=\"verdict bad\"><span class=\"badge verdict\">" + alteration.expected().label() + "</span>")
                    .contains(altered.eventId() + " (line " + altered.line() + ")")
                    .contains("<tr><td><code>" + altered.eventId() + "</code></td><td>" + altered.line() + "</td>");
        }
    }

    @Test
    void anIntactTraceSaysSoAndAForeignOneIsNotSigned() throws Exception {
        try (Bundle bundle = BundleReader.read(AlteredSamples.WRONG_TOOL_CALL)) {
            String integrity = section(PostmortemReport.render(bundle, ReportInputs.of(bundle, TrustedKeys.none(), null)), "integrity");
            assertThat(integrity).contains("<p class=\"verdict ok\"><span class=\"badge verdict\">intact</span> Intact: every hash")
                    .doesNotContain("<table>");
        }
        TraceBuilder trace = new TraceBuilder();
        trace.add("r1", "harness", EventType.SESSION_START, "{}");
        List<Event> events = trace.events();
        Bundle foreign = new Bundle("mem", new Manifest(1, "t-foreign", "foreign", Instant.parse("2026-01-01T00:00:00Z"), "test",
                "claude-code"), events, IntStream.rangeClosed(1, events.size()).toArray(), BlobSource.NONE);
        String integrity = section(PostmortemReport.render(foreign, ReportInputs.of(foreign, TrustedKeys.none(), null)), "integrity");
        assertThat(integrity).contains("<p class=\"verdict note\"><span class=\"badge verdict\">not signed</span>")
                .contains("Imported from <code>claude-code</code>");
    }

    /** Loose checks: one section per id, in order, tags balanced for the structural elements, nothing external. */
    static void assertWellFormedReport(String html, String name) {
        assertThat(html).as(name).startsWith("<!DOCTYPE html>").endsWith("</html>\n");
        int previous = -1;
        for (String id : SECTION_IDS) {
            Matcher matcher = Pattern.compile("<section id=\"" + id + "\">").matcher(html);
            assertThat(matcher.find()).as(name + " has section " + id).isTrue();
            assertThat(matcher.start()).as(name + " section order " + id).isGreaterThan(previous);
            previous = matcher.start();
            assertThat(matcher.find()).as(name + " has one section " + id).isFalse();
        }
        for (String tag : List.of("section", "table", "svg", "ul", "li", "tr", "td", "dl")) {
            assertThat(count(html, "<" + tag + "[ >]")).as(name + " balanced <" + tag + ">").isEqualTo(count(html, "</" + tag + ">"));
        }
        assertThat(html).as(name + " loads nothing external").doesNotContainIgnoringCase("<script")
                .doesNotContainIgnoringCase("<link").doesNotContain("url(", "@import");
        assertThat(Pattern.compile("<[^>]*\\s(src|href)\\s*=", Pattern.CASE_INSENSITIVE).matcher(html).find())
                .as(name + " has no src or href attribute").isFalse();
        assertThat(html).contains("@media print");
    }

    private static int count(String html, String regex) {
        Matcher matcher = Pattern.compile(regex).matcher(html);
        int count = 0;
        while (matcher.find()) {
            count++;
        }
        return count;
    }

    static String section(String html, String id) {
        int start = html.indexOf("<section id=\"" + id + "\">");
        return html.substring(start, html.indexOf("</section>", start));
    }
}
