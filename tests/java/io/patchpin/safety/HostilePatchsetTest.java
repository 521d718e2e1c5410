package io.patchpin.safety;

import static org.assertj.core.api.Assertions.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Patchsets are shared between strangers: whatever a {@code patchset.toml}
 * holds, reading it ends in exit 2 with one line naming the file and line,
 * never an out-of-memory, a hang or a silently wrong reading.
 */
class HostilePatchsetTest {
    @TempDir
    static Path tmp;

    static Repo repo;
    static String good;

    @BeforeAll
    static void workspace() throws Exception {
        repo = Repo.init(tmp.resolve("work")).write("build.sh", "cmake -DA=1\ncmake -DB=2\n");
        repo.commit("base");
        Path ps = tmp.resolve("good");
        assertThat(Cli.run("new", ps.toString(), "--repo", repo.dir().toString()).exit()).isZero();
        Cli.Run add = Cli.run("add", "rewrite", ps.toString(), "--repo", repo.dir().toString(), "--file", "build.sh",
                "--find", "-DA=1", "--replace", "-DA=2", "--id", "a");
        assertThat(add.exit()).as(add.err()).isZero();
        good = Files.readString(ps.resolve("patchset.toml"), StandardCharsets.UTF_8);
    }

    static Path patchset(String name, String text) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("patchset.toml"), text, StandardCharsets.UTF_8);
        return dir;
    }

    static Cli.Run verify(Path dir) {
        return Cli.run("verify", dir.toString(), "--repo", repo.dir().toString());
    }

    static void badInputAt(Cli.Run run, Path dir, String... words) {
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err()).startsWith("patchpin: " + dir.resolve("patchset.toml") + ":").contains(words);
        assertThat(run.err()).doesNotContain("Exception");
    }

    static String regexEntry(String find) {
        return good.replace("find = \"-DA=1\"", "find = '" + find + "'\nregex = true");
    }

    @Test
    void aNestedRepetitionIsRefusedNotCompiled() throws Exception {
        Path dir = patchset("nested", regexEntry("((a{1000}){1000}){1000}"));
        badInputAt(verify(dir), dir, "entry 'a'", "too large");
    }

    @Test
    void aHugeLiteralRegexIsRefusedQuickly() throws Exception {
        Path dir = patchset("long", regexEntry("ab".repeat(100_000)));
        long start = System.nanoTime();
        badInputAt(verify(dir), dir, "entry 'a'", "too large");
        assertThat((System.nanoTime() - start) / 1_000_000_000).isLessThan(20);
    }

    @Test
    void addRefusesAHugeRegexToo() {
        Cli.Run add = Cli.run("add", "rewrite", tmp.resolve("good").toString(), "--repo", repo.dir().toString(), "--file",
                "build.sh", "--regex", "--find", "(x{999}){999}", "--replace", "y", "--id", "big");
        assertThat(add.exit()).as(add.err()).isEqualTo(2);
        assertThat(add.err()).contains("too large").doesNotContain("Exception");
    }
}
