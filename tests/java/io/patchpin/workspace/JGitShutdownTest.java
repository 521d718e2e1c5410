package io.patchpin.workspace;

import static org.assertj.core.api.Assertions.assertThat;

import org.eclipse.jgit.internal.storage.file.LockFile;
import org.eclipse.jgit.storage.file.FileBasedConfig;
import org.eclipse.jgit.util.FS;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.File;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

class JGitShutdownTest {
    @TempDir
    Path tmp;

    @Test
    void replacesJGitsHookWithThisJGit() {
        GitConfigFiles.install();
        // false would mean a JGit upgrade removed the clean-up method: start-up pays for JGit's messages again
        assertThat(JGitShutdown.installed()).isTrue();
    }

    @Test
    void aTerminatedRunStillLosesTheLocksJGitHeld() throws Exception {
        Path target = tmp.resolve("config");
        Process p = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-cp", System.getProperty("java.class.path"),
                Holder.class.getName(), target.toString())
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(p.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("locked");
            assertThat(tmp.resolve("config.lock")).exists();
            p.destroy(); // SIGTERM: the shutdown hooks run
            assertThat(p.waitFor(30, TimeUnit.SECONDS)).isTrue();
        } finally {
            p.destroyForcibly();
        }
        assertThat(tmp.resolve("config.lock")).doesNotExist();
    }

    /** Installs as patchpin does, reads a config (JGit's clean-up is registered then), holds a lock until killed. */
    static final class Holder {
        public static void main(String[] args) throws Exception {
            GitConfigFiles.install();
            File file = new File(args[0]);
            Files.writeString(file.toPath(), "[core]\n", StandardCharsets.UTF_8);
            new FileBasedConfig(file, FS.DETECTED).load();
            LockFile lock = new LockFile(file);
            System.out.println(lock.lock() ? "locked" : "not locked");
            System.out.flush();
            Thread.sleep(60_000);
        }
    }
}
