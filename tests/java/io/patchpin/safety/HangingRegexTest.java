package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Repo;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Defect 6 of issue 28: a shared patchset could hang verify and apply with a
 * regular expression whose RE2/J program keeps hundreds of threads alive on
 * every character ({@code (.*){100}} over 20,000 lines ran past 30 s), and a
 * replacement of 200,000 {@code $1} ran out of memory. Each is now refused
 * (exit 2, the entry's file and line) or finishes within 2 s.
 */
class HangingRegexTest {
    @TempDir
    static Path tmp;

    static Repo repo;

    /** CPU milliseconds of this thread (the one Main.run searches in): wall time on a loaded machine says little. */
    static long cpuMillis() {
        ThreadMXBean bean = ManagementFactory.getThreadMXBean();
        return bean.getCurrentThreadCpuTime() / 1_000_000;
    }

    @BeforeAll
    static void workspace() throws Exception {
        StringBuilder lines = new StringBuilder();
        for (int i = 1; i <= 20_000; i++) {
            lines.append(String.format("set(VARIABLE_%05d \"a value for line %05d\")%n", i, i));
        }
        repo = Repo.init(tmp.resolve("work"))
                .write("big.cmake", lines.toString())
                .write("line.txt", "x".repeat(10_000) + "\n")
                .write("small.txt", "name = one\n");
        repo.commit("base");
    }

    /** A patchset of one unsealed regex rewrite at HEAD, as a stranger could share it; the entry starts at line 5. */
    static Path patchset(String name, String file, String find, String replace) throws Exception {
        Path dir = Files.createDirectories(tmp.resolve(name));
        String toml =
                "format = 1\nname = \"" + name + "\"\nbase = \"" + repo.head() + "\"\n\n[[entry]]\nid = \"hostile\"\n"
                        + "kind = \"rewrite\"\ncomponent = \".\"\nfile = \"" + file + "\"\nfind = '" + find
                        + "'\nreplace = '" + replace
                        + "'\nregex = true\n";
        Files.writeString(dir.resolve("patchset.toml"), toml, StandardCharsets.UTF_8);
        return dir;
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ' ',
            value = {
                "big.cmake (.*){100}", "line.txt (.*){1000}", "line.txt (.?){1000}", "line.txt (?:.*){1000}",
                "big.cmake (?:.*){1000}", "big.cmake (.?){1000}", "line.txt .{1000}",
                        "big.cmake (.*)(.*)(.*)(.*)(.*)(.*)"
            })
    void aCostlyExpressionIsRefusedAtItsEntryOrFinishesQuickly(String file, String find) throws Exception {
        Path dir = patchset("p" + Math.abs((file + find).hashCode()), file, find, "x");
        for (String command : new String[] {"verify", "apply"}) {
            long start = cpuMillis();
            Cli.Run run = Cli.run(command, dir, "--repo", repo.dir());
            long millis = cpuMillis() - start;
            assertThat(millis).as(command + " " + find + " on " + file).isLessThan(2_000);
            if (run.exit() != 2) {
                assertThat(run.exit()).as(run.err()).isIn(0, 1, 3);
                continue;
            }
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.err())
                    .startsWith("patchpin: " + dir.resolve("patchset.toml") + ":5: entry 'hostile': ")
                    .contains("too costly")
                    .doesNotContain("Exception");
        }
        repo.git("checkout", "--", ".");
    }

    @ParameterizedTest
    @CsvSource(
            delimiter = ' ',
            value = {"big.cmake (.*){100}", "line.txt (.*){1000}", "line.txt (.?){1000}", "line.txt (?:.*){1000}"})
    void theCasesFoundAreRefused(String file, String find) throws Exception {
        Path dir = patchset("r" + Math.abs((file + find).hashCode()), file, find, "x");
        Cli.Run run = Cli.run("verify", dir, "--repo", repo.dir());
        assertThat(run.exit()).as(run.err()).isEqualTo(2);
        assertThat(run.err()).contains(":5: entry 'hostile': regular expression too costly");
    }

    @Test
    void anOrdinaryExpressionOnTheLargeFileStillRuns() throws Exception {
        Path dir = patchset("ordinary", "big.cmake", "^set\\(VARIABLE_0000[1-3] \"([^\"]*)\"\\)", "set(X \"$1\")");
        Cli.Run run = Cli.ok("verify", dir, "--repo", repo.dir());
        assertThat(run.out()).contains("3 matches");
    }

    @Test
    void aReplacementThatWouldFillTheHeapIsRefused() throws Exception {
        Path dir = patchset("dollars", "line.txt", "(x{10})", "$1".repeat(200_000));
        for (String command : new String[] {"verify", "apply"}) {
            long start = cpuMillis();
            Cli.Run run = Cli.run(command, dir, "--repo", repo.dir());
            assertThat(cpuMillis() - start).isLessThan(2_000);
            assertThat(run.exit()).as(run.err()).isEqualTo(2);
            assertThat(run.errLines()).hasSize(1);
            assertThat(run.err())
                    .startsWith("patchpin: " + dir.resolve("patchset.toml") + ":5: entry 'hostile': ")
                    .contains("the replacement would make a text of 10001 characters grow");
        }
        assertThat(repo.git("status", "--porcelain")).isEmpty();
    }

    @Test
    void aReplacementWithinItsBoundGrowsASmallFile() throws Exception {
        Path dir = patchset("block", "small.txt", "(one)", "$1 " + "y".repeat(100_000));
        Cli.ok("verify", dir, "--repo", repo.dir());
    }
}
