package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.SmallRepo;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A huge value given as a TOML value, a ref name, an option value, a sed script line or a patch header is refused
 * in one short line that still names the file and line, and says how long the value was.
 */
class ErrorLinesStayShortTest {
    /**
     * 64 KB: 256 times the longest value a diagnostic echoes whole, and several of the readers' buffers long. No limit
     * lies between it and the 2 MB of the report; at 2 MB each refusal cost a third of a second of CPU, most of it in
     * the file names JGit and the sed translation build from the value.
     */
    static final String HUGE = "v".repeat(64 * 1024);

    @TempDir
    static Path tmp;

    static String repo;
    static Path set;

    @BeforeAll
    static void setUp() throws Exception {
        Path root = tmp.resolve("ws");
        SmallRepo.commit(root, Map.of("build.sh", "cmake -DA=1\n"));
        repo = root.toString();
        set = tmp.resolve("set");
        assertThat(Cli.run("new", set.toString(), "--repo", repo).exit()).isZero();
    }

    @Test
    void aHugeTomlValueIsCutInTheRefusal() throws Exception {
        Path bad = tmp.resolve("toml");
        Files.createDirectories(bad);
        String toml = Files.readString(set.resolve("patchset.toml"), StandardCharsets.UTF_8);
        Files.writeString(bad.resolve("patchset.toml"), toml + "\n" + HUGE + " = 1\n", StandardCharsets.UTF_8);
        refusedShortly(Cli.run("verify", bad.toString(), "--repo", repo), bad.resolve("patchset.toml") + ":");
    }

    @Test
    void aHugeRefNameIsCutInTheRefusal() {
        refusedShortly(Cli.run("verify", set.toString(), "--repo", repo, "--rev", HUGE), "");
    }

    @Test
    void aHugeOptionValueIsCutInTheRefusal() {
        refusedShortly(
                Cli.run(
                        "add",
                        "rewrite",
                        set.toString(),
                        "--repo",
                        repo,
                        "--file",
                        "build.sh",
                        "--find",
                        "A=1",
                        "--replace",
                        "A=2",
                        "--occurrence",
                        HUGE),
                "");
    }

    @Test
    void aHugeSedScriptLineIsCutInTheRefusal() throws Exception {
        Path script = tmp.resolve("s.sh");
        Files.writeString(
                script,
                "sed -i 's/" + HUGE + "/x/' build.sh\nsed -i '" + HUGE + "' build.sh\n",
                StandardCharsets.UTF_8);
        Cli.Run r = Cli.run("import-sed", set.toString(), "--repo", repo, "--script", script.toString());
        assertThat(r.errLines())
                .allSatisfy(l -> assertThat(bytes(l)).as(l).isLessThan(640))
                .anySatisfy(l -> assertThat(l)
                        .startsWith("patchpin: s.sh:1: cannot seal: 'vvv")
                        .contains("bytes)"));
    }

    @Test
    void aHugePatchHeaderIsCutInTheRefusal() throws Exception {
        Path patch = tmp.resolve("x.patch");
        Files.writeString(
                patch,
                "--- a/../" + HUGE + "\n+++ b/../" + HUGE + "\n@@ -1 +1 @@\n-cmake -DA=1\n+cmake -DA=2\n",
                StandardCharsets.UTF_8);
        refusedShortly(
                Cli.run("add", "patch", set.toString(), "--repo", repo, "--component", ".", patch.toString()),
                patch + ":");
    }

    private static void refusedShortly(Cli.Run r, String where) {
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).singleElement().satisfies(l -> {
            assertThat(bytes(l)).as(l).isLessThan(640);
            assertThat(l).startsWith("patchpin: " + where).contains("bytes)");
        });
    }

    private static int bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8).length;
    }
}
