package io.patchpin.rewrite;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;

import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** {@code add insert --before}: sealed, verified, applied above its anchor and reverted, on a real workspace. */
class InsertBeforeTest extends TheRockWorkTest {
    static final String ML = TheRockFixture.ML_LIBS;
    static final String ML_TEXT =
            "set(targets gfx908 gfx90a gfx942 gfx950 gfx1100)\nExternalProject_Add(ck\n  CMAKE_ARGS\n"
                    + "    -DFOO=1\n)\n";

    String repo;
    String set;

    @BeforeEach
    void setUp() {
        repo = work.dir().toString();
        set = tmp.resolve("patchsets/mine").toString();
        ok("new", set, "--repo", repo);
    }

    @Test
    void linesGoAboveTheAnchorAndComeOutAgainOnRevert() {
        Entries.add(
                "insert",
                set,
                repo,
                "--file",
                ML,
                "--before",
                "CMAKE_ARGS",
                "--text",
                "  # built for gfx1103 too\n  BUILD_ALWAYS ON",
                "--id",
                "above");
        InsertEntry e = (InsertEntry) PatchsetStore.read(Path.of(set)).entries().get(0);
        assertThat(e.position()).isEqualTo(InsertEntry.Position.BEFORE);
        assertThat(e.seal()).isNotNull();

        Cli.Run verify = Cli.ok("verify", set, "--repo", repo, "--rev", "HEAD");
        assertThat(verify.out()).contains("EXACT");
        ok("apply", set, "--repo", repo);
        assertThat(work.read(ML))
                .isEqualTo("set(targets gfx908 gfx90a gfx942 gfx950 gfx1100)\nExternalProject_Add(ck\n"
                        + "  # built for gfx1103 too\n  BUILD_ALWAYS ON\n  CMAKE_ARGS\n    -DFOO=1\n)\n");
        Cli.ok("apply", set, "--repo", repo);
        assertThat(work.read(ML)).contains("BUILD_ALWAYS ON\n  CMAKE_ARGS").doesNotContain("ON\n  # built");
        Cli.Run verifyApplied = Cli.run("verify", set, "--repo", repo);
        assertThat(verifyApplied.out()).contains("ALREADY_APPLIED");
        ok("revert", set, "--repo", repo);
        assertThat(work.read(ML)).isEqualTo(ML_TEXT);
    }

    @Test
    void aRegexAnchorBeforeTheFirstLineAndAnAmbiguousOneIsRefused() {
        Entries.add(
                "insert",
                set,
                repo,
                "--file",
                ML,
                "--regex",
                "--before",
                "^set\\(targets",
                "--text",
                "# targets",
                "--id",
                "top");
        ok("apply", set, "--repo", repo);
        assertThat(work.read(ML)).startsWith("# targets\nset(targets");

        Cli.Run twice = Cli.run(
                "add",
                "insert",
                set,
                "--repo",
                repo,
                "--file",
                ML,
                "--regex",
                "--before",
                "ExternalProject|CMAKE",
                "--text",
                "x");
        assertThat(twice.exit()).isNotZero();
        assertThat(twice.err()).startsWith("patchpin: ");
        Cli.Run empty = Cli.run("add", "insert", set, "--repo", repo, "--file", ML, "--before", "", "--text", "x");
        assertThat(empty.exit()).isEqualTo(2);
        assertThat(empty.err()).contains("--before").contains("anchor is empty");
        assertThat(PatchsetStore.read(Path.of(set)).entries()).hasSize(1);
    }
}
