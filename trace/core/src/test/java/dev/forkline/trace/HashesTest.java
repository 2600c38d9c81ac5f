package dev.forkline.trace;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class HashesTest {

    private static final String HEX = "0123456789abcdef".repeat(4);

    @Test
    void validNamesAreSha256AndSixtyFourLowercaseHexDigits() {
        assertThat(Hashes.isValid("sha256:" + HEX)).isTrue();
        assertThat(Hashes.isValid(Hashes.sha256("x".getBytes(StandardCharsets.UTF_8)))).isTrue();
    }

    @Test
    void anythingElseIsNotAValidName() {
        assertThat(Hashes.isValid(null)).isFalse();
        assertThat(Hashes.isValid("")).isFalse();
        assertThat(Hashes.isValid("sha256:" + HEX.substring(1))).isFalse();
        assertThat(Hashes.isValid("sha256:" + HEX + "0")).isFalse();
        assertThat(Hashes.isValid("sha256:" + HEX.toUpperCase())).isFalse();
        assertThat(Hashes.isValid("sha256:" + HEX.substring(1) + "g")).isFalse();
        assertThat(Hashes.isValid("sha512:" + HEX)).isFalse();
        assertThat(Hashes.isValid("SHA256:" + HEX)).isFalse();
        assertThat(Hashes.isValid("sha256:" + HEX.substring(1) + "\u0661")).isFalse();
        assertThat(Hashes.isValid("sha256-" + HEX)).isFalse();
    }
}
