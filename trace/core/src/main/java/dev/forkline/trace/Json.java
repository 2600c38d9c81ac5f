package dev.forkline.trace;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.StreamReadConstraints;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.ObjectReader;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.util.Set;

/** The shared, hardened Jackson configuration for reading untrusted traces. */
public final class Json {

    /** Deeper nesting than this is rejected as hostile; real traces stay far below it. */
    public static final int MAX_NESTING_DEPTH = 200;
    /** A single string longer than this is rejected (large outputs belong in blobs). */
    public static final int MAX_STRING_LENGTH = 64 * 1024 * 1024;

    private static final JsonFactory FACTORY = new NumberSafeJsonFactory((com.fasterxml.jackson.core.JsonFactoryBuilder) JsonFactory.builder()
            .streamReadConstraints(StreamReadConstraints.builder()
                    .maxNestingDepth(MAX_NESTING_DEPTH)
                    .maxStringLength(MAX_STRING_LENGTH)
                    .maxNumberLength(400)
                    .build())
            .enable(com.fasterxml.jackson.core.StreamReadFeature.STRICT_DUPLICATE_DETECTION));

    public static final ObjectMapper MAPPER = JsonMapper.builder(FACTORY)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS)
            .enable(DeserializationFeature.USE_BIG_DECIMAL_FOR_FLOATS)
            .disable(JsonParser.Feature.AUTO_CLOSE_SOURCE)
            .nodeFactory(TreeNodes.INSTANCE)
            .build();

    /**
     * Reads one value as a tree out of a longer stream, the parser going on with what follows it: a member of an
     * object being streamed, one of several documents ({@link #MAPPER} refuses anything after a whole document).
     */
    public static final ObjectReader VALUES = MAPPER.readerFor(JsonNode.class).without(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);

    /**
     * {@link #VALUES} for a parser whose own duplicate check is off: a member named twice is refused by the tree's map
     * as it is put, which sees each name anyway, instead of by the parser, which keeps a set of the names of every
     * object of three members or more.
     */
    public static final ObjectReader VALUES_CHECKED_BY_TREE = VALUES.with(DeserializationFeature.FAIL_ON_READING_DUP_TREE_KEY);

    private Json() {
    }

    /**
     * The {@code wanted} members of the object the parser has just entered, read as trees; the others are passed over
     * unread. The parser ends on the object's end.
     */
    public static ObjectNode members(JsonParser parser, Set<String> wanted) throws IOException {
        ObjectNode members = object();
        while (parser.nextToken() == JsonToken.FIELD_NAME) {
            String member = parser.currentName();
            parser.nextToken();
            if (wanted.contains(member)) {
                members.set(member, VALUES.readTree(parser));
            } else {
                parser.skipChildren();
            }
        }
        return members;
    }

    public static ObjectNode object() {
        return TreeNodes.INSTANCE.objectNode();
    }

    /** The factory of the trees {@link #MAPPER} reads: objects made by it hold their members in {@link ObjectMembers}. */
    public static JsonNodeFactory nodes() {
        return TreeNodes.INSTANCE;
    }

    public static JsonFactory factory() {
        return FACTORY;
    }
}
