package io.patchpin.rewrite;

import static org.assertj.core.api.Assertions.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import java.nio.file.Path;
import java.util.stream.Collectors;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * FILE_MISSING at a revision names the file's new path when git's rename
 * detection (50% similarity) finds it between the base and the revision in
 * the component's trees; a file deleted for good gets no such guess.
 */
class RenamedFileTest {
    @TempDir
    Path tmp;

    private static String lines(String prefix) {
        return IntStream.rangeClosed(1, 20)
                .mapToObj(i -> prefix + " line " + i + "\n")
                .collect(Collectors.joining());
    }

    @Test
    void fileMissingNamesTheRenameGitFinds() {
        Repo lib = Repo.init(tmp.resolve("lib"))
                .write("src/options.cmake", lines("set(OPT)"))
                .write("src/gone.cmake", lines("gone"));
        lib.commit("lib");
        Repo top = Repo.init(tmp.resolve("top")).write("README", "top\n").addSubmodule("lib", lib);
        top.commit("top");
        String set = tmp.resolve("patchsets/mine").toString();
        String repo = top.dir().toString();
        Cli.ok("new", set, "--repo", repo);
        Entries.rewrite(
                set,
                repo,
                "src/options.cmake",
                "set(OPT) line 7",
                "set(OPT) line seven",
                "--id",
                "opt",
                "--component",
                "lib");
        Entries.rewrite(
                set, repo, "src/gone.cmake", "gone line 3", "gone line three", "--id", "gone", "--component", "lib");

        lib.delete("src/options.cmake")
                .write("cmake/Options.cmake", lines("set(OPT)").replace("line 2\n", "line two\n"))
                .delete("src/gone.cmake")
                .write("src/new.cmake", lines("unrelated"));
        String moved = lib.commit("move options");
        top.bumpSubmodule("lib", moved).commit("bump lib");

        Cli.Run r = Cli.run("verify", set, "--repo", repo, "--rev", "HEAD");

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
        String opt =
                r.out().lines().filter(l -> l.contains(" opt ")).findFirst().orElseThrow();
        assertThat(opt)
                .contains("FILE_MISSING")
                .contains("renamed to cmake/Options.cmake (")
                .contains("% similar");
        String gone =
                r.out().lines().filter(l -> l.contains(" gone ")).findFirst().orElseThrow();
        assertThat(gone).contains("FILE_MISSING").doesNotContain("renamed to");
    }
}
