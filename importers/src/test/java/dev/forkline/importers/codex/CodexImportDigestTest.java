package dev.forkline.importers.codex;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.importers.support.ImportDigest;
import dev.forkline.importers.support.Samples;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** Pins what the Codex importer makes of the real rollout ({@link ImportDigest}), as main gave it before its lines were parsed from their bytes (55a3a03). */
class CodexImportDigestTest {

    @Test
    void theRealRollout() throws Exception {
        Path file = Samples.require("codex-rollout/localpush_rollout-2026-02-23T12-40-23-019c8a4c-ed82-79a1-aa28-7738fc5ab61a.jsonl");
        assertThat(ImportDigest.of(new CodexRolloutImporter().read(file), file.toString(), file.getFileName().toString()))
                .isEqualTo("9ac705bc7bc150640b0a88c9ce653acd6b071d1ae2ba9a7031c6168c0e1dccf0");
    }
}
