package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;
import org.junit.jupiter.api.Test;

class IdSetTest {

    @Test
    void answersAsAHashSetDoesThroughGrowth() {
        Random random = new Random(20261203);
        IdSet ids = new IdSet();
        Set<String> expected = new HashSet<>();
        for (int i = 0; i < 200_000; i++) {
            String id = switch (random.nextInt(4)) {
                case 0 -> "r1." + random.nextInt(150_000);
                case 1 -> "L" + random.nextInt(50_000) + "#" + (2 + random.nextInt(3));
                case 2 -> Long.toHexString(random.nextLong());
                default -> "";
            };
            assertThat(ids.contains(id)).as("contains %s", id).isEqualTo(expected.contains(id));
            assertThat(ids.add(id)).as("add %s", id).isEqualTo(expected.add(id));
            assertThat(ids.contains(id)).isTrue();
        }
        assertThat(ids.size()).isEqualTo(expected.size());
        assertThat(ids.contains(null)).isFalse();
        for (int i = 0; i < 150_000; i++) {
            assertThat(ids.contains("r1." + i)).isEqualTo(expected.contains("r1." + i));
        }
    }

    @Test
    void keepsIdsApartWhoseHashesAreEqual() {
        // "Aa" and "BB" have the same String.hashCode, and so do all 2^10 strings of ten such pairs
        IdSet ids = new IdSet();
        Set<String> added = new HashSet<>();
        for (int bits = 0; bits < 1 << 10; bits += 2) {
            StringBuilder id = new StringBuilder();
            for (int pair = 0; pair < 10; pair++) {
                id.append((bits >> pair & 1) == 0 ? "Aa" : "BB");
            }
            assertThat(ids.add(id.toString())).isTrue();
            added.add(id.toString());
        }
        assertThat(ids.size()).isEqualTo(512);
        for (int bits = 0; bits < 1 << 10; bits++) {
            StringBuilder id = new StringBuilder();
            for (int pair = 0; pair < 10; pair++) {
                id.append((bits >> pair & 1) == 0 ? "Aa" : "BB");
            }
            assertThat(ids.contains(id.toString())).isEqualTo(added.contains(id.toString()));
            assertThat(ids.add(id.toString())).isEqualTo(!added.contains(id.toString()));
        }
        assertThat(ids.size()).isEqualTo(1 << 10);
    }
}
