package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeFalse;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.RenamedLockSync;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Input files that once ended in exit 70 (an internal fault) are one line of bad input: a pins {@code ref} that
 * is an absent 40-hex commit, a lockfile component named {@code .} or {@code ""} (sync failed half-way and left an
 * empty {@code .git/modules/}), and a rebase into a read-only patchset folder.
 */
class InputFilesAreBadInputNotFaultsTest {
    @TempDir
    Path tmp;

    @Test
    void anAbsentCommitAsPinsRefIsBadInputAtItsLine() throws Exception {
        Repo sup = RenamedLockSync.superproject(tmp);
        Path pins = Files.createDirectories(tmp.resolve("pins")).resolve("x.toml");
        Files.writeString(
                pins,
                "format = 1\nname = \"x\"\n\n[[root]]\nname = \"therock\"\nurl = \"https://example.org/TheRock\"\n"
                        + "ref = \"0123456789abcdef0123456789abcdef01234567\"\n",
                StandardCharsets.UTF_8);
        Cli.Run run = Cli.run("lock", "--repo", sup.dir(), "--pins", pins);
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err())
                .startsWith("patchpin: " + pins + ":")
                .contains("0123456789abcdef0123456789abcdef01234567")
                .doesNotContain("internal error");
    }

    @ParameterizedTest
    @ValueSource(strings = {".", "", "./", "deps/./sub"})
    void aLockfileComponentNamedLikeItsFolderIsRefusedBeforeSync(String name) throws Exception {
        RenamedLockSync s = RenamedLockSync.run(tmp, name);
        Cli.Run sync = s.sync();
        Path fresh = s.fresh();

        assertThat(sync.exit()).as(sync.err()).isEqualTo(2);
        assertThat(sync.errLines()).hasSize(1);
        assertThat(sync.err())
                .startsWith("patchpin: " + s.lock() + ":" + s.line() + ": ")
                .contains("component 'deps/sub'");
        assertThat(fresh.resolve(".git/modules")).doesNotExist();
        assertThat(Git.run(fresh, "status", "--porcelain")).isEmpty();
    }

    /** As root, permission bits do not stop a write, so this runs only as another user (uid 65534 was tried by hand too). */
    @Test
    void aRebaseIntoAReadOnlyPatchsetFolderNamesIt() throws Exception {
        assumeFalse("root".equals(System.getProperty("user.name")), "root writes through permission bits");
        Repo repo = Repo.init(tmp.resolve("work")).write("a.txt", "one\n");
        repo.commit("base");
        Path ps = tmp.resolve("ps");
        Cli.ok("new", ps, "--repo", repo.dir());
        Entries.rewrite(ps, repo.dir(), "a.txt", "one", "two", "--id", "a");
        repo.write("a.txt", "zero\none\n").commit("moved");
        byte[] before = Files.readAllBytes(ps.resolve("patchset.toml"));
        Files.setPosixFilePermissions(ps, PosixFilePermissions.fromString("r-xr-xr-x"));
        try {
            Cli.Run run = Cli.run("rebase", ps, "--repo", repo.dir(), "--onto", "HEAD");
            assertThat(run.exit()).as(run.err()).isEqualTo(2);
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.err()).contains(ps.toString()).contains("permission denied");
        } finally {
            Files.setPosixFilePermissions(ps, PosixFilePermissions.fromString("rwxr-xr-x"));
        }
        assertThat(Files.readAllBytes(ps.resolve("patchset.toml"))).isEqualTo(before);
    }
}
