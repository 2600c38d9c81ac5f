package dev.forkline.replay.sandbox;

import dev.forkline.replay.ReplayInputException;
import dev.forkline.replay.fanout.EngineList;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** Engine addresses and engine lists as users write them; no engine is needed. */
class EngineAddressTest {

    @TempDir
    Path work;

    private Path certificates(String name) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name));
        for (String file : EngineAddress.TLS_FILES) {
            Files.writeString(dir.resolve(file), "not read until a connection is made");
        }
        return dir;
    }

    @Test
    void addressesAreReadAsTheDockerCliReadsThem() throws Exception {
        assertThat(EngineAddress.parse("local", null, Map.of()).isLocal()).isTrue();
        assertThat(EngineAddress.parse("unix:///var/run/docker.sock", null, Map.of()).host()).isEqualTo("unix:///var/run/docker.sock");
        EngineAddress plain = EngineAddress.parse("tcp://10.0.0.2:2375", null, Map.of());
        assertThat(plain.usesTls()).isFalse();
        Path certs = certificates("certs");
        EngineAddress tls = EngineAddress.parse("tcp://10.0.0.2:2376", certs, Map.of());
        assertThat(tls.tlsCertPath()).isEqualTo(certs);
        assertThat(tls.describe()).contains("TLS").contains(certs.toString());
        EngineAddress fromEnvironment = EngineAddress.parse("tcp://10.0.0.2:2376", null,
                Map.of("DOCKER_TLS_VERIFY", "1", "DOCKER_CERT_PATH", certs.toString()));
        assertThat(fromEnvironment.tlsCertPath()).isEqualTo(certs);
        assertThat(EngineAddress.parse("tcp://10.0.0.2:2376", null, Map.of("DOCKER_TLS_VERIFY", "0")).usesTls()).isFalse();
    }

    @Test
    void badAddressesAndCertificateDirectoriesSayWhatIsWrong() throws Exception {
        assertThatThrownBy(() -> EngineAddress.parse("tcp://10.0.0.2", null, Map.of()))
                .isInstanceOf(ReplayInputException.class).hasMessageContaining("needs a host and a port");
        assertThatThrownBy(() -> EngineAddress.parse("ssh://me@build-1", null, Map.of()))
                .isInstanceOf(ReplayInputException.class).hasMessageContaining("tcp://HOST:PORT");
        assertThatThrownBy(() -> EngineAddress.parse("unix:///run/docker.sock", certificates("c"), Map.of()))
                .isInstanceOf(ReplayInputException.class).hasMessageContaining("is for a tcp:// engine");
        Path partial = certificates("partial");
        Files.delete(partial.resolve("key.pem"));
        assertThatThrownBy(() -> EngineAddress.parse("tcp://10.0.0.2:2376", partial, Map.of()))
                .isInstanceOf(EngineCredentialsException.class).hasMessageContaining("key.pem").hasMessageContaining(partial.toString());
        assertThatThrownBy(() -> EngineAddress.parse("tcp://10.0.0.2:2376", null,
                Map.of("DOCKER_TLS_VERIFY", "1", "DOCKER_CERT_PATH", work.resolve("none").toString())))
                .isInstanceOf(EngineCredentialsException.class).hasMessageContaining("does not exist");
    }

    @Test
    void anEngineListNamesTheLineOfAMistakeAndTakesCertificatesBesideIt() throws Exception {
        certificates("build-1");
        Path list = work.resolve("engines.txt");
        Files.writeString(list, "# two engines\n\nlocal\ntcp://build-1.example.org:2376 tls=build-1   # TLS\n");
        var engines = EngineList.read(list);
        assertThat(engines).hasSize(2);
        assertThat(engines.get(0).isLocal()).isTrue();
        assertThat(engines.get(1).tlsCertPath()).isEqualTo(work.resolve("build-1"));
        Files.writeString(list, "local\nlocal\n");
        assertThatThrownBy(() -> EngineList.read(list)).hasMessageContaining(list + ":2").hasMessageContaining("listed twice");
        Files.writeString(list, "local\ntcp://a:1 certs=x\n");
        assertThatThrownBy(() -> EngineList.read(list)).hasMessageContaining(list + ":2").hasMessageContaining("ADDRESS [tls=DIR]");
        Files.writeString(list, "# nothing\n");
        assertThatThrownBy(() -> EngineList.read(list)).isInstanceOf(ReplayInputException.class).hasMessageContaining("lists no engine");
    }
}
