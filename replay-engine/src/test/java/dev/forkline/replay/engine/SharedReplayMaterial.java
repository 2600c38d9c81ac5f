package dev.forkline.replay.engine;

import dev.forkline.importers.Importers;
import dev.forkline.replay.workspace.SharedReplay;
import dev.forkline.trace.export.BundleExport;

import java.nio.file.Path;

/**
 * The real agent sessions of {@code shared/replay} (SWE-agent trajectories, Claude Code transcripts, their starting
 * trees and SWE-agent's tool bundles), read where they lie beside the repository; tests skip with a message without them.
 */
final class SharedReplayMaterial {

    static final String SWE_FUNCTION_CALLING = "swe-agent/replay__marshmallow-code__marshmallow-1867__function_calling__install-1.traj";
    static final String SWE_FUNCTION_CALLING_REPLACE = "swe-agent/replay__marshmallow-code__marshmallow-1867__function_calling_replace__install-1.traj";
    static final String SWE_DEFAULT = "swe-agent/replay__marshmallow-code__marshmallow-1867__default_sys-env_window100__t-0.20__p-0.95__c-2.00__install-1.traj";
    static final String MARSHMALLOW_TREE = "repos/marshmallow-code__marshmallow@bfd2593d.tar.gz";
    static final String SWE_TOOLS = "swe-agent-tools/a47c00880b4334785021f2a0e86f0e6a59f5fc93/tools";
    static final String CLAUDE_A47 = "claude-code/a47cfcb669b1/0/full.jsonl";
    static final String CLI_E4E7 = "repos/entireio__cli@e4e7a027.tar.gz";
    /** What the SWE-bench image had beyond the Debian image: the repository installed (editable), as SWE-bench does. */
    static final String INSTALL_REPOSITORY = "pip install --no-deps --no-build-isolation --break-system-packages -e .";

    private SharedReplayMaterial() {
    }

    static Path require(String relative) {
        return SharedReplay.require(relative);
    }

    /** The trace imported and written as a bundle directory under {@code dir}, as `forkline replay FILE --out` does. */
    static Path importedBundle(String relative, Path dir) throws Exception {
        Path file = require(relative);
        return BundleExport.write(Importers.builtIn().read(file).bundle(), dir.resolve("bundle"));
    }
}
