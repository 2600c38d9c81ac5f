package dev.forkline.benchmarks.generate;

import java.nio.charset.StandardCharsets;
import java.util.SplittableRandom;

/** Deterministic source-code-like and log-like text, so blobs and outputs look (and compress) like real ones. */
public final class TextMaker {

    private static final String[] WORDS = {
        "return", "final", "value", "index", "request", "result", "config", "handler", "buffer", "stream", "parse",
        "client", "server", "retry", "timeout", "error", "token", "model", "state", "event", "append", "commit",
        "import", "export", "string", "count", "check", "assert", "build", "test", "module", "cache", "read", "write",
        "open", "close", "path", "file", "line", "node", "tree", "graph", "queue", "lock", "task", "agent", "tool",
    };

    private final SplittableRandom random;

    public TextMaker(SplittableRandom random) {
        this.random = random;
    }

    public String words(int count) {
        StringBuilder text = new StringBuilder(count * 7);
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                text.append(' ');
            }
            text.append(WORDS[random.nextInt(WORDS.length)]);
        }
        return text.toString();
    }

    /** About {@code bytes} bytes of code-like lines. */
    String code(int bytes) {
        StringBuilder text = new StringBuilder(bytes + 80);
        int line = 1;
        while (text.length() < bytes) {
            text.append("    ".repeat(random.nextInt(4))).append(WORDS[random.nextInt(WORDS.length)]).append('_')
                    .append(line++).append(" = ").append(words(2 + random.nextInt(6))).append(";\n");
        }
        return text.toString();
    }

    byte[] codeBytes(int bytes) {
        return code(bytes).getBytes(StandardCharsets.UTF_8);
    }

    /** Test-runner-like output of about {@code bytes} bytes. */
    public String log(int bytes) {
        StringBuilder text = new StringBuilder(bytes + 80);
        while (text.length() < bytes) {
            text.append(random.nextInt(10) == 0 ? "FAIL " : "ok   ").append(words(3).replace(' ', '/')).append(' ')
                    .append(random.nextInt(2000)).append("ms\n");
        }
        return text.toString();
    }
}
