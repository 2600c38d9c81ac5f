package dev.forkline.importers;

import static org.assertj.core.api.Assertions.assertThat;

import dev.forkline.trace.EffectClass;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Shell commands classified by the documented rule, and the words a command must hold before it is searched. */
class EffectRulesTest {

    @Test
    void commandsAreClassifiedAsTheRuleSays() {
        assertThat(EffectRules.classifyCommand("sudo apt-get install -y jq")).isEqualTo(EffectClass.PRIVILEGED);
        assertThat(EffectRules.classifyCommand("cd /src && su root")).isEqualTo(EffectClass.PRIVILEGED);
        assertThat(EffectRules.classifyCommand("chmod u+s /usr/bin/tool")).isEqualTo(EffectClass.PRIVILEGED);
        assertThat(EffectRules.classifyCommand("chmod 4755 run.sh")).isEqualTo(EffectClass.PRIVILEGED);
        assertThat(EffectRules.classifyCommand("git add -A && git push origin main")).isEqualTo(EffectClass.EXTERNAL);
        assertThat(EffectRules.classifyCommand("curl -X POST https://example.test/hook")).isEqualTo(EffectClass.EXTERNAL);
        assertThat(EffectRules.classifyCommand("wget -q --post-data=x https://example.test")).isEqualTo(EffectClass.EXTERNAL);
        assertThat(EffectRules.classifyCommand("(ssh build-host make)")).isEqualTo(EffectClass.EXTERNAL);
        assertThat(EffectRules.classifyCommand("make test TARGET=request && git status --short")).isEqualTo(EffectClass.WORKSPACE);
        assertThat(EffectRules.classifyCommand("rsync_helper --dry-run")).isEqualTo(EffectClass.WORKSPACE);
        assertThat(EffectRules.classifyCommand("chmod 644 notes.txt")).isEqualTo(EffectClass.WORKSPACE);
        assertThat(EffectRules.classifyCommand(null)).isEqualTo(EffectClass.WORKSPACE);
    }

    @Test
    void aCommandIsClassifiedAsSearchingEveryCommandWithThePatternsWould() {
        String[] pieces = {"sudo", "su", "doas", "pkexec", "setcap", "chroot", "nsenter", "mount", "insmod", "modprobe", "chmod",
                "git", "push", "ssh", "scp", "rsync", "sftp", "ftp", "nc", "ncat", "telnet", "npm", "publish", "twine", "upload",
                "docker", "kubectl", "gh", "pr", "issue", "release", "create", "aws", "gcloud", "az", "mail", "sendmail", "curl",
                "wget", "--post", "-X", "POST", "PUT", "--data", "-d", "--upload-file", "-F", "u+s", "+s", "4755", "0755", "2775",
                "make", "test", "ls", "cat", "&&", "||", ";", "|", "&", "(", ")", " ", " ", "\t", "\n", "x", "-", "=", "/", "sync",
                "lazy", "high", "once", "SUDO", "Git"};
        SplittableRandom random = new SplittableRandom(20);
        for (int round = 0; round < 200_000; round++) {
            StringBuilder command = new StringBuilder();
            int parts = random.nextInt(1, 9);
            for (int p = 0; p < parts; p++) {
                command.append(pieces[random.nextInt(pieces.length)]);
                if (random.nextInt(3) > 0) {
                    command.append(' ');
                }
            }
            String text = command.toString();
            EffectClass searched = EffectRules.PRIVILEGED_COMMAND.matcher(text).find() ? EffectClass.PRIVILEGED
                    : EffectRules.EXTERNAL_COMMAND.matcher(text).find() ? EffectClass.EXTERNAL : EffectClass.WORKSPACE;
            assertThat(EffectRules.classifyCommand(text)).as("'%s'", text).isEqualTo(searched);
        }
    }
}
