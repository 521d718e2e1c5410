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
 * The defect "rename hint missing at real scale": TheRock's
 * tests/hipcc_check.cpp became tests/hip_check.cpp among thousands of added
 * files, and the hint vanished past JGit's 400-file rename limit where
 * {@code git diff -M} (limit 1,000 squared comparisons) still finds it.
 */
class RenameHintMissingAtRealScaleTest {
    @TempDir
    Path tmp;

    private static String lines(String prefix) {
        return IntStream.rangeClosed(1, 25)
                .mapToObj(i -> prefix + " line " + i + "\n")
                .collect(Collectors.joining());
    }

    @Test
    void aRenameAmongAThousandAddedFilesIsNamed() {
        Repo lib = Repo.init(tmp.resolve("lib")).write("tests/hipcc_check.cpp", lines("int check()"));
        lib.commit("lib");
        Repo top = Repo.init(tmp.resolve("top")).write("README", "top\n").addSubmodule("lib", lib);
        top.commit("top");
        String set = tmp.resolve("patchsets/mine").toString();
        String repo = top.dir().toString();
        Cli.ok("new", set, "--repo", repo);
        Entries.rewrite(
                set,
                repo,
                "tests/hipcc_check.cpp",
                "int check() line 7",
                "int check() line seven",
                "--id",
                "check",
                "--component",
                "lib");

        lib.delete("tests/hipcc_check.cpp")
                .write("tests/hip_check.cpp", lines("int check()").replace("line 2\n", "line two\n"));
        for (int i = 0; i < 1000; i++) {
            lib.write("new/file" + i + ".txt", "unrelated " + i + "\n" + lines("other " + i));
        }
        top.bumpSubmodule("lib", lib.commit("rename among a thousand new files"))
                .commit("bump lib");

        Cli.Run r = Cli.run("verify", set, "--repo", repo, "--rev", "HEAD");

        String check =
                r.out().lines().filter(l -> l.contains(" check ")).findFirst().orElseThrow();
        assertThat(check)
                .contains("FILE_MISSING")
                .contains("renamed to tests/hip_check.cpp (")
                .contains("% similar");
    }
}
