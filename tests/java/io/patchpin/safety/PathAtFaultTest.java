package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.patchpin.core.BadInputException;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Jvm;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A patchset folder the file system refuses, provoked for real: exit 2 and one line naming the folder, never an
 * internal error (70). {@code new} is the narrowest command that makes a folder the user names.
 */
class PathAtFaultTest {
    @TempDir
    Path tmp;

    private Repo repo;

    @BeforeEach
    void workspace() {
        repo = Repo.init(tmp.resolve("work")).write("a.txt", "one\n");
        repo.commit("base");
    }

    @Test
    void aFileWhereAFolderIsExpectedIsBadInput() throws IOException {
        Files.writeString(tmp.resolve("afile"), "x\n");
        assertRefused(tmp.resolve("afile/sub/ps"));
        assertRefused(tmp.resolve("afile/ps"));
    }

    @Test
    void aMissingParentIsMade() {
        Path ps = tmp.resolve("missing/parent/ps");
        Cli.ok("new", ps, "--repo", repo.dir());
        assertThat(ps.resolve("patchset.toml")).isRegularFile();
    }

    /** Was exit 70: the JDK adds words after ELOOP's text, so the reason never equalled it. */
    @Test
    void aPathThroughALoopOfLinksIsBadInputNotAnInternalError() throws IOException {
        Path loop = Files.createSymbolicLink(tmp.resolve("loop"), tmp.resolve("loop"));
        assertRefused(loop.resolve("ps"));
        assertRefused(loop.resolve("a/ps"));
    }

    /** As root, permission bits do not stop a write, so this runs only as another user. */
    @Test
    void aReadOnlyFolderIsBadInput() throws IOException {
        assumeFalse(System.getProperty("user.name").equals("root"), "root writes through permission bits");
        Path locked = Files.createDirectory(tmp.resolve("locked"));
        Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            assertThat(assertRefused(locked.resolve("ps"))).endsWith(": permission denied");
        } finally {
            Files.setPosixFilePermissions(locked, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
    }

    /** EPERM has no JDK type and nothing to ask the file system: the one case left to the errno text. */
    @Test
    void anImmutableFolderIsBadInput() throws Exception {
        Path frozen = Files.createDirectory(tmp.resolve("frozen"));
        assumeTrue(
                exec(List.of("chattr", "+i", frozen.toString())) == 0,
                "chattr +i needs root and a file system that keeps the flag");
        try {
            assertRefused(frozen.resolve("ps"));
        } finally {
            exec(List.of("chattr", "-i", frozen.toString()));
        }
    }

    /**
     * EROFS has no JDK type; a tmpfs mounted read-only in a mount namespace of the patchpin process alone (so
     * nothing outside this test's folder is touched), with the C locale so the message is known.
     */
    @Test
    void aReadOnlyFileSystemIsBadInput() throws Exception {
        assumeTrue(exec(List.of("unshare", "-m", "true")) == 0, "a mount namespace needs root");
        Path ro = Files.createDirectory(tmp.resolve("ro"));
        Path ps = ro.resolve("ps");
        List<String> command = new ArrayList<>(List.of(
                "unshare",
                "-m",
                "sh",
                "-c",
                "mount -t tmpfs -o ro tmpfs \"$1\" || exit 97; shift; exec \"$@\"",
                "sh",
                ro.toString()));
        command.addAll(Jvm.patchpin(
                List.of(), "new", ps.toString(), "--repo", repo.dir().toString()));
        ProcessBuilder pb = new ProcessBuilder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD);
        pb.environment().put("LC_ALL", "C");
        Process p = pb.start();
        String err = new String(p.getErrorStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assumeTrue(p.exitValue() != 97, "mount refused: " + err);
        assertThat(p.exitValue()).as(err).isEqualTo(2);
        assertThat(err).isEqualTo("patchpin: " + ps + ": cannot create folder ps: Read-only file system\n");
    }

    /**
     * The C library words errno in the user's language (LANG=de_DE gives "Ist kein Verzeichnis"): a file in the
     * way is found by asking the file system, whatever the words.
     */
    @Test
    void aFileInTheWayIsFoundWhateverLanguageTheErrorIsIn() throws IOException {
        Files.writeString(tmp.resolve("afile"), "x\n");
        Path below = tmp.resolve("afile/sub");
        RuntimeException e = AtomicFiles.failure(
                below,
                "cannot create folder sub",
                new FileSystemException(below.toString(), null, "Ist kein Verzeichnis"));
        assertThat(e).isInstanceOf(BadInputException.class).hasMessageContaining("Ist kein Verzeichnis");
    }

    /** Runs {@code new} at {@code ps}; returns the one line it printed, after checking exit 2 and nothing made. */
    private String assertRefused(Path ps) {
        Cli.Run run = Cli.run("new", ps, "--repo", repo.dir());
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith("patchpin: " + ps + ": cannot create folder ps: ");
        assertThat(Files.exists(ps.resolve("patchset.toml"))).isFalse();
        return run.errLines().get(0);
    }

    private static int exec(List<String> command) throws InterruptedException {
        try {
            Process p = new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return p.waitFor(30, TimeUnit.SECONDS) ? p.exitValue() : -1;
        } catch (IOException notThere) {
            return -1;
        }
    }
}
