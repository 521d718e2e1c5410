package io.patchpin.cli;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import io.patchpin.workspace.RepositoryLocator;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Bad revisions and wrong places: every one is exit 2 with one line that says
 * what is wrong, never an internal error or a "null".
 */
class WrongPlaceTest extends TheRockWorkTest {
    Path set;

    @BeforeEach
    void setUp() {
        set = newSet("patchsets/mine");
        Entries.rewrite(set, work.dir(), "ml-libs/CMakeLists.txt", "gfx950", "gfx950 gfx1103");
    }

    private Cli.Run verify(String repo, String rev) {
        return Cli.run("verify", set, "--repo", repo, "--rev", rev);
    }

    private static void oneLine(Cli.Run r, String says) {
        assertThat(r.exit()).as(r.err()).isEqualTo(2);
        assertThat(r.errLines())
                .singleElement()
                .asString()
                .startsWith("patchpin: ")
                .contains(says)
                .doesNotContain("null");
    }

    @Test
    void everyBadRevisionIsExitTwoWithOneLine() {
        String repo = work.dir().toString();
        oneLine(verify(repo, "0123456789012345678901234567890123456789"), "unknown revision '0123456789");
        oneLine(verify(repo, "HEAD^{tree}"), "'HEAD^{tree}' does not name a commit (it names a tree)");
        oneLine(
                verify(fx.bareSuperproject("bare.git").toString(), "main@{1}"),
                "bad revision 'main@{1}': no such reflog entry");
        oneLine(verify(repo, "no-such-branch"), "unknown revision 'no-such-branch'");
        String prefix = ambiguousPrefix(work.dir());
        oneLine(verify(repo, prefix), "'" + prefix + "' is ambiguous: it could be " + prefix);
    }

    /**
     * A two-digit prefix two objects share, making objects until there is one: C git lists the objects once, and
     * each empty commit made after adds one object, itself.
     */
    private static String ambiguousPrefix(Path repo) {
        Map<String, Integer> seen = new HashMap<>();
        List<String> ids = List.of(Git.run(repo, "cat-file", "--batch-all-objects", "--batch-check=%(objectname)")
                .split("\n"));
        for (int i = 0; ; i++) {
            for (String id : ids) {
                if (seen.merge(id.substring(0, 2), 1, Integer::sum) > 1) {
                    return id.substring(0, 2);
                }
            }
            ids = List.of(Repo.at(repo).commitStaged("filler " + i));
        }
    }

    @Test
    void aShallowCloneMissingTheBaseSaysSoAndStillVerifies() {
        fx.therock.write("README.md", "TheRock\n").commit("readme");
        Path shallow = tmp.resolve("shallow");
        Git.run(tmp, "clone", "-q", "--depth", "1", fx.therock.url(), shallow.toString());
        String base = work.head();

        oneLine(verify(shallow.toString(), base), "(a shallow clone: git fetch --unshallow");
        oneLine(
                Entries.tryRewrite(set, shallow, "ml-libs/CMakeLists.txt", "CMAKE_ARGS", "CMAKE_ARGS "),
                "base " + base.substring(0, 7) + " is not in " + shallow);
        Cli.Run r = verify(shallow.toString(), "HEAD");
        assertThat(r.exit()).as(r.err()).isNotIn(2, 70);
    }

    @Test
    void aRepositoryWithoutTheBaseIsProbablyTheWrongOne() {
        Repo other = Repo.init(tmp.resolve("other")).write("x", "x\n");
        other.commit("x");
        String base = work.head().substring(0, 7);
        oneLine(
                verify(other.dir().toString(), "HEAD"),
                "base " + base + " is not in " + other.dir() + ": is --repo your TheRock checkout?");
    }

    @Test
    void aSubfolderOfTheWorkTreeFindsTheRepositoryAsGitDoes() {
        Cli.Run r = verify(work.dir().resolve("ml-libs").toString(), "HEAD");
        assertThat(r.exit()).as(r.err()).isZero();
    }

    @Test
    void aSubmoduleKnowsItsSuperproject() {
        Path nested = work.dir().resolve(TheRockFixture.PERFETTO);
        assertThat(RepositoryLocator.superprojectOf(work.dir().resolve(SYSTEMS)))
                .contains(work.dir().toAbsolutePath());
        assertThat(RepositoryLocator.superprojectOf(nested)).contains(work.dir().toAbsolutePath());
        assertThat(RepositoryLocator.superprojectOf(work.dir())).isEmpty();
        assertThat(RepositoryLocator.workTreeRootOf(nested.resolve("third_party")))
                .contains(nested.toAbsolutePath());
    }

    @Test
    void passMirrorDirIsSuggestedOnlyWhenNoneWasPassed() throws IOException {
        Path bare = fx.bareSuperproject("bare.git");
        Entries.rewrite(
                set,
                bare,
                "llvm/cmake/modules/HandleLLVMOptions.cmake",
                "_JOBS",
                "_JOBS_",
                "--component",
                TheRockFixture.LLVM);
        Cli.Run none = Cli.run("verify", set, "--repo", bare, "--rev", "HEAD");
        assertThat(none.out()).contains("(fetch it or pass --mirror-dir)");
        Path mirror = Files.createDirectories(tmp.resolve("empty-mirror"));
        Cli.Run given = Cli.run("verify", set, "--repo", bare, "--rev", "HEAD", "--mirror-dir", mirror);
        assertThat(given.out()).contains("into the mirror " + mirror).doesNotContain("pass --mirror-dir");
    }

    @Test
    void aMirrorFolderThatDoesNotExistIsBadInput() {
        for (List<String> cmd : List.of(List.of("verify", set.toString()), List.of("lock"))) {
            List<String> args = new ArrayList<>(cmd);
            args.addAll(List.of(
                    "--repo",
                    work.dir().toString(),
                    "--mirror-dir",
                    tmp.resolve("nope").toString()));
            oneLine(Cli.run(args.toArray(String[]::new)), "--mirror-dir: no such folder: " + tmp.resolve("nope"));
        }
    }
}
