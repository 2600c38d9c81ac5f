package dev.forkline.app;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.sandbox.EngineUnavailableException;
import dev.forkline.replay.sandbox.ImageUnavailableException;
import dev.forkline.replay.sandbox.SandboxException;
import dev.forkline.replay.scenario.ScenarioException;
import dev.forkline.trace.HeapExhaustion;
import dev.forkline.trace.TraceFormatException;
import dev.forkline.trace.decision.DecisionRefusedException;
import dev.forkline.trace.decision.OwnerKeyUnavailableException;
import dev.forkline.trace.gate.ContractException;
import dev.forkline.trace.store.StoreException;
import dev.forkline.trace.store.StoreRefusedException;
import dev.forkline.trace.store.StoreUnavailableException;
import dev.forkline.trace.store.TraceConflictException;
import dev.forkline.trace.store.UnknownTraceException;
import java.io.IOException;
import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.NoSuchFileException;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import picocli.CommandLine;

/** Maps what a command throws onto the exit-code convention, with one clear line on stderr and never a stack trace. */
final class ErrorReporting implements CommandLine.IExecutionExceptionHandler, CommandLine.IParameterExceptionHandler {

    private static final Logger LOG = LoggerFactory.getLogger(ErrorReporting.class);

    @Override
    public int handleExecutionException(Exception failure, CommandLine commandLine, CommandLine.ParseResult parseResult) {
        var err = commandLine.getErr();
        Throwable cause = unwrap(failure);
        if (HeapExhaustion.causedBy(cause)) {
            return outOfMemory(err, cause);
        }
        int code = exitCodeFor(cause);
        if (cause instanceof SandboxException && !(cause instanceof ImageUnavailableException)) {
            LOG.warn("sandbox failure in '{}'", commandLine.getCommandName(), cause);
            err.println("forkline: sandbox failure: " + messageOf(cause));
        } else if (code == ExitCodes.INTERNAL_ERROR) {
            LOG.error("internal error in '{}'", commandLine.getCommandName(), cause);
            err.println("forkline: internal error: " + cause + " (details in " + Logs.logFile() + ")");
        } else {
            if (code == ExitCodes.ENVIRONMENT) {
                LOG.warn("'{}' failed", commandLine.getCommandName(), cause);
            }
            err.println("forkline: " + messageOf(cause));
        }
        err.flush();
        return code;
    }

    /** Java's heap was too small for the input: the environment's limit, said with how to raise it. */
    static int outOfMemory(java.io.PrintWriter err, Throwable cause) {
        LOG.warn("out of memory", cause);
        err.println("forkline: " + HeapExhaustion.message());
        err.flush();
        return ExitCodes.ENVIRONMENT;
    }

    @Override
    public int handleParseException(CommandLine.ParameterException problem, String[] args) {
        var err = problem.getCommandLine().getErr();
        err.println("forkline: " + problem.getMessage());
        CommandLine.UnmatchedArgumentException.printSuggestions(problem, err);
        err.println("Try '" + problem.getCommandLine().getCommandSpec().qualifiedName() + " --help'.");
        err.flush();
        return ExitCodes.BAD_INPUT;
    }

    /**
     * Bad input is what the user gave and can fix: a file (its format, a path that does not exist or cannot be written),
     * an option, a trace id. The environment is what the command needs and found missing or failing: the Docker
     * engine, the trace store, the disk. Anything else is a bug.
     */
    static int exitCodeFor(Throwable cause) {
        if (cause instanceof EnvironmentMissingException || cause instanceof EngineUnavailableException
                || cause instanceof ImageUnavailableException || cause instanceof StoreUnavailableException) {
            return ExitCodes.ENVIRONMENT;
        }
        if (cause instanceof TraceFormatException || cause instanceof UserInputException
                || cause instanceof ReplayInputException || cause instanceof DecisionRefusedException
                || cause instanceof ScenarioException || cause instanceof ContractException
                || cause instanceof UnknownTraceException || cause instanceof TraceConflictException
                || cause instanceof StoreRefusedException || cause instanceof OwnerKeyUnavailableException
                || cause instanceof FileSystemException || cause instanceof InvalidPathException) {
            return ExitCodes.BAD_INPUT;
        }
        if (cause instanceof StoreException || cause instanceof IOException || cause instanceof SandboxException) {
            return ExitCodes.ENVIRONMENT;
        }
        return ExitCodes.INTERNAL_ERROR;
    }

    static String messageOf(Throwable cause) {
        if (cause instanceof NoSuchFileException missing) {
            return missing.getFile() + ": no such file or directory";
        }
        if (cause instanceof AccessDeniedException denied) {
            return denied.getFile() + ": permission denied";
        }
        if (cause instanceof FileAlreadyExistsException exists) {
            return exists.getFile() + ": already exists" + (exists.getReason() == null ? "" : " (" + exists.getReason() + ")");
        }
        return cause.getMessage() == null ? cause.toString() : cause.getMessage();
    }

    private static Throwable unwrap(Throwable failure) {
        Throwable current = failure;
        while ((current instanceof java.util.concurrent.ExecutionException || current instanceof java.io.UncheckedIOException
                || current instanceof java.util.concurrent.CompletionException) && current.getCause() != null) {
            current = current.getCause();
        }
        return current;
    }
}
