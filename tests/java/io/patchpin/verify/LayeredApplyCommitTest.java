package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.ROCPROFILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code apply --with-layers --commit}: each layer lands as the commits applying it alone would make, bottom
 * first, then the set's own; {@code revert} of the set takes back only its own commits, down to the layers'.
 */
class LayeredApplyCommitTest {
    /** Tree, author, subject and body of each commit above the pin, newest first: the commits, minus their time. */
    private static final String LOG = "--format=%T|%an|%s|%b";

    private static final String BUILD_GN = "BUILD.gn";

    @TempDir
    Path tmp;

    TheRockFixture fx;
    String shared;
    String mine;

    @BeforeEach
    void setUp() {
        fx = TheRockFixture.create(tmp);
        shared = tmp.resolve("patchsets/shared").toString();
        mine = tmp.resolve("patchsets/mine").toString();
    }

    /** The layer {@code shared}: one superproject entry that builds NVPTX too. */
    private void sharedBuildsNvptx(String repo) {
        ok("new", shared, "--repo", repo);
        add(shared, repo, ".", PRE_HOOK, "AMDGPU;X86", "AMDGPU;X86;NVPTX", "nvptx", "Build NVPTX too");
    }

    /** A layer on rocm-systems, and a set on it that edits the same line there and the nested perfetto. */
    private void sets(String repo) {
        ok("new", shared, "--repo", repo);
        add(
                shared,
                repo,
                SYSTEMS,
                ROCPROFILER_CMAKE,
                "project(rocprofiler-sdk)",
                "project(rocprofiler-sdk LANGUAGES CXX)",
                "lang",
                "Build rocprofiler-sdk as C++");
        ok("new", mine, "--repo", repo, "--layer", "../shared");
        add(mine, repo, SYSTEMS, ROCPROFILER_CMAKE, "LANGUAGES CXX", "LANGUAGES CXX HIP", "hip", "And as HIP");
        add(mine, repo, PERFETTO, BUILD_GN, "group(", "source_set(", "perfetto-set", "Perfetto as a source set");
    }

    @Test
    void eachLayerLandsAsTheCommitsApplyingItAloneMakesBottomFirst() throws Exception {
        try (WorkTree stacked = fx.workTree("stacked");
                WorkTree alone = fx.workTree("alone")) {
            sets(stacked.dir().toString());
            String systemsPin = repo(stacked, SYSTEMS).head();
            String perfettoPin = repo(stacked, PERFETTO).head();

            Cli.Run both = Cli.ok("apply", mine, "--repo", stacked.dir(), "--with-layers", "--commit");
            assertThat(both.err())
                    .containsSubsequence(
                            "committed " + SYSTEMS + " ",
                            " Build rocprofiler-sdk as C++ (layer:shared)\n",
                            "committed " + SYSTEMS + " ",
                            " And as HIP\n",
                            "committed " + PERFETTO + " ",
                            " Perfetto as a source set\n");

            ok("apply", shared, "--repo", alone.dir(), "--commit");
            ok("apply", mine, "--repo", alone.dir(), "--commit");
            for (String c : new String[] {SYSTEMS, PERFETTO}) {
                String pin = c.equals(SYSTEMS) ? systemsPin : perfettoPin;
                assertThat(repo(stacked, c).git("log", LOG, pin + "..HEAD"))
                        .isNotEmpty()
                        .isEqualTo(repo(alone, c).git("log", LOG, pin + "..HEAD"));
            }
            assertThat(repo(stacked, SYSTEMS).git("log", "--format=%s", systemsPin + "..HEAD"))
                    .isEqualTo("And as HIP\nBuild rocprofiler-sdk as C++");
        }
    }

    @Test
    void revertOfTheUpperSetTakesBackOnlyItsOwnCommits() throws Exception {
        try (WorkTree ex = fx.workTree("therock")) {
            String repo = ex.dir().toString();
            sets(repo);
            Repo systems = repo(ex, SYSTEMS);
            Repo perfetto = repo(ex, PERFETTO);
            String systemsPin = systems.head();
            String perfettoPin = perfetto.head();
            String pristine = systems.read(ROCPROFILER_CMAKE);
            ok("apply", mine, "--repo", repo, "--with-layers", "--commit");
            String layerCommit = systems.id("HEAD~1");

            Cli.ok("revert", mine, "--repo", repo);
            assertThat(systems.head()).isEqualTo(layerCommit);
            assertThat(systems.read(ROCPROFILER_CMAKE)).contains("project(rocprofiler-sdk LANGUAGES CXX)\n");
            assertThat(perfetto.head()).isEqualTo(perfettoPin);
            assertThat(perfetto.read(BUILD_GN)).startsWith("group(");
            assertThat(systems.git("status", "--porcelain", "--untracked-files=no"))
                    .isEmpty();
            assertThat(LayeredPatchsetTest.verdicts(shared, repo, "HEAD")).containsEntry("shared/lang", "EXACT");
            assertThat(Cli.run("verify", shared, "--repo", repo).out()).contains("ALREADY_APPLIED");

            // the layer cannot go while the set's commits sit on it; once they are gone, it goes to the pin
            ok("apply", mine, "--repo", repo, "--commit");
            Cli.Run stuck = Cli.run("revert", shared, "--repo", repo);
            assertThat(stuck.exit()).isEqualTo(1);
            assertThat(stuck.err())
                    .contains(SYSTEMS + ": HEAD ", "with commits these entries did not make", "And as HIP");
            ok("revert", mine, "--repo", repo);
            ok("revert", shared, "--repo", repo);
            assertThat(systems.head()).isEqualTo(systemsPin);
            assertThat(systems.read(ROCPROFILER_CMAKE)).isEqualTo(pristine);
        }
    }

    @Test
    void revertOfTheUpperSetLeavesTheRockMarksOfTheLayersAlone() throws Exception {
        try (WorkTree stacked = fx.workTree("stacked");
                WorkTree alone = fx.workTree("alone")) {
            sets(stacked.dir().toString());
            Path smrev = stacked.dir().resolve(".rocm-systems.smrev");
            ok("apply", mine, "--repo", stacked.dir(), "--with-layers", "--commit", "--therock");
            String both = Files.readString(smrev, StandardCharsets.UTF_8);
            ok("revert", mine, "--repo", stacked.dir());

            ok("apply", shared, "--repo", alone.dir(), "--commit", "--therock");
            String layerAlone = Files.readString(alone.dir().resolve(".rocm-systems.smrev"), StandardCharsets.UTF_8);
            assertThat(Files.readString(smrev, StandardCharsets.UTF_8))
                    .isEqualTo(layerAlone)
                    .isNotEqualTo(both);
            assertThat(stacked.repo().git("ls-files", "-v", SYSTEMS)).startsWith("S ");
            assertThat(repo(stacked, SYSTEMS).head())
                    .isEqualTo(repo(alone, SYSTEMS).head());
        }
    }

    @Test
    void revertTakesBackTheSetsCommitsInTheSuperprojectToo() throws Exception {
        // found on TheRock: after apply --commit of superproject entries, revert said "nothing to do"
        try (WorkTree ex = fx.workTree("therock")) {
            String repo = ex.dir().toString();
            sharedBuildsNvptx(repo);
            ok("new", mine, "--repo", repo, "--layer", "../shared");
            add(mine, repo, ".", PRE_HOOK, "X86;NVPTX", "X86;NVPTX;SPIRV", "spirv", "And SPIR-V");
            String start = ex.repo().head();
            String pristine = ex.read(".", PRE_HOOK);
            ok("apply", mine, "--repo", repo, "--with-layers", "--commit");
            assertThat(ex.repo().git("log", "--format=%s", start + "..HEAD")).isEqualTo("And SPIR-V\nBuild NVPTX too");
            String layer = ex.repo().id("HEAD~1");

            Cli.Run back = Cli.ok("revert", mine, "--repo", repo);
            assertThat(back.out() + back.err()).contains(". (reset to the commit below them " + layer.substring(0, 12));
            assertThat(ex.repo().head()).isEqualTo(layer);
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX\"");
            ok("revert", shared, "--repo", repo);
            assertThat(ex.repo().head()).isEqualTo(start);
            assertThat(ex.read(".", PRE_HOOK)).isEqualTo(pristine);
            assertThat(ex.repo().git("status", "--porcelain", "--untracked-files=no"))
                    .isEmpty();
        }
    }

    @Test
    void revertOfTheUpperSetStopsAtTheRocksOwnCommitsOfItsLayer() throws Exception {
        try (WorkTree ex = fx.workTree("therock")) {
            String repo = ex.dir().toString();
            String patch = "--- a/" + ROCPROFILER_CMAKE + "\n+++ b/" + ROCPROFILER_CMAKE + "\n@@ -1,2 +1,2 @@\n"
                    + "-project(rocprofiler-sdk)\n+project(rocprofiler-sdk LANGUAGES CXX)\n add_subdirectory(external)\n";
            ex.change(
                    ".", "amd-mainline patches", Map.of("patches/amd-mainline/" + SYSTEMS + "/0001-lang.patch", patch));
            ok("new", mine, "--repo", repo, "--layer", "therock:amd-mainline");
            add(mine, repo, SYSTEMS, ROCPROFILER_CMAKE, "LANGUAGES CXX", "LANGUAGES CXX HIP", "hip", "And as HIP");
            // the layer as TheRock's fetch_sources leaves it: a therockbot commit above the pin
            Repo systems = repo(ex, SYSTEMS);
            systems.git(
                    "apply",
                    ex.dir()
                            .resolve("patches/amd-mainline/" + SYSTEMS + "/0001-lang.patch")
                            .toString());
            String layer = Git.commitAsTheRock(systems.dir(), "Languages");

            ok("apply", mine, "--repo", repo, "--commit");
            assertThat(systems.git("log", "--format=%s", "-1")).isEqualTo("And as HIP");
            Cli.Run back = Cli.ok("revert", mine, "--repo", repo);
            assertThat(back.out() + back.err()).contains(SYSTEMS + " (reset to its layers' last commit");
            assertThat(systems.head()).isEqualTo(layer);
            assertThat(systems.read(ROCPROFILER_CMAKE)).startsWith("project(rocprofiler-sdk LANGUAGES CXX)\n");
        }
    }

    @Test
    void revertLeavesASuperprojectCommitUpstreamHasThatMakesTheEntrysEdit() throws Exception {
        try (WorkTree ex = fx.workTree("therock")) {
            String repo = ex.dir().toString();
            sharedBuildsNvptx(repo);
            // upstream made the same edit in a commit of its own, which this checkout has from a tag
            Files.writeString(
                    ex.dir().resolve(PRE_HOOK),
                    ex.read(".", PRE_HOOK).replace("AMDGPU;X86", "AMDGPU;X86;NVPTX"),
                    StandardCharsets.UTF_8);
            String upstream = ex.repo().commit("Enable NVPTX", PRE_HOOK);
            ex.repo().tag("upstream-nvptx");

            Cli.ok("revert", shared, "--repo", repo);
            assertThat(ex.repo().head()).isEqualTo(upstream);
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX");
        }
    }

    private static Repo repo(WorkTree wt, String component) {
        return Repo.at(wt.dir().resolve(component));
    }

    private static void add(
            String set,
            String repo,
            String component,
            String file,
            String find,
            String replace,
            String id,
            String why) {
        Entries.rewrite(set, repo, file, find, replace, "--id", id, "--component", component, "--why", why);
    }
}
