package dev.forkline.app;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Event;
import dev.forkline.trace.Json;
import dev.forkline.trace.bundle.Bundle;
import dev.forkline.trace.decide.AlteredTraceException;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.KeyProtection;
import dev.forkline.trace.decision.OwnerKey;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.Verdict;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "decide", mixinStandardHelpOptions = true,
        description = "Record a human decision about an escape (approval request, escape attempt or external effect): "
                + "appends a signed approval.decision event to the bundle, durable before this command returns. The bundle is "
                + "verified first: on an altered trace the decision is refused (exit 1, naming the first bad event and line) "
                + "unless --accept-altered says you decide knowing it, which the decision then records.")
final class DecideCommand implements Callable<Integer> {

    @Parameters(paramLabel = "BUNDLE", description = "An unpacked bundle directory.")
    Path bundle;

    @Option(names = "--event", required = true, paramLabel = "ID", description = "The event decided about.")
    String event;

    @ArgGroup(exclusive = true, multiplicity = "1")
    VerdictChoice verdict;

    static final class VerdictChoice {
        @Option(names = "--approve", description = "Allow it (an external effect may be re-fired on replay).")
        boolean approve;
        @Option(names = "--deny", description = "Refuse it (stays stubbed on replay).")
        boolean deny;
        @Option(names = "--escalate", description = "Hand it to someone else; it stays in the queue.")
        boolean escalate;
        @Option(names = "--terminate", description = "Stop the run.")
        boolean terminate;
        @Option(names = "--modify", paramLabel = "JSON", description = "Allow it with these arguments instead (a JSON object).")
        String modify;
    }

    @Option(names = "--treat-as", paramLabel = "done|failed",
            description = "For an external effect whose outcome is unknown: settle it as done or failed, so a replay goes on without re-firing it.")
    String treatAs;

    @Option(names = "--reason", required = true, paramLabel = "TEXT", description = "Why: kept in the trace for whoever reads it later.")
    String reason;

    @Option(names = "--owner", required = true, paramLabel = "NAME",
            description = "Who decides; signs with this owner's key, set up with 'forkline keys init' and unlocked with its passphrase "
                    + "(asked on the terminal).")
    String owner;

    @Option(names = "--passphrase-file", paramLabel = "FILE",
            description = "Read the key's passphrase from FILE's first line (mode 600) instead of the terminal; or set "
                    + Passphrases.ENVIRONMENT + ". For CI only: whoever can read the file or the environment can sign as the owner "
                    + "(docs/decisions.md).")
    Path passphraseFile;

    @Option(names = "--json", description = "Print the recorded event as JSON.")
    boolean json;

    @Option(names = "--accept-altered",
            description = "Decide even though the trace is altered; the signed decision records that you saw it as altered "
                    + "(where it first breaks, how many problems, whether the decided event comes after the break).")
    boolean acceptAltered;

    @Option(names = "--db", paramLabel = "PATH|URL",
            description = "Also record the decision in this store (default: $FORKLINE_DB if set) when it holds the bundle's trace,"
                    + " first: when someone decided the same event there meanwhile, nothing is recorded anywhere and you are told"
                    + " who decided and when (exit 2).")
    String database;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        Decision decision;
        try {
            decision = verdict.modify != null
                    ? Decision.modify(event, owner, reason, parseArguments(verdict.modify))
                    : Decision.of(event, chosenVerdict(), owner, reason);
            if (treatAs != null) {
                decision = decision.treatedAs(treatAs);
            }
        } catch (IllegalArgumentException e) {
            throw new UserInputException(e.getMessage());
        }
        OwnerKey key = unlock(decision.owner());
        Event recorded;
        try (StoredDecisions store = StoredDecisions.open(database, bundle)) {
            recorded = new DecisionRecorder(key).record(bundle, decision,
                    acceptAltered ? DecisionRecorder.OnAlteredTrace.ACKNOWLEDGE : DecisionRecorder.OnAlteredTrace.REFUSE,
                    store::record);
        } catch (AlteredTraceException e) {
            var err = spec.commandLine().getErr();
            err.println("forkline: " + IntegrityMessages.firstProblem(bundle.resolve(Bundle.EVENTS).toString(),
                    e.verdict()) + ": nothing recorded; a decision on an altered trace needs --accept-altered (the decision then "
                    + "records that you saw the trace as altered)");
            err.flush();
            return ExitCodes.CHECK_FAILED;
        }
        boolean onAltered = Decision.fromEvent(recorded).acknowledgedAltered() != null;
        var out = spec.commandLine().getOut();
        if (json) {
            out.println(dev.forkline.trace.EventCodec.toLine(recorded));
        } else {
            out.printf("%s: %s %s by %s recorded as %s (signed, on disk%s)%n", bundle, decision.verdict().wireName(), event, owner, recorded.id(),
                    onAltered ? "; on an altered trace, acknowledged" : "");
        }
        out.flush();
        return ExitCodes.OK;
    }

    /** The owner's key, unlocked with her passphrase; no key is ever created here, and an unprotected one is refused. */
    private OwnerKey unlock(String owner) throws java.io.IOException {
        OwnerKeys ring = KeyRing.open();
        if (ring.protection(owner) != KeyProtection.PASSPHRASE) {
            ring.unlock(owner, new char[0]); // throws: no key (set one up), or not protected (protect it first)
        }
        char[] passphrase = Passphrases.of(passphraseFile).toUnlock(owner);
        try {
            return ring.unlock(owner, passphrase);
        } finally {
            java.util.Arrays.fill(passphrase, '\0');
        }
    }

    private Verdict chosenVerdict() {
        if (verdict.approve) {
            return Verdict.APPROVE;
        }
        if (verdict.deny) {
            return Verdict.DENY;
        }
        return verdict.escalate ? Verdict.ESCALATE : Verdict.TERMINATE;
    }

    private static ObjectNode parseArguments(String text) {
        try {
            JsonNode node = Json.MAPPER.readTree(text);
            if (node instanceof ObjectNode object) {
                return object;
            }
        } catch (com.fasterxml.jackson.core.JsonProcessingException e) {
            throw new UserInputException("--modify: invalid JSON: " + e.getOriginalMessage());
        }
        throw new UserInputException("--modify: the new arguments must be a JSON object");
    }
}
