package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.RenamedLockSync;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Defect 10 of issue 28: refusals that broke the one-line contract. Lock
 * names that escape or are absolute were refused with exit 1 and two lines,
 * a name holding a newline became folders under .git/modules, import-sed
 * printed a pattern's raw newlines, and some messages named no line. Each is
 * now one line on stderr, exit 2, naming the file and line.
 */
class OneLineRefusalTest {
    /** The superproject every lock name is tried on, made once: the lock only reads it. */
    @TempDir
    static Path shared;

    private static Repo superproject;

    @TempDir
    Path tmp;

    @BeforeAll
    static void makeTheSuperproject() {
        superproject = RenamedLockSync.superproject(shared);
    }

    static void oneLineAt(Cli.Run run, String fileAndLine) {
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines()).as(run.err()).hasSize(1);
        assertThat(run.err()).startsWith("patchpin: " + fileAndLine + ": ").doesNotContain("Exception");
    }

    /** TOML basic-string escapes of hostile lock names. */
    @ParameterizedTest
    @ValueSource(
            strings = {".", "", "../pwnname", "../../hooks", "/etc/x", "a\\nb", "a\\u0007b", "a/../../b", "x/.git"})
    void aLockNameThatCannotBeAModulesFolderIsOneLineAtItsLine(String name) throws Exception {
        RenamedLockSync s = RenamedLockSync.run(superproject, tmp, name);
        Cli.Run sync = s.sync();
        Path lock = s.lock();
        Path fresh = s.fresh();

        oneLineAt(sync, lock + ":" + s.line());
        assertThat(sync.err()).doesNotContain("\u0007");
        assertThat(fresh.resolve(".git/modules")).doesNotExist();
        assertThat(Cli.run("lock", "check", "--repo", fresh, lock).exit()).isEqualTo(2);
    }

    @Test
    void aPatchsetWithoutFormatNamesLineOne() throws Exception {
        Repo repo = Repo.init(tmp.resolve("w")).write("a.txt", "a\n");
        repo.commit("base");
        Path ps = Files.createDirectories(tmp.resolve("ps"));
        Files.writeString(ps.resolve("patchset.toml"), "name = \"x\"\n", StandardCharsets.UTF_8);
        oneLineAt(Cli.run("verify", ps, "--repo", repo.dir()), ps.resolve("patchset.toml") + ":1");
    }

    @Test
    void aPatchWithoutADiffNamesLineOne() throws Exception {
        Repo repo = Repo.init(tmp.resolve("w")).write("a.txt", "a\n");
        repo.commit("base");
        Path ps = tmp.resolve("ps");
        Cli.ok("new", ps, "--repo", repo.dir());
        Path patch = tmp.resolve("empty.patch");
        Files.writeString(patch, "just words\nno diff here\n", StandardCharsets.UTF_8);
        oneLineAt(Cli.run("add", "patch", ps, "--repo", repo.dir(), "--component", ".", patch), patch + ":1");
    }

    @Test
    void aQuiltSeriesNamingAMissingPatchNamesItsSeriesLine() throws Exception {
        Repo repo = Repo.init(tmp.resolve("w")).write("a.txt", "a\n");
        repo.commit("base");
        Path ps = tmp.resolve("ps");
        Cli.ok("new", ps, "--repo", repo.dir());
        Path quilt = Files.createDirectories(tmp.resolve("quilt"));
        Files.writeString(
                quilt.resolve("one.patch"), "--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-a\n+b\n", StandardCharsets.UTF_8);
        Files.writeString(
                quilt.resolve("series"), "# two patches\none.patch\ngone.patch -p1\n", StandardCharsets.UTF_8);
        Cli.Run run =
                Cli.run("import", ps, "--repo", repo.dir(), "--from", quilt.resolve("series"), "--component", ".");
        oneLineAt(run, quilt.resolve("series") + ":3");
        assertThat(run.err()).contains("gone.patch");
    }

    @Test
    void importSedShowsAPatternsControlCharactersEscaped() throws Exception {
        Repo repo = Repo.init(tmp.resolve("w")).write("a.txt", "a\nb\n");
        repo.commit("base");
        Path ps = tmp.resolve("ps");
        Cli.ok("new", ps, "--repo", repo.dir());
        Path script = tmp.resolve("s.sh");
        // a NUL-separated (-z) expression whose pattern spans lines, repeated: its message must stay on its own line
        String line = "sed -z -i 's/a\\n(/x/' a.txt\n";
        Files.writeString(script, line.repeat(50), StandardCharsets.UTF_8);
        Cli.Run run = Cli.run("import-sed", ps, "--repo", repo.dir(), "--script", script);
        assertThat(run.exit()).as(run.err()).isNotIn(0, 70);
        for (String l : run.err().split("\n")) {
            assertThat(l).satisfiesAnyOf(x -> assertThat(x).startsWith("patchpin: s.sh:"), x -> assertThat(x)
                    .startsWith("    "));
        }
    }
}
