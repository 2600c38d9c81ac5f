package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.IntNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import java.util.ArrayList;
import java.util.ConcurrentModificationException;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ObjectMembersTest {

    /** Random operations on both maps, with as few and as many names as take the lookup from comparisons to the table. */
    @Test
    void behavesAsALinkedHashMapUnderRandomOperations() {
        SplittableRandom random = new SplittableRandom(20261206);
        for (int round = 0; round < 3_000; round++) {
            int names = 1 + random.nextInt(round % 3 == 0 ? 60 : ObjectMembers.HASHED_FROM + 3);
            ObjectMembers members = new ObjectMembers();
            Map<String, JsonNode> expected = new LinkedHashMap<>();
            for (int step = 0; step < 120; step++) {
                // names made fresh each time, so that a lookup cannot rely on the identity of the name put
                String name = new String(("n" + random.nextInt(names)).toCharArray());
                switch (random.nextInt(10)) {
                    case 0, 1, 2, 3, 4 -> {
                        JsonNode value = IntNode.valueOf(random.nextInt(5));
                        assertThat(members.put(name, value)).isEqualTo(expected.put(name, value));
                    }
                    case 5 -> assertThat(members.remove(name)).isEqualTo(expected.remove(name));
                    case 6 -> removeEveryOtherThroughTheIterator(members, expected, random.nextBoolean());
                    case 7 -> {
                        Map.Entry<String, JsonNode> first = members.entrySet().stream().findFirst().orElse(null);
                        if (first != null) {
                            JsonNode value = TextNode.valueOf("set");
                            assertThat(first.setValue(value)).isEqualTo(expected.put(first.getKey(), value));
                        }
                    }
                    case 8 -> {
                        if (random.nextInt(20) == 0) {
                            members.clear();
                            expected.clear();
                        }
                    }
                    default -> {
                        assertThat(members.get(name)).isEqualTo(expected.get(name));
                        assertThat(members.containsKey(name)).isEqualTo(expected.containsKey(name));
                    }
                }
                assertSame(members, expected);
            }
        }
    }

    @Test
    void knowsWhetherItsNamesWerePutInOrder() {
        ObjectMembers members = new ObjectMembers();
        assertThat(members.ascending()).isTrue();
        for (String name : List.of("a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k")) {
            members.put(name, IntNode.valueOf(1));
        }
        members.put("c", IntNode.valueOf(2)); // a value replaced keeps its place
        members.remove("e");
        assertThat(members.ascending()).isTrue();
        members.put("b0", IntNode.valueOf(3));
        assertThat(members.ascending()).as("b0 put after k").isFalse();
        members.clear();
        members.put("z", IntNode.valueOf(1));
        assertThat(members.ascending()).isTrue();
        members.put("z2", IntNode.valueOf(1));
        members.put("z10", IntNode.valueOf(1));
        assertThat(members.ascending()).as("z10 sorts before z2").isFalse();
    }

    @Test
    void refusesAMissingNameAndFailsAnIteratorAfterAChange() {
        ObjectMembers members = new ObjectMembers();
        assertThatThrownBy(() -> members.put(null, IntNode.valueOf(1))).isInstanceOf(NullPointerException.class);
        members.put("a", IntNode.valueOf(1));
        members.put("b", IntNode.valueOf(2));
        Iterator<String> names = members.keySet().iterator();
        names.next();
        members.put("c", IntNode.valueOf(3));
        assertThatThrownBy(names::next).isInstanceOf(ConcurrentModificationException.class);
    }

    /** The trees the shared mapper reads hold their members here, and behave as Jackson's own. */
    @Test
    void treesReadByTheSharedMapperHoldTheirMembersHereAndEqualJacksonsOwn() throws Exception {
        String json = "{\"z\":1,\"a\":{\"y\":[1,{\"k\":\"v\"}],\"b\":null},\"m\":\"text\",\"n1\":1,\"n2\":2,\"n3\":3,\"n4\":4,"
                + "\"n5\":5,\"n6\":6,\"n7\":7,\"n8\":8}";
        JsonNode tree = Json.MAPPER.readTree(json);
        assertThat(tree.properties()).isInstanceOf(ObjectMembers.Entries.class);
        assertThat(tree.get("a").properties()).isInstanceOf(ObjectMembers.Entries.class);
        JsonNode jacksons = new com.fasterxml.jackson.databind.ObjectMapper().readTree(json);
        assertThat(tree).isEqualTo(jacksons);
        assertThat(jacksons).isEqualTo(tree);
        assertThat(tree.hashCode()).isEqualTo(jacksons.hashCode());
        assertThat(Json.MAPPER.writeValueAsString(tree)).isEqualTo(json);
        assertThat((JsonNode) tree.deepCopy()).isEqualTo(tree);
        List<String> names = new ArrayList<>();
        tree.fieldNames().forEachRemaining(names::add);
        assertThat(names).containsExactly("z", "a", "m", "n1", "n2", "n3", "n4", "n5", "n6", "n7", "n8");
        ObjectNode object = (ObjectNode) tree;
        object.remove("a");
        object.put("a", 2);
        assertThat(Json.MAPPER.writeValueAsString(object)).endsWith("\"n8\":8,\"a\":2}");
        assertThat(Json.object().putObject("child").properties()).isInstanceOf(ObjectMembers.Entries.class);
    }

    @Test
    void aMemberNamedTwiceIsRefusedByTheTreeWhenTheParserDoesNotLook() throws Exception {
        for (String json : List.of("{\"a\":1,\"b\":2,\"a\":3}", "{\"x\":{\"a\":1,\"b\":2,\"c\":3,\"d\":4,\"e\":5,\"f\":6,\"g\":7,\"h\":8,\"i\":9,\"j\":0,\"e\":1}}")) {
            try (var parser = Json.factory().createParser(json)) {
                parser.disable(com.fasterxml.jackson.core.JsonParser.Feature.STRICT_DUPLICATE_DETECTION);
                parser.nextToken();
                assertThatThrownBy(() -> Json.VALUES_CHECKED_BY_TREE.readTree(parser)).as(json)
                        .hasMessageStartingWith("Duplicate field");
            }
        }
    }

    private static void removeEveryOtherThroughTheIterator(ObjectMembers members, Map<String, JsonNode> expected, boolean keys) {
        Iterator<?> mine = keys ? members.keySet().iterator() : members.values().iterator();
        Iterator<?> theirs = keys ? expected.keySet().iterator() : expected.values().iterator();
        for (int i = 0; mine.hasNext(); i++) {
            assertThat(mine.next()).isEqualTo(theirs.next());
            if (i % 2 == 1) {
                mine.remove();
                theirs.remove();
            }
        }
        assertThat(theirs.hasNext()).isFalse();
    }

    private static void assertSame(ObjectMembers members, Map<String, JsonNode> expected) {
        assertThat(members.size()).isEqualTo(expected.size());
        assertThat(new ArrayList<>(members.entrySet())).containsExactlyElementsOf(expected.entrySet());
        assertThat(new ArrayList<>(members.keySet())).containsExactlyElementsOf(expected.keySet());
        assertThat(new ArrayList<>(members.values())).containsExactlyElementsOf(expected.values());
        List<String> names = new ArrayList<>(expected.keySet());
        for (int i = 0; i < members.size(); i++) {
            assertThat(members.nameAt(i)).isEqualTo(names.get(i));
        }
        assertThat(members).isEqualTo(expected);
        assertThat(expected).isEqualTo(members);
        assertThat(members.hashCode()).isEqualTo(expected.hashCode());
        List<String> visited = new ArrayList<>();
        members.forEach((name, value) -> visited.add(name));
        assertThat(visited).containsExactlyElementsOf(expected.keySet());
    }
}
