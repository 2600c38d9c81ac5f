package dev.forkline.importers.support;

import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.JsonNode;
import dev.forkline.trace.Json;
import java.io.Closeable;
import java.io.IOException;
import java.util.Arrays;
import java.util.HashSet;
import java.util.Set;

/**
 * Taking a few members from a JSON line's object with a token parser ({@link Json}'s, so the same limits hold) instead of
 * building its tree. What is passed over is still checked as a tree reading checks it (syntax, numbers a double cannot
 * hold, a key repeated in any object), so a line that {@link JsonlRecords#parse} rejects is rejected here too: reading
 * it throws. Repeated keys are found by comparing each name with its object's earlier ones, not by the parser's own
 * detection, which makes a hash set for every object of three members or more.
 */
public final class LineTokens implements Closeable {

    private final JsonParser parser;
    private final int offset;
    private final MemberNames names = new MemberNames();

    private LineTokens(JsonParser parser, int offset) {
        this.parser = parser;
        this.offset = offset;
    }

    /**
     * The tokens of the line in {@code bytes[offset, offset + length)}, positioned inside its object; null when the line
     * does not open an object. The bytes must open plainly ({@link JsonlRecords#startsPlainly}).
     */
    public static LineTokens open(byte[] bytes, int offset, int length) throws IOException {
        JsonParser parser = Json.MAPPER.createParser(bytes, offset, length);
        parser.disable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
        if (parser.nextToken() != JsonToken.START_OBJECT) {
            parser.close();
            return null;
        }
        LineTokens tokens = new LineTokens(parser, offset);
        tokens.names.enter();
        return tokens;
    }

    /**
     * The name of the object's next member, whose value is then the current token; null after the last, the reading
     * then out of that object (the line's, or one stepped into with {@link #enterObject}).
     */
    public String nextMember() throws IOException {
        String name = parser.nextFieldName();
        if (name == null) {
            names.exit();
            return null;
        }
        checkNew(name);
        parser.nextToken();
        return name;
    }

    /**
     * Steps into the current value when it is an object: {@link #nextMember} then gives its members, checked as the
     * line's are. False, with nothing read, when it is not an object.
     */
    public boolean enterObject() {
        if (parser.currentToken() != JsonToken.START_OBJECT) {
            return false;
        }
        names.enter();
        return true;
    }

    /** Whether the current value is an array, whose elements {@link #nextElement} then gives. */
    public boolean isArray() {
        return parser.currentToken() == JsonToken.START_ARRAY;
    }

    /** Moves to the next element of the array the reading is in: false at its end (the reading then after it). */
    public boolean nextElement() throws IOException {
        JsonToken token = parser.nextToken();
        if (token == null) {
            throw new JsonEOFException(parser, null, "the line ends inside an array");
        }
        return token != JsonToken.END_ARRAY;
    }

    /** The current token: a member's value after {@link #nextMember}. */
    public JsonToken current() {
        return parser.currentToken();
    }

    /** Whether nothing follows the object on the line (a second value makes the line damaged); call after the last member. */
    public boolean endsHere() throws IOException {
        return parser.nextToken() == null;
    }

    /** The current value as a tree, as a tree reading of the whole line would hold it. */
    public JsonNode tree() throws IOException {
        return Json.VALUES_CHECKED_BY_TREE.readTree(parser);
    }

    /** The current value as {@link JsonFields#text} reads a member: its text when it is a string, else null (and passed over). */
    public String text() throws IOException {
        if (parser.currentToken() == JsonToken.VALUE_STRING) {
            return parser.getText();
        }
        skip();
        return null;
    }

    /** Member {@code name} of the current value when that is an object, as {@link JsonFields#textAt} reads it; the rest passed over. */
    public String textMember(String name) throws IOException {
        if (!enterObject()) {
            skip();
            return null;
        }
        String found = null;
        for (String member = nextMember(); member != null; member = nextMember()) {
            if (member.equals(name)) {
                found = text();
            } else {
                skip();
            }
        }
        return found;
    }

    /**
     * Passes over the current value, checking its keys and reading each number as a tree reading would ({@link Json}'s
     * parser rejects those a double cannot hold when their value is read); {@link JsonParser#skipChildren} alone would
     * let both through.
     */
    public void skip() throws IOException {
        int depth = 0;
        JsonToken token = parser.currentToken();
        while (true) {
            switch (token) {
                case START_OBJECT -> {
                    depth++;
                    names.enter();
                }
                case END_OBJECT -> {
                    depth--;
                    names.exit();
                }
                case START_ARRAY -> depth++;
                case END_ARRAY -> depth--;
                case FIELD_NAME -> checkNew(parser.currentName());
                case VALUE_NUMBER_INT -> {
                    if (parser.getNumberType() == JsonParser.NumberType.BIG_INTEGER) {
                        parser.getBigIntegerValue();
                    }
                }
                case VALUE_NUMBER_FLOAT -> parser.getDecimalValue();
                default -> {
                }
            }
            if (depth == 0) {
                return;
            }
            token = parser.nextToken();
            if (token == null) {
                throw new JsonEOFException(parser, null, "the line ends inside a value");
            }
        }
    }

    /** Where the current token starts, as an index into the line's bytes. */
    public int tokenStart() {
        return offset + (int) parser.currentTokenLocation().getByteOffset();
    }

    /** Where the parser stands (after the last token read), as an index into the line's bytes. */
    public int position() {
        return offset + (int) parser.currentLocation().getByteOffset();
    }

    @Override
    public void close() throws IOException {
        parser.close();
    }

    private void checkNew(String name) throws JsonParseException {
        if (!names.add(name)) {
            throw new JsonParseException(parser, "Duplicate field '" + name + "'");
        }
    }

    /** The names of each object the reading is inside, outermost first, to find a repeated one. */
    private static final class MemberNames {

        /** Up to this many names an object's are compared one by one; beyond, through a set. */
        private static final int COMPARED = 16;

        private String[] names = new String[32];
        private int size;
        private int[] starts = new int[8];
        @SuppressWarnings("unchecked")
        private Set<String>[] sets = new Set[8];
        private int depth;

        void enter() {
            if (depth == starts.length) {
                starts = Arrays.copyOf(starts, depth * 2);
                sets = Arrays.copyOf(sets, depth * 2);
            }
            starts[depth++] = size;
        }

        void exit() {
            depth--;
            size = starts[depth];
            sets[depth] = null;
        }

        /** Adds a name of the innermost object; false when that object has it already. */
        boolean add(String name) {
            Set<String> set = sets[depth - 1];
            if (set != null) {
                return set.add(name);
            }
            int start = starts[depth - 1];
            for (int i = start; i < size; i++) {
                if (names[i].equals(name)) {
                    return false;
                }
            }
            if (size - start == COMPARED) {
                set = new HashSet<>(Arrays.asList(names).subList(start, size));
                set.add(name);
                sets[depth - 1] = set;
                return true;
            }
            if (size == names.length) {
                names = Arrays.copyOf(names, size * 2);
            }
            names[size++] = name;
            return true;
        }
    }
}
