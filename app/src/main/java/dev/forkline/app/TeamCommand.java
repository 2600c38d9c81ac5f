package dev.forkline.app;

import dev.forkline.trace.decision.PublicKeyFile;
import dev.forkline.trace.decision.TrustedKeys;
import dev.forkline.trace.store.TeamDatabase;
import dev.forkline.trace.store.TeamPush;
import dev.forkline.trace.store.TraceStore;
import dev.forkline.trace.store.TrustedOwnerKey;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code forkline team ...}: a team store's roles, its trusted owner keys, and moving local traces into it (docs/scale.md). */
@Command(name = "team", mixinStandardHelpOptions = true,
        description = "A team store (PostgreSQL): who may do what, which owner keys it trusts, pushing local traces into it.",
        subcommands = {TeamCommand.Init.class, TeamCommand.Trust.class, TeamCommand.Keys.class, TeamCommand.Push.class})
final class TeamCommand {

    @Command(name = "init", mixinStandardHelpOptions = true,
            description = "Set up the team store's PostgreSQL roles and grants (run as its administrator, the role that owns"
                    + " Forkline's tables): forkline_reviewer reads, imports and adds replay results and notes; forkline_owner"
                    + " also decides, deletes and holds. Run again after upgrading Forkline, or to add people.")
    static final class Init implements Callable<Integer> {
        @Mixin
        DatabaseOption database;
        @Option(names = "--owner", paramLabel = "ROLE", description = "An existing login role to make an owner (repeatable).")
        List<String> owners = List.of();
        @Option(names = "--reviewer", paramLabel = "ROLE", description = "An existing login role to make a reviewer (repeatable).")
        List<String> reviewers = List.of();
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            try (TraceStore store = database.open()) {
                for (String line : store.initTeam(owners, reviewers)) {
                    spec.commandLine().getOut().println(line);
                }
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "trust", mixinStandardHelpOptions = true,
            description = "Trust an owner's public key (the output of 'forkline keys export') for her decisions in this store,"
                    + " recording who added it and when. In a team store only its administrator may.")
    static final class Trust implements Callable<Integer> {
        @Mixin
        DatabaseOption database;
        @Option(names = "--owner", required = true, paramLabel = "NAME", description = "The owner the key signs for.")
        String owner;
        @Option(names = "--key", required = true, paramLabel = "PUBFILE", description = "The exported public key file.")
        Path keyFile;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            PublicKeyFile key;
            try {
                key = PublicKeyFile.parse(Files.readString(keyFile, StandardCharsets.UTF_8), keyFile.toString(), owner);
            } catch (IllegalArgumentException e) {
                throw new UserInputException(e.getMessage());
            }
            if (!key.owner().equals(owner)) {
                throw new UserInputException(keyFile + " is " + key.owner() + "'s key, not " + owner + "'s: nothing trusted");
            }
            try (TraceStore store = database.open()) {
                boolean added = store.trustOwnerKey(key, Operator.name());
                spec.commandLine().getOut().printf("%s: %s's key %s %s%n", store.address(), owner, key.fingerprint(),
                        added ? "is trusted now" : "was trusted already");
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "keys", mixinStandardHelpOptions = true, description = "List the owner keys the store trusts: owner,"
            + " fingerprint, who added it, when.")
    static final class Keys implements Callable<Integer> {
        @Mixin
        DatabaseOption database;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            try (TraceStore store = database.open()) {
                var out = spec.commandLine().getOut();
                for (TrustedOwnerKey key : store.trustedOwnerKeys()) {
                    out.printf("%s\t%s\t%s\t%s%n", key.owner(), key.fingerprint(), key.addedBy(), key.addedAt());
                }
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "push", mixinStandardHelpOptions = true,
            description = "Copy every local trace, with its decisions, into the team store: idempotent (a trace it holds already"
                    + " is unchanged; decisions taken since are appended), each verified on arrival (content digest, hash chains,"
                    + " decision signatures against the team's trusted keys). A trace that differs there is reported (exit 1).")
    static final class Push implements Callable<Integer> {
        @Option(names = "--db", paramLabel = "H2FILE", description = "The local store to push from (default: your own H2 file).")
        Path localFile;
        @Option(names = "--to", paramLabel = "URL",
                description = "The team store postgresql://USER@HOST[:PORT]/DB (default: $" + DatabaseOption.VARIABLE + ").")
        String teamStore;
        @Mixin
        TrustedKeyOptions trust;
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() throws Exception {
            String to = teamStore != null ? teamStore : System.getenv(DatabaseOption.VARIABLE);
            if (!TeamDatabase.isAddress(to)) {
                throw new UserInputException("team push copies into a team store: give --to postgresql://USER@HOST[:PORT]/DB"
                        + " (or set " + DatabaseOption.VARIABLE + " to one)" + (to == null ? "" : ", not '" + to + "'"));
            }
            String from = localFile != null ? localFile.toAbsolutePath().toString() : TraceStore.defaultLocation().toString();
            var out = spec.commandLine().getOut();
            var err = spec.commandLine().getErr();
            int conflicts = 0;
            try (TraceStore local = TraceStore.open(from); TraceStore team = TraceStore.open(to)) {
                TrustedKeys trusted = TrustedKeys.fromFiles(trust.keyFiles);
                for (TeamPush.Pushed pushed : TeamPush.push(local, team, trusted, each -> { })) {
                    if (pushed.conflicted()) {
                        conflicts++;
                        err.println("forkline: " + pushed.conflict() + ": not pushed");
                    } else {
                        out.printf("%s\t%s\t%s%n", pushed.traceId(), pushed.status().name().toLowerCase(java.util.Locale.ROOT),
                                pushed.verdict() == null ? "unverified" : pushed.verdict().status().wireName());
                    }
                }
            }
            out.flush();
            err.flush();
            return conflicts == 0 ? ExitCodes.OK : ExitCodes.CHECK_FAILED;
        }
    }
}
