package dev.forkline.reliability;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;

/**
 * Hostile changes to a trace file: truncation, bit flips, huge lines, strings and numbers, deep nesting, invalid UTF-8,
 * duplicated, lost and reordered lines (duplicate and missing ids), and parent-link cycles ({@link LinkMutator}).
 * Deterministic for a given {@link Random}.
 */
final class ByteMutator {

    private static final int HUGE_LINE_BYTES = 3 * 1024 * 1024;
    private static final byte[][] INVALID_UTF8 = {
            {(byte) 0xFF}, {(byte) 0xC0, (byte) 0x80}, {(byte) 0xED, (byte) 0xA0, (byte) 0x80}, {(byte) 0xC3},
            {(byte) 0xF8, (byte) 0x88, (byte) 0x80, (byte) 0x80, (byte) 0x80}, {(byte) 0xE2, (byte) 0x82}, {(byte) 0x80}};

    private ByteMutator() {
    }

    static Mutation mutate(byte[] original, Random random) {
        int choice = random.nextInt(16);
        return switch (choice) {
            case 0 -> truncate(original, random);
            case 1, 2 -> flipBits(original, random);
            case 3 -> insertHugeLine(original, random);
            case 4 -> hugeNumber(original, random);
            case 5 -> deepNesting(original, random);
            case 6, 7 -> invalidUtf8(original, random);
            case 8 -> duplicateLine(original, random);
            case 9 -> deleteLine(original, random);
            case 10 -> swapLines(original, random);
            case 11 -> hugeString(original, random);
            case 12, 13, 14 -> LinkMutator.mutate(original, random).orElseGet(() -> flipBits(original, random));
            default -> oddities(original, random);
        };
    }

    static Mutation truncate(byte[] original, Random random) {
        int at = original.length == 0 ? 0 : random.nextInt(original.length);
        return new Mutation("truncated at byte " + at + " of " + original.length, Arrays.copyOf(original, at));
    }

    static Mutation flipBits(byte[] original, Random random) {
        byte[] bytes = original.clone();
        int flips = 1 + random.nextInt(16);
        for (int i = 0; i < flips && bytes.length > 0; i++) {
            bytes[random.nextInt(bytes.length)] ^= (byte) (1 << random.nextInt(8));
        }
        return new Mutation(flips + " bit flips", bytes);
    }

    static Mutation insertHugeLine(byte[] original, Random random) {
        int at = lineStart(original, random);
        byte[] line;
        if (random.nextBoolean()) {
            line = ("{\"type\":\"user\",\"uuid\":\"huge\",\"message\":\"" + "A".repeat(HUGE_LINE_BYTES) + "\"}\n").getBytes(StandardCharsets.UTF_8);
        } else {
            line = ("x".repeat(HUGE_LINE_BYTES) + "\n").getBytes(StandardCharsets.UTF_8);
        }
        return new Mutation("huge line (" + line.length + " bytes) at byte " + at, splice(original, at, 0, line));
    }

    static Mutation hugeNumber(byte[] original, Random random) {
        List<Integer> digits = positionsOf(original, b -> b >= '0' && b <= '9');
        String number = switch (random.nextInt(4)) {
            case 0 -> "9".repeat(5000);
            case 1 -> "1e999999999";
            case 2 -> "-0.0000000000000000000000000000000000000000001e-999999";
            default -> "18446744073709551617";
        };
        int at = digits.isEmpty() ? 0 : digits.get(random.nextInt(digits.size()));
        return new Mutation("huge number " + abbreviate(number) + " at byte " + at,
                splice(original, at, 1, number.getBytes(StandardCharsets.US_ASCII)));
    }

    static Mutation deepNesting(byte[] original, Random random) {
        int depth = 1000 + random.nextInt(50_000);
        List<Integer> colons = positionsOf(original, b -> b == ':');
        int at = colons.isEmpty() ? 0 : colons.get(random.nextInt(colons.size())) + 1;
        String nest = random.nextBoolean() ? "[".repeat(depth) : "{\"a\":".repeat(depth);
        return new Mutation("nesting " + depth + " deep at byte " + at, splice(original, at, 0, nest.getBytes(StandardCharsets.US_ASCII)));
    }

    static Mutation invalidUtf8(byte[] original, Random random) {
        byte[] bad = INVALID_UTF8[random.nextInt(INVALID_UTF8.length)];
        List<Integer> quotes = positionsOf(original, b -> b == '"');
        int at = quotes.isEmpty() || original.length == 0 ? 0 : quotes.get(random.nextInt(quotes.size())) + 1;
        return new Mutation("invalid UTF-8 " + hex(bad) + " at byte " + at, splice(original, at, 0, bad));
    }

    static Mutation duplicateLine(byte[] original, Random random) {
        List<byte[]> lines = lines(original);
        int i = random.nextInt(lines.size());
        lines.add(random.nextInt(lines.size() + 1), lines.get(i));
        return new Mutation("line " + (i + 1) + " duplicated", join(lines));
    }

    static Mutation deleteLine(byte[] original, Random random) {
        List<byte[]> lines = lines(original);
        int i = random.nextInt(lines.size());
        lines.remove(i);
        return new Mutation("line " + (i + 1) + " deleted", join(lines));
    }

    static Mutation swapLines(byte[] original, Random random) {
        List<byte[]> lines = lines(original);
        int a = random.nextInt(lines.size());
        int b = random.nextInt(lines.size());
        byte[] kept = lines.get(a);
        lines.set(a, lines.get(b));
        lines.set(b, kept);
        return new Mutation("lines " + (a + 1) + " and " + (b + 1) + " swapped", join(lines));
    }

    static Mutation hugeString(byte[] original, Random random) {
        List<Integer> quotes = positionsOf(original, b -> b == '"');
        int at = quotes.isEmpty() ? 0 : quotes.get(random.nextInt(quotes.size())) + 1;
        byte[] filler = ("\\u00e9" + "z".repeat(HUGE_LINE_BYTES)).getBytes(StandardCharsets.US_ASCII);
        return new Mutation("huge string inserted at byte " + at, splice(original, at, 0, filler));
    }

    static Mutation oddities(byte[] original, Random random) {
        return switch (random.nextInt(6)) {
            case 0 -> new Mutation("empty file", new byte[0]);
            case 1 -> new Mutation("only whitespace", " \n\t\n\r\n".getBytes(StandardCharsets.US_ASCII));
            case 2 -> new Mutation("NUL bytes", splice(original, original.length / 2, 0, new byte[4096]));
            case 3 -> new Mutation("UTF-8 BOM prefix", splice(original, 0, 0, new byte[]{(byte) 0xEF, (byte) 0xBB, (byte) 0xBF}));
            case 4 -> new Mutation("CRLF line ends", new String(original, StandardCharsets.ISO_8859_1).replace("\n", "\r\n")
                    .getBytes(StandardCharsets.ISO_8859_1));
            default -> new Mutation("doubled", splice(original, original.length, 0, original));
        };
    }

    static byte[] splice(byte[] original, int at, int remove, byte[] insert) {
        at = Math.min(at, original.length);
        remove = Math.min(remove, original.length - at);
        ByteArrayOutputStream out = new ByteArrayOutputStream(original.length + insert.length);
        out.write(original, 0, at);
        out.writeBytes(insert);
        out.write(original, at + remove, original.length - at - remove);
        return out.toByteArray();
    }

    static List<byte[]> lines(byte[] bytes) {
        List<byte[]> lines = new ArrayList<>();
        int start = 0;
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                lines.add(Arrays.copyOfRange(bytes, start, i + 1));
                start = i + 1;
            }
        }
        if (start < bytes.length || lines.isEmpty()) {
            lines.add(Arrays.copyOfRange(bytes, start, bytes.length));
        }
        return lines;
    }

    static byte[] join(List<byte[]> lines) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (byte[] line : lines) {
            out.writeBytes(line);
            if (line.length > 0 && line[line.length - 1] != '\n') {
                out.write('\n');
            }
        }
        return out.toByteArray();
    }

    private static int lineStart(byte[] bytes, Random random) {
        List<Integer> starts = new ArrayList<>(List.of(0));
        for (int i = 0; i < bytes.length; i++) {
            if (bytes[i] == '\n') {
                starts.add(i + 1);
            }
        }
        return starts.get(random.nextInt(starts.size()));
    }

    private interface BytePredicate {
        boolean test(byte b);
    }

    private static List<Integer> positionsOf(byte[] bytes, BytePredicate predicate) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < bytes.length; i++) {
            if (predicate.test(bytes[i])) {
                positions.add(i);
            }
        }
        return positions;
    }

    private static String hex(byte[] bytes) {
        StringBuilder out = new StringBuilder();
        for (byte b : bytes) {
            out.append(String.format("%02X", b & 0xFF));
        }
        return out.toString();
    }

    private static String abbreviate(String text) {
        return text.length() <= 30 ? text : text.substring(0, 20) + "...(" + text.length() + " chars)";
    }
}
