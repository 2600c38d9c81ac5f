package dev.forkline.app;

import dev.forkline.live.LiveRoot;
import dev.forkline.live.LiveService;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.gate.Contract;
import dev.forkline.trace.gate.ContractException;
import dev.forkline.trace.gate.ContractReader;
import dev.forkline.trace.store.TraceStore;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.Callable;
import java.util.function.Function;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine.Model.CommandSpec;

@Command(name = "serve", mixinStandardHelpOptions = true,
        description = "Capture running agents: an OTLP/HTTP receiver (POST /v1/traces, protobuf or JSON, gzip accepted) and the "
                + "Claude Code hook endpoint (POST /v1/hooks/claude-code). Every span and hook event is on disk before it is "
                + "acknowledged and reaches the store within a moment; a tool call that the contract's escape rules name waits "
                + "for the owner's signed decision (forkline decide, or the window's escape queue). See docs/live.md.")
final class ServeCommand implements Callable<Integer> {

    /** Where a project keeps its own contract, used when --contract is not given. */
    static final String PROJECT_CONTRACT = ".forkline/contract.yaml";

    @Option(names = "--port", paramLabel = "PORT", defaultValue = "4318", description = "Port to listen on (default: ${DEFAULT-VALUE}, OTLP/HTTP's).")
    int port;

    @Option(names = "--listen", paramLabel = "ADDR", description = "Listen on this address instead of loopback (needs --token).")
    String listen;

    @Option(names = "--token", paramLabel = "TOKEN", description = "Require 'Authorization: Bearer TOKEN' on every request.")
    String token;

    @Option(names = "--contract", paramLabel = "FILE",
            description = "The recovery contract whose escapes: rules hold tool calls for the owner (default: the session's project's "
                    + PROJECT_CONTRACT + ", if any).")
    Path contract;

    @Option(names = "--live-dir", paramLabel = "DIR",
            description = "Where acknowledged spans and sessions are kept (default: $XDG_DATA_HOME/forkline/live, else ~/.local/share/forkline/live).")
    Path liveDir;

    @Mixin
    DatabaseOption database;

    @Mixin
    TrustedKeyOptions trust;

    @Spec
    CommandSpec spec;

    @Override
    public Integer call() throws Exception {
        if (listen != null && (token == null || token.isBlank())) {
            throw new UserInputException("--listen " + listen + " needs --token: anyone who reaches the port could write traces and hold tool calls");
        }
        InetAddress address = listen != null ? InetAddress.getByName(listen) : InetAddress.getLoopbackAddress();
        Contract given = contract != null ? readContract(contract) : null;
        LiveRoot root = liveDir != null ? new LiveRoot(liveDir) : LiveRoot.defaultRoot(System.getenv(), System.getProperty("user.home"));
        TrustedKeys extra = TrustedKeys.fromFiles(trust.keyFiles);
        LiveService.Settings settings = new LiveService.Settings(root, address, port, token,
                () -> trustedNow(extra), contracts(given), Path.of(System.getProperty("user.home")), 100);
        CountDownLatch stopped = new CountDownLatch(1);
        try (TraceStore store = database.open(); LiveService service = LiveService.start(store, settings)) {
            var out = spec.commandLine().getOut();
            out.printf("forkline serve: listening on http://%s:%d (OTLP/HTTP /v1/traces, Claude Code hooks /v1/hooks/claude-code); "
                    + "live data in %s; store %s%n", address.getHostAddress(), service.port(), root.directory(), store.describe());
            out.flush();
            Runtime.getRuntime().addShutdownHook(new Thread(stopped::countDown));
            stopped.await();
        }
        return ExitCodes.OK;
    }

    /** Read at each use: a key imported while serve runs is trusted at once. */
    private static TrustedKeys trustedNow(TrustedKeys extra) {
        try {
            return KeyRing.open().trustedKeys().and(extra);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read the owners' key ring: " + e.getMessage(), e);
        }
    }

    private static Function<Path, Optional<Contract>> contracts(Contract given) {
        if (given != null) {
            return project -> Optional.of(given);
        }
        return project -> {
            Path file = project.resolve(PROJECT_CONTRACT);
            if (!Files.isRegularFile(file)) {
                return Optional.empty();
            }
            try {
                return Optional.of(ContractReader.read(file));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (ContractException e) {
                throw new IllegalStateException(e.getMessage(), e);
            }
        };
    }

    private static Contract readContract(Path file) throws IOException {
        try {
            return ContractReader.read(file);
        } catch (ContractException e) {
            throw new UserInputException(e.getMessage());
        }
    }
}
