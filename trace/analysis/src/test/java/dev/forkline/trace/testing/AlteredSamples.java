package dev.forkline.trace.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.forkline.trace.Hashes;
import dev.forkline.trace.Json;
import dev.forkline.trace.decide.DecisionRecorder;
import dev.forkline.trace.decision.Decision;
import dev.forkline.trace.decision.OwnerKeys;
import dev.forkline.trace.decision.Verdict;
import dev.forkline.trace.integrity.IntegrityStatus;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Altered copies of a recorded sample bundle, the ways tampering shows up, each with the event and line a verification
 * must name first. Decisions are made as {@value #OWNER} (the sample contract's owner) with the key rings given: the
 * owner's own ring (its keys are the trusted ones) and a forger's ring, whose "dana" key nobody trusts. For tests of
 * this module and the modules above it.
 */
public final class AlteredSamples {

    public static final Path SAMPLES = RepositoryFiles.resolve("sample-traces");
    /** 29 events: 17 in r1, then the fork r2. */
    public static final Path WRONG_TOOL_CALL = SAMPLES.resolve("wrong-tool-call");
    public static final String OWNER = "dana";
    public static final String RATIONALE = "the agent may not delete the tests";

    /** How a copy is altered. */
    public enum Alteration {
        /** A letter of the first tool call's arguments changed: its hash no longer matches. */
        CHANGED_BYTE,
        /** An event's prev points elsewhere (so its hash no longer matches either). */
        CHANGED_PREV,
        /** An event's line deleted: the next event's prev names a hash no event has. */
        DELETED_LINE,
        /** Two consecutive lines of one run swapped: the later seq comes first. */
        SWAPPED_LINES,
        /** The owner's signed decision, its rationale edited afterwards. */
        EDITED_DECISION,
        /** A decision in the owner's name signed with a key nobody trusts for her. */
        UNTRUSTED_DECISION,
        /** A note appended to the root run without a hash. */
        APPENDED_WITHOUT_HASH;

        /** What a verification with the owner's keys trusted concludes. */
        public IntegrityStatus expected() {
            return this == UNTRUSTED_DECISION ? IntegrityStatus.UNTRUSTED_DECISIONS : IntegrityStatus.ALTERED;
        }
    }

    /**
     * @param bundle  the altered copy
     * @param eventId the first bad event a verification names
     * @param line    its line in the altered trace.jsonl
     */
    public record Altered(Alteration alteration, Path bundle, String eventId, int line) {
    }

    private AlteredSamples() {
    }

    /** A copy of {@code sample} in {@code target}, altered; decisions are signed with {@code owner}'s or {@code forger}'s ring. */
    public static Altered alter(Path sample, Path target, Alteration alteration, OwnerKeys owner, OwnerKeys forger) throws IOException {
        DirectoryTrees.copy(sample, target);
        Path file = target.resolve("trace.jsonl");
        List<String> lines = new ArrayList<>(Files.readAllLines(file, StandardCharsets.UTF_8));
        int toolCall = firstLine(lines, "\"type\":\"tool.call\"");
        Altered altered = switch (alteration) {
            case CHANGED_BYTE -> {
                lines.set(toolCall, changeFirstLetterOfData(lines.get(toolCall)));
                yield new Altered(alteration, target, id(lines.get(toolCall)), toolCall + 1);
            }
            case CHANGED_PREV -> {
                int at = toolCall + 2;
                ObjectNode event = (ObjectNode) parse(lines.get(at));
                event.put("prev", Hashes.sha256("somewhere else".getBytes(StandardCharsets.UTF_8)));
                lines.set(at, Json.MAPPER.writeValueAsString(event));
                yield new Altered(alteration, target, id(lines.get(at)), at + 1);
            }
            case DELETED_LINE -> {
                int at = toolCall + 3;
                lines.remove(at);
                yield new Altered(alteration, target, id(lines.get(at)), at + 1);
            }
            case SWAPPED_LINES -> {
                int at = toolCall + 5;
                if (!run(lines.get(at)).equals(run(lines.get(at + 1)))) {
                    throw new IllegalStateException("lines " + (at + 1) + " and " + (at + 2) + " are not of one run");
                }
                String first = lines.get(at);
                lines.set(at, lines.get(at + 1));
                lines.set(at + 1, first);
                yield new Altered(alteration, target, id(first), at + 2);
            }
            case EDITED_DECISION -> {
                lines = decide(target, owner, id(lines.get(toolCall)));
                int at = lines.size() - 1;
                lines.set(at, lines.get(at).replace(RATIONALE, "the agent may delete the tests"));
                yield new Altered(alteration, target, id(lines.get(at)), at + 1);
            }
            case UNTRUSTED_DECISION -> {
                lines = decide(target, forger, id(lines.get(toolCall)));
                yield new Altered(alteration, target, id(lines.getLast()), lines.size());
            }
            case APPENDED_WITHOUT_HASH -> {
                String root = run(lines.getFirst());
                int last = lastLineOfRun(lines, root);
                JsonNode previous = parse(lines.get(last));
                ObjectNode note = Json.object();
                long seq = previous.get("seq").asLong() + 1;
                note.put("id", root + "." + seq).put("run", root).put("seq", seq).put("ts", previous.get("ts").asText())
                        .put("actor", "human:mallory").put("type", "note");
                note.putArray("causes");
                note.putArray("state");
                note.putObject("data").put("text", "all good here");
                note.put("prev", previous.get("hash").asText());
                lines.add(Json.MAPPER.writeValueAsString(note));
                yield new Altered(alteration, target, root + "." + seq, lines.size());
            }
        };
        Files.write(file, lines, StandardCharsets.UTF_8);
        return altered;
    }

    /** Records the owner's decision about {@code subject} with {@code ring}; the trace's lines afterwards. */
    private static List<String> decide(Path bundle, OwnerKeys ring, String subject) throws IOException {
        try {
            new DecisionRecorder(ring).record(bundle, Decision.of(subject, Verdict.DENY, OWNER, RATIONALE));
        } catch (dev.forkline.trace.TraceFormatException e) {
            throw new IOException(e);
        }
        return new ArrayList<>(Files.readAllLines(bundle.resolve("trace.jsonl"), StandardCharsets.UTF_8));
    }

    private static int firstLine(List<String> lines, String containing) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(containing)) {
                return i;
            }
        }
        throw new IllegalStateException("no line holds " + containing);
    }

    private static int lastLineOfRun(List<String> lines, String run) throws IOException {
        for (int i = lines.size() - 1; i >= 0; i--) {
            if (run(lines.get(i)).equals(run)) {
                return i;
            }
        }
        throw new IllegalStateException("no event of run " + run);
    }

    /** The first lower-case letter of the first string in {@code data} becomes another letter; the line stays valid JSON. */
    static String changeFirstLetterOfData(String line) {
        int data = line.indexOf("\"data\":{");
        for (int i = line.indexOf("\":\"", data) + 3; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c >= 'a' && c <= 'z') {
                return line.substring(0, i) + (c == 'x' ? 'y' : 'x') + line.substring(i + 1);
            }
        }
        throw new IllegalStateException("no letter to change in " + line);
    }

    private static JsonNode parse(String line) throws IOException {
        return Json.MAPPER.readTree(line);
    }

    private static String id(String line) throws IOException {
        return parse(line).get("id").asText();
    }

    private static String run(String line) throws IOException {
        return parse(line).get("run").asText();
    }
}
