package io.patchpin.rewrite;

import static io.patchpin.testkit.Asserts.assertThat;

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

    private static String lines(String prefix, int count) {
        return IntStream.rangeClosed(1, count)
                .mapToObj(i -> prefix + " line " + i + "\n")
                .collect(Collectors.joining());
    }

    @Test
    void fileMissingNamesTheRenameGitFinds() {
        Repo lib = Repo.init(tmp.resolve("lib"))
                .write("src/options.cmake", lines("set(OPT)", 20))
                .write("src/gone.cmake", lines("gone", 20));
        lib.commit("lib");
        Repo top = topWithSet(lib);
        rewrite(top, "src/options.cmake", "set(OPT) line 7", "set(OPT) line seven", "opt");
        rewrite(top, "src/gone.cmake", "gone line 3", "gone line three", "gone");

        lib.delete("src/options.cmake")
                .write("cmake/Options.cmake", lines("set(OPT)", 20).replace("line 2\n", "line two\n"))
                .delete("src/gone.cmake")
                .write("src/new.cmake", lines("unrelated", 20));
        String moved = lib.commit("move options");
        top.bumpSubmodule("lib", moved).commit("bump lib");

        Cli.Run r = verifyAtHead(top);

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(1);
        assertThat(lineOf(r, "opt"))
                .contains("FILE_MISSING")
                .contains("renamed to cmake/Options.cmake (")
                .contains("% similar");
        assertThat(lineOf(r, "gone")).contains("FILE_MISSING").doesNotContain("renamed to");
    }

    /**
     * Among thousands of added files too: TheRock's tests/hipcc_check.cpp became tests/hip_check.cpp beside them,
     * past JGit's 400-file rename limit, where {@code git diff -M} (1,000 squared comparisons) still finds it.
     */
    @Test
    void aRenameAmongAThousandAddedFilesIsNamed() {
        Repo lib = Repo.init(tmp.resolve("lib")).write("tests/hipcc_check.cpp", lines("int check()", 25));
        lib.commit("lib");
        Repo top = topWithSet(lib);
        rewrite(top, "tests/hipcc_check.cpp", "int check() line 7", "int check() line seven", "check");

        lib.delete("tests/hipcc_check.cpp")
                .write("tests/hip_check.cpp", lines("int check()", 25).replace("line 2\n", "line two\n"));
        for (int i = 0; i < 1000; i++) {
            lib.write("new/file" + i + ".txt", "unrelated " + i + "\n" + lines("other " + i, 25));
        }
        top.bumpSubmodule("lib", lib.commit("rename among a thousand new files"))
                .commit("bump lib");

        assertThat(lineOf(verifyAtHead(top), "check"))
                .contains("FILE_MISSING")
                .contains("renamed to tests/hip_check.cpp (")
                .contains("% similar");
    }

    /** A superproject with {@code lib} as its submodule {@code lib}, and a new, empty patchset on it. */
    private Repo topWithSet(Repo lib) {
        Repo top = Repo.init(tmp.resolve("top")).write("README", "top\n").addSubmodule("lib", lib);
        top.commit("top");
        Cli.ok("new", set(), "--repo", top.dir());
        return top;
    }

    private String set() {
        return tmp.resolve("patchsets/mine").toString();
    }

    private void rewrite(Repo top, String file, String find, String replace, String id) {
        Entries.rewrite(set(), top.dir().toString(), file, find, replace, "--id", id, "--component", "lib");
    }

    private Cli.Run verifyAtHead(Repo top) {
        return Cli.run("verify", set(), "--repo", top.dir(), "--rev", "HEAD");
    }

    /** The report line of entry {@code id}. */
    private static String lineOf(Cli.Run r, String id) {
        return r.out()
                .lines()
                .filter(l -> l.contains(" " + id + " "))
                .findFirst()
                .orElseThrow();
    }
}
