package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

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
        Cli.ok("new", ps, "--repo", repo.dir());
        Entries.rewrite(ps, repo.dir(), "build.sh", "-DA=1", "-DA=2", "--id", "a");
        good = Files.readString(ps.resolve("patchset.toml"), StandardCharsets.UTF_8);
    }

    static Path patchset(String name, String text) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("patchset.toml"), text, StandardCharsets.UTF_8);
        return dir;
    }

    static Cli.Run verify(Path dir) {
        return Cli.run("verify", dir, "--repo", repo.dir());
    }

    static void badInputAt(Cli.Run run, Path dir, String... words) {
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.errLines()).hasSize(1);
        assertThat(run.err())
                .startsWith("patchpin: " + dir.resolve("patchset.toml") + ":")
                .contains(words);
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
        Cli.Run add = Entries.tryRewrite(
                tmp.resolve("good"), repo.dir(), "build.sh", "(x{999}){999}", "y", "--regex", "--id", "big");
        assertThat(add.exit()).as(add.err()).isEqualTo(2);
        assertThat(add.err()).contains("too large").doesNotContain("Exception");
    }

    @Test
    void numbersBeyondIntAreRefusedNotTruncated() throws Exception {
        Path format = patchset("format", good.replace("format = 1", "format = 4294967297"));
        badInputAt(verify(format), format, ":1:", "newer");
        String patchEntry = "\n[[entry]]\nid = \"p\"\nkind = \"patch\"\ncomponent = \".\"\npatch = \"x.patch\"\n"
                + "strip = 4294967297\nfiles = [\"build.sh\"]\n";
        Path strip = patchset("strip", good + patchEntry);
        int stripLine = (int) (good + patchEntry)
                        .lines()
                        .takeWhile(l -> !l.startsWith("strip"))
                        .count()
                + 1;
        badInputAt(verify(strip), strip, ":" + stripLine + ":", "strip", "out of range");
        Path occurrence =
                patchset("occurrence", good.replace("occurrence = \"all\"", "occurrence = 99999999999999999999"));
        badInputAt(verify(occurrence), occurrence, "occurrence");
    }

    @Test
    void aHunkCountBeyondIntIsBadInputWithItsLine() throws Exception {
        Path patch = tmp.resolve("huge.patch");
        Files.writeString(
                patch,
                "--- a/build.sh\n+++ b/build.sh\n@@ -1,2 +1,4294967297 @@\n cmake -DA=1\n-cmake -DB=2\n+cmake -DB=3\n",
                StandardCharsets.UTF_8);
        Cli.Run add = Cli.run(
                "add", "patch", tmp.resolve("good"), "--repo", repo.dir(), "--component", ".", patch, "--id", "huge");
        assertThat(add.exit()).as(add.err()).isEqualTo(2);
        assertThat(add.err()).contains(patch + ":3:").contains("out of range").doesNotContain("Exception");
    }

    @Test
    void aSedOccurrenceBeyondIntIsReportedWithItsLine() throws Exception {
        Path script = tmp.resolve("big.sh");
        Files.writeString(
                script, "# edits\nsed -i 's/-DA=1/-DA=2/99999999999999999999' build.sh\n", StandardCharsets.UTF_8);
        Path dir = tmp.resolve("sedset");
        Cli.ok("new", dir, "--repo", repo.dir());
        Cli.Run imp = Cli.run("import-sed", dir, "--repo", repo.dir(), "--script", script);
        assertThat(imp.exit()).as(imp.err()).isNotIn(0, 70);
        assertThat(imp.out() + imp.err()).contains("2").contains("out of range").doesNotContain("Exception");
    }

    @Test
    void oddPatchFileNamesAreBadInput() throws Exception {
        String entry =
                "\n[[entry]]\nid = \"p\"\nkind = \"patch\"\ncomponent = \".\"\npatch = \"NAME\"\nfiles = [\"build.sh\"]\n";
        Path dot = patchset("dot", good + entry.replace("NAME", "."));
        badInputAt(verify(dot), dot, "entry 'p'", "patch");
        Path longName = patchset("longname", good + entry.replace("NAME", "p".repeat(300) + ".patch"));
        badInputAt(verify(longName), longName, "entry 'p'", "patch");
    }

    @Test
    void aComponentWhoseGitFilePointsNowhereIsNotACrash() throws Exception {
        Repo sub = Repo.init(tmp.resolve("up/sub")).write("s.txt", "s\n");
        sub.commit("sub");
        Repo top = Repo.init(tmp.resolve("top")).write("t.txt", "t\n");
        top.addSubmodule("sub", sub).commit("with sub");
        Path ps = tmp.resolve("subset");
        Cli.ok("new", ps, "--repo", top.dir());
        Entries.rewrite(ps, top.dir(), "s.txt", "s", "S", "--id", "s", "--component", "sub");
        Files.writeString(top.dir().resolve("sub/.git"), "gitdir: ../.git/modules/gone\n", StandardCharsets.UTF_8);
        for (String[] args : new String[][] {{"verify"}, {"verify", "--rev", "HEAD"}, {"apply"}, {"audit"}}) {
            List<String> all = new ArrayList<>(List.of(args));
            all.add(1, ps.toString());
            all.addAll(List.of("--repo", top.dir().toString()));
            Cli.Run run = Cli.run(all.toArray(String[]::new));
            assertThat(run.exit()).as(all + "\n" + run.out() + run.err()).isNotEqualTo(70);
            assertThat(run.err()).doesNotContain("internal error");
        }
    }

    @Test
    void invalidUtf8IsReportedAtItsLineAndColumn() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("latin1"));
        byte[] text = good.getBytes(StandardCharsets.UTF_8);
        int line = 7;
        int at = 0;
        for (int n = 1; n < line; at++) {
            n += text[at] == '\n' ? 1 : 0;
        }
        byte[] bad = text.clone();
        bad[at + 2] = (byte) 0xe9;
        Files.write(dir.resolve("patchset.toml"), bad);
        badInputAt(verify(dir), dir, ":7:", "column 3", "UTF-8");

        Path script = tmp.resolve("latin1.sh");
        Files.write(script, "# caf\n# caf\u00e9\nsed -i 's/a/b/' build.sh\n".getBytes(StandardCharsets.ISO_8859_1));
        Cli.Run imp = Cli.run("import-sed", tmp.resolve("good"), "--repo", repo.dir(), "--script", script);
        assertThat(imp.exit()).isEqualTo(2);
        assertThat(imp.err()).startsWith("patchpin: " + script + ":2: column 6");
    }

    @Test
    void controlCharactersNeverReachTheTerminalRaw() throws Exception {
        String hostile = "\\u001b]0;owned\\u0007\\u001b[2J";
        Path dir = patchset("ansi", good.replace("file = \"build.sh\"", "file = \"build.sh" + hostile + "\""));
        Cli.Run run = verify(dir);
        assertThat(run.exit()).isEqualTo(2);
        assertThat(run.out() + run.err())
                .doesNotContain("\u001b")
                .doesNotContain("\u0007")
                .contains("\\x1b]0;owned\\x07");
        Cli.Run add = Entries.tryRewrite(tmp.resolve("good"), repo.dir(), "build\u001b[2J.sh", "a", "b", "--id", "ctl");
        assertThat(add.exit()).isEqualTo(2);
        assertThat(add.out() + add.err()).doesNotContain("\u001b").contains("control character");
    }
}
