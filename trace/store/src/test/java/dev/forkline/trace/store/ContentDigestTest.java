package dev.forkline.trace.store;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.Hashes;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

class ContentDigestTest {

    private static final BigInteger MODULUS = BigInteger.ONE.shiftLeft(256);

    @Test
    void isTheSumOfTheHashesModulo2To256() {
        List<String> hashes = new ArrayList<>();
        for (int i = 0; i < 200; i++) {
            hashes.add(Hashes.sha256(("event " + i).getBytes(StandardCharsets.UTF_8)));
        }
        hashes.add("sha256:" + "f".repeat(64));
        hashes.add("sha256:" + "f".repeat(64));
        hashes.add("sha256:" + "0".repeat(63) + "1");
        ContentDigest digest = new ContentDigest();
        BigInteger expected = BigInteger.ZERO;
        for (String hash : hashes) {
            digest.add(hash);
            expected = expected.add(new BigInteger(hash.substring(7), 16)).mod(MODULUS);
        }

        assertThat(digest.toString()).isEqualTo("sum256:" + String.format("%064x", expected));
    }

    @Test
    void doesNotDependOnOrderAndCanBeContinuedAfterParsing() {
        List<String> hashes = new ArrayList<>();
        for (int i = 0; i < 50; i++) {
            hashes.add(Hashes.sha256(("e" + i).getBytes(StandardCharsets.UTF_8)));
        }
        ContentDigest inOrder = new ContentDigest();
        hashes.forEach(inOrder::add);
        Collections.shuffle(hashes, new Random(7));
        ContentDigest firstHalf = new ContentDigest();
        hashes.subList(0, 25).forEach(firstHalf::add);
        ContentDigest continued = ContentDigest.parse(firstHalf.toString());
        hashes.subList(25, 50).forEach(continued::add);

        assertThat(continued.toString()).isEqualTo(inOrder.toString());
    }
}
