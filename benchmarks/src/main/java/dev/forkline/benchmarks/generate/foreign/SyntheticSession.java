package dev.forkline.benchmarks.generate.foreign;

import dev.forkline.benchmarks.generate.TextMaker;
import java.time.Instant;
import java.util.SplittableRandom;

/**
 * The synthetic agent run every foreign format is written from, deterministic from a seed: agents taking turns, each a
 * model response (sometimes with reasoning) that calls one tool, and the tool's result; about one result in twelve
 * fails, one in twenty is a long log (4 to 16 KB), the others 100 to 600 bytes, as in {@code TraceGenerator}'s bundle.
 */
public final class SyntheticSession {

    /** The tools a turn calls, with how a formats' writer names them. */
    public enum Tool { SHELL, READ, SEARCH }

    /**
     * One turn.
     *
     * @param number   1-based
     * @param agent    0-based agent taking the turn
     * @param thinking reasoning text, or null when the response has none
     * @param said     the response's text before its tool call
     * @param command  what the tool is asked (a shell command, a path or a pattern)
     * @param output   what the tool answered
     * @param failed   whether the call failed (exit code 2)
     */
    public record Turn(int number, int agent, Instant requested, Instant answered, Instant returned, String model, String thinking,
                       String said, Tool tool, String command, String output, boolean failed, int inputTokens, int outputTokens,
                       int cacheReadTokens, int cacheWriteTokens, int latencyMs) {

        public String callId() {
            return "call_" + Integer.toString(number, 36) + "x" + Integer.toHexString(number * 0x9E3779B1);
        }
    }

    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private final SplittableRandom random;
    /** Words and test logs drawn from the same random sequence. */
    private final TextMaker text;
    private final int agents;
    private Instant clock = START;
    private int turns;

    public SyntheticSession(long seed, int agents) {
        this.random = new SplittableRandom(seed);
        this.text = new TextMaker(random);
        this.agents = agents;
    }

    public static Instant start() {
        return START;
    }

    public Turn next() {
        int number = ++turns;
        Instant requested = tick(200, 2000);
        int latency = 300 + random.nextInt(4000);
        Instant answered = requested.plusMillis(latency);
        clock = answered;
        int toolRoll = random.nextInt(10);
        Tool tool = toolRoll < 7 ? Tool.SHELL : toolRoll < 9 ? Tool.READ : Tool.SEARCH;
        String command = switch (tool) {
            case SHELL -> "make test TARGET=" + words(1) + " && git status --short";
            case READ -> "/workspace/bench/src/module" + random.nextInt(17) + "/File" + random.nextInt(200) + ".java";
            case SEARCH -> words(1) + "_" + random.nextInt(100);
        };
        boolean failed = random.nextInt(12) == 0;
        String output = failed ? "error: " + words(8) + "\n" + log(100 + random.nextInt(300))
                : log(random.nextInt(20) == 0 ? 4000 + random.nextInt(12000) : 100 + random.nextInt(500));
        Instant returned = tick(20, 5000);
        return new Turn(number, random.nextInt(agents), requested, answered, returned, "bench-model",
                random.nextInt(3) == 0 ? words(15 + random.nextInt(40)) : null, words(10 + random.nextInt(50)), tool, command, output,
                failed, 1000 + random.nextInt(30000), 50 + random.nextInt(900), random.nextInt(20000), random.nextInt(2000), latency);
    }

    /** A user's prompt, now and then between turns. */
    public String prompt() {
        return "Please " + words(8 + random.nextInt(20)) + ".";
    }

    public boolean promptNow() {
        return random.nextInt(40) == 0;
    }

    public Instant now() {
        return clock;
    }

    private Instant tick(int min, int spread) {
        clock = clock.plusMillis(min + random.nextInt(spread));
        return clock;
    }

    private String words(int count) {
        return text.words(count);
    }

    private String log(int bytes) {
        return text.log(bytes);
    }
}
