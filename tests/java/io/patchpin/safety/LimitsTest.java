package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.core.ReadLimit;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.api.parallel.Isolated;

/**
 * The shapes that grow without bound, at small sizes on generated inputs (the
 * full sizes and their timings are in tests/bench/limits.sh): a patch of many
 * hunks, a file above the read limit, many entries, a submodule that nests
 * itself and a gitlink to a commit no object database has. Each either gives
 * the right result or is refused with exit 2 naming what; none is a fault.
 * Time is not asserted here.
 */
@Isolated // it sets the read limit's system property, which every read of every test consults
class LimitsTest {
    static final int HUNKS = 2_000;
    static final String BIG = "big.txt";

    @TempDir
    Path tmp;

    @AfterEach
    void noLimit() {
        System.clearProperty(ReadLimit.PROPERTY);
    }

    static String line(int n) {
        return "line " + n + " of the generated file\n";
    }

    /** A file of {@code hunks * 8} lines. */
    static String original(int hunks) {
        StringBuilder b = new StringBuilder();
        for (int n = 1; n <= hunks * 8; n++) {
            b.append(line(n));
        }
        return b.toString();
    }

    /** The file with every 8th line (4, 12, ...) changed. */
    static String patched(int hunks) {
        StringBuilder b = new StringBuilder();
        for (int n = 1; n <= hunks * 8; n++) {
            b.append(n % 8 == 4 ? "line " + n + " changed\n" : line(n));
        }
        return b.toString();
    }

    /** The unified diff from {@link #original} to {@link #patched}: one hunk per changed line, 3 lines of context. */
    static String diff(int hunks) {
        StringBuilder b = new StringBuilder("--- a/" + BIG + "\n+++ b/" + BIG + "\n");
        for (int k = 0; k < hunks; k++) {
            int changed = 8 * k + 4;
            b.append("@@ -")
                    .append(changed - 3)
                    .append(",7 +")
                    .append(changed - 3)
                    .append(",7 @@\n");
            for (int n = changed - 3; n < changed; n++) {
                b.append(' ').append(line(n));
            }
            b.append('-').append(line(changed)).append("+line ").append(changed).append(" changed\n");
            for (int n = changed + 1; n <= changed + 3; n++) {
                b.append(' ').append(line(n));
            }
        }
        return b.toString();
    }

    private Repo superproject(String file, String content) {
        Repo r = Repo.init(tmp.resolve("ws"));
        r.write(file, content);
        r.commit("base");
        return r;
    }

    private Path newSet(Repo r) {
        Path set = tmp.resolve("sets/limits");
        Cli.ok("new", set, "--repo", r.dir(), "--name", "limits");
        return set;
    }

    @Test
    void aPatchOfManyHunksAppliesWhole() throws IOException {
        Repo r = superproject(BIG, original(HUNKS));
        Path set = newSet(r);
        Path patch = tmp.resolve("many.patch");
        Files.writeString(patch, diff(HUNKS), StandardCharsets.UTF_8);

        Cli.Run added = Cli.run("add", "patch", set, "--repo", r.dir(), "--component", ".", patch, "--id", "many");
        Cli.Run verified = Cli.run("verify", set, "--repo", r.dir(), "--rev", "HEAD");
        Cli.Run applied = Cli.run("apply", set, "--repo", r.dir());

        assertThat(added.exit()).as(added.err()).isZero();
        assertThat(verified.exit()).as(verified.err()).isZero();
        assertThat(verified.out()).contains("EXACT").contains(HUNKS + " hunk(s)");
        assertThat(applied.exit()).as(applied.err()).isZero();
        assertThat(r.read(BIG)).isEqualTo(patched(HUNKS));
    }

    @Test
    void aFileAboveTheLimitIsRefusedNamingItWhereverItIsRead() throws IOException {
        Repo r = superproject("sub/" + BIG, original(100));
        Path set = newSet(r);
        Entries.rewrite(
                set, r.dir(), "sub/" + BIG, "line 12 of", "line twelve of", "--component", ".", "--occurrence", "1");
        String before = r.read("sub/" + BIG);
        System.setProperty(ReadLimit.PROPERTY, "1000");

        Cli.Run workTree = Cli.run("verify", set, "--repo", r.dir());
        Cli.Run revision = Cli.run("verify", set, "--repo", r.dir(), "--rev", "HEAD");
        Cli.Run applied = Cli.run("apply", set, "--repo", r.dir());

        for (Cli.Run run : List.of(workTree, revision, applied)) {
            assertThat(run.exit()).as(run.err()).isEqualTo(2);
            assertThat(run.errLines()).as(run.err()).hasSize(1);
            assertThat(run.err())
                    .startsWith("patchpin: sub/" + BIG + ": ")
                    .contains("too large to read into memory")
                    .contains("-D" + ReadLimit.PROPERTY)
                    .contains("PATCHPIN_JAVA_OPTS=-Xmx");
            assertThat(run.out()).doesNotContain("EXACT");
        }
        assertThat(revision.err()).contains("at revision " + r.head().substring(0, 12));
        assertThat(r.read("sub/" + BIG)).isEqualTo(before);
        assertThat(r.git("status", "--porcelain")).isEmpty();
    }

    @Test
    void aPatchFileAboveTheLimitIsRefused() throws IOException {
        Repo r = superproject(BIG, original(100));
        Path set = newSet(r);
        Path patch = tmp.resolve("many.patch");
        Files.writeString(patch, diff(100), StandardCharsets.UTF_8);
        System.setProperty(ReadLimit.PROPERTY, "1000");

        Cli.Run added = Cli.run("add", "patch", set, "--repo", r.dir(), "--component", ".", patch);

        assertThat(added.exit()).as(added.err()).isEqualTo(2);
        assertThat(added.err()).startsWith("patchpin: " + patch + ": ").contains("too large to read into memory");
        assertThat(Files.readString(set.resolve("patchset.toml"), StandardCharsets.UTF_8))
                .doesNotContain("[[entry]]");
    }

    @Test
    void manyEntriesOnManyFilesVerifyAndApply() throws IOException {
        int files = 4;
        int perFile = 50;
        Repo r = Repo.init(tmp.resolve("ws"));
        StringBuilder script = new StringBuilder();
        for (int f = 0; f < files; f++) {
            StringBuilder text = new StringBuilder();
            for (int n = 0; n < perFile; n++) {
                text.append("set(OPT_").append(f).append('_').append(n).append(" \"v\")\n");
                script.append("sed -i 's/OPT_")
                        .append(f)
                        .append('_')
                        .append(n)
                        .append(" \"v\"/OPT_")
                        .append(f)
                        .append('_')
                        .append(n)
                        .append(" \"p\"/' f")
                        .append(f)
                        .append(".cmake\n");
            }
            r.write("f" + f + ".cmake", text.toString());
        }
        r.commit("base");
        Path set = newSet(r);
        Path sed = tmp.resolve("edits.sh");
        Files.writeString(sed, script.toString(), StandardCharsets.UTF_8);

        Cli.Run imported = Cli.run("import-sed", set, "--repo", r.dir(), "--script", sed);
        Cli.Run verified = Cli.run("verify", set, "--repo", r.dir(), "--rev", "HEAD");
        Cli.Run applied = Cli.run("apply", set, "--repo", r.dir());

        assertThat(imported.exit()).as(imported.err()).isZero();
        assertThat(verified.exit()).as(verified.err()).isZero();
        assertThat(verified.out()).contains("summary: " + files * perFile + " ok, 0 review, 0 broken");
        assertThat(applied.exit()).as(applied.err()).isZero();
        assertThat(r.read("f3.cmake")).contains("set(OPT_3_49 \"p\")").doesNotContain("\"v\"");
    }

    @Test
    void aSubmoduleThatNestsItselfIsRefusedByEveryReader() throws IOException {
        SelfNestingTest shapes = new SelfNestingTest();
        shapes.tmp = tmp;
        Repo r = shapes.chain(3, List.of("a", "b"), level -> SelfNestingTest.SELF);
        Path set = newSet(r);

        Cli.Run lock = Cli.run("lock", "--repo", r.dir());
        Cli.Run added = Entries.tryRewrite(set, r.dir(), "README", "level 1", "level one", "--component", "a/b");
        Cli.Run verified = Cli.run("verify", set, "--repo", r.dir(), "--rev", "HEAD");

        for (Cli.Run run : List.of(lock, added, verified)) {
            assertThat(run.exit()).as(run.err()).isEqualTo(2);
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.err()).contains("submodule cycle: component 'a' is repository " + SelfNestingTest.SELF);
        }
    }

    @Test
    void aGitlinkToACommitNoObjectDatabaseHasIsObjectsMissing() throws IOException {
        Repo child = Repo.init(tmp.resolve("child"));
        child.write("CMakeLists.txt", "project(child)\nadd_subdirectory(tests)\n");
        child.commit("child");
        Repo r = Repo.init(tmp.resolve("ws"));
        r.write("README", "top\n");
        r.addSubmodule("sub", child);
        r.commit("with sub");
        Path set = newSet(r);
        Entries.rewrite(
                set,
                r.dir(),
                "CMakeLists.txt",
                "add_subdirectory(tests)",
                "# no tests",
                "--component",
                "sub",
                "--occurrence",
                "1");
        String missing = "0123456789abcdef0123456789abcdef01234567";
        r.git("update-index", "--cacheinfo", "160000," + missing + ",sub");
        r.git("commit", "-q", "-m", "sub at a commit nobody has");

        Cli.Run verified = Cli.run("verify", set, "--repo", r.dir(), "--rev", "HEAD");
        Path lockFile = tmp.resolve("ws.lock.toml");
        Cli.Run lock = Cli.run("lock", "--repo", r.dir(), "-o", lockFile);
        Cli.Run check = Cli.run("lock", "check", lockFile, "--repo", r.dir());

        assertThat(verified.exit()).as(verified.err()).isEqualTo(1);
        assertThat(verified.out()).contains("OBJECTS_MISSING").contains("commit " + missing.substring(0, 12));
        assertThat(lock.exit()).as(lock.err()).isEqualTo(1);
        assertThat(lock.err()).contains("sub (submodule sub): commit " + missing + " is in no local object database");
        assertThat(Files.readString(lockFile, StandardCharsets.UTF_8)).contains(missing);
        assertThat(check.exit()).as(check.err()).isEqualTo(1);
        assertThat(check.exit()).as(check.err()).isNotEqualTo(70);
    }
}
