package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Line endings: a patchset checked out with CRLF (core.autocrlf) verifies and
 * applies as with LF; a patch saved with CRLF applies to an LF target as GNU
 * patch does (the CRs dropped) and to a CRLF target unchanged.
 */
class CrlfPatchsetTest {
    private static final String LF_DIFF = TheRockFixture.LLVM21_DIFF;

    @TempDir
    Path tmp;

    @Test
    void aPatchsetCheckedOutWithCrlfVerifiesAndAppliesAsWithLf() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path clone = fx.cloneWorkTree("clone").dir();
        String repo = clone.toString();
        Path set = tmp.resolve("patchsets/mine");
        Cli.ok("new", set, "--repo", repo);
        Entries.rewrite(
                set,
                repo,
                "ml-libs/CMakeLists.txt",
                "  CMAKE_ARGS\n    -DFOO=1",
                "  CMAKE_ARGS\n    -DFOO=1\n    -DBAR=2");
        Path diff = Files.writeString(tmp.resolve("v21.patch"), LF_DIFF, StandardCharsets.UTF_8);
        Entries.add("patch", set, repo, diff, "--id", "v21");
        Cli.Run lf = Cli.ok("verify", set, "--repo", repo, "--rev", "HEAD");

        toCrlf(set);
        Cli.Run crlf = Cli.ok("verify", set, "--repo", repo, "--rev", "HEAD");
        assertThat(crlf.out()).isEqualTo(lf.out());
        Cli.ok("apply", set, "--repo", repo);
        assertThat(Files.readString(clone.resolve("compiler/CMakeLists.txt"), StandardCharsets.UTF_8))
                .isEqualTo("# Version configuration\nset(LLVM_VERSION 21)\n");
        assertThat(Files.readString(clone.resolve("ml-libs/CMakeLists.txt"), StandardCharsets.UTF_8))
                .contains("    -DFOO=1\n    -DBAR=2\n")
                .doesNotContain("\r");
    }

    @Test
    void aCrlfPatchAppliesToAnLfTargetLikeGnuPatchAndToACrlfTargetUnchanged() throws IOException {
        TheRockFixture fx = TheRockFixture.create(tmp);
        Path clone = fx.cloneWorkTree("clone").dir();
        String repo = clone.toString();
        Files.writeString(clone.resolve("win.txt"), "one\r\ntwo\r\n", StandardCharsets.UTF_8);
        Repo.at(clone).commit("crlf file", "win.txt");
        Path set = tmp.resolve("patchsets/mine");
        Cli.ok("new", set, "--repo", repo);
        Path lfTarget =
                Files.writeString(tmp.resolve("v21.patch"), LF_DIFF.replace("\n", "\r\n"), StandardCharsets.UTF_8);
        Path crlfTarget = Files.writeString(
                tmp.resolve("win.patch"),
                "--- a/win.txt\r\n+++ b/win.txt\r\n@@ -1,2 +1,2 @@\r\n one\r\n-two\r\n+three\r\n",
                StandardCharsets.UTF_8);
        Entries.add("patch", set, repo, lfTarget, "--id", "v21");
        Entries.add("patch", set, repo, crlfTarget, "--id", "win");

        Cli.ok("apply", set, "--repo", repo);
        assertThat(Files.readString(clone.resolve("compiler/CMakeLists.txt"), StandardCharsets.UTF_8))
                .isEqualTo("# Version configuration\nset(LLVM_VERSION 21)\n");
        assertThat(Files.readString(clone.resolve("win.txt"), StandardCharsets.UTF_8))
                .isEqualTo("one\r\nthree\r\n");
    }

    private static void toCrlf(Path dir) throws IOException {
        List<Path> files;
        try (Stream<Path> s = Files.walk(dir)) {
            files = s.filter(Files::isRegularFile).toList();
        }
        for (Path f : files) {
            String text = Files.readString(f, StandardCharsets.UTF_8);
            Files.writeString(f, text.replace("\r\n", "\n").replace("\n", "\r\n"), StandardCharsets.UTF_8);
        }
    }
}
