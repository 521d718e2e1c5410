package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.COMPILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.LLVM_OPTIONS;
import static io.patchpin.testkit.TheRockFixture.ML_LIBS;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.ROCPROFILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.Map;
import java.util.SortedMap;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * DESIGN's safety rule: verify, lock, bisect and rebase never write into any
 * repository, not even objects. Every file under every git directory of the
 * workspace (the superproject's .git holds the submodules' modules/) must keep
 * its size and modification time through them.
 */
class ReadOnlyCommandsTest {
    /** The LLVM patch a maintainer carries: 8 parallel jobs. */
    private static final String JOBS_PATCH =
            """
            --- a/llvm/cmake/modules/HandleLLVMOptions.cmake
            +++ b/llvm/cmake/modules/HandleLLVMOptions.cmake
            @@ -1,2 +1,2 @@
            -set(LLVM_PARALLEL_COMPILE_JOBS "" CACHE STRING "")
            -set(LLVM_PARALLEL_LINK_JOBS "" CACHE STRING "")
            +set(LLVM_PARALLEL_COMPILE_JOBS "8" CACHE STRING "")
            +set(LLVM_PARALLEL_LINK_JOBS "8" CACHE STRING "")
            """;

    @TempDir
    Path tmp;

    @Test
    void verifyLockBisectAndRebaseLeaveEveryGitDirectoryUntouched() throws IOException {
        try (WorkTree ex = TheRockFixture.create(tmp.resolve("ws")).workTree("therock")) {
            String repo = ex.dir().toString();
            String set = tmp.resolve("patchsets/mine").toString();
            Path patch = tmp.resolve("llvm-jobs.patch");
            Files.writeString(patch, JOBS_PATCH, StandardCharsets.UTF_8);
            run(0, "new", set, "--repo", repo);
            Entries.rewrite(set, repo, ML_LIBS, "gfx1100)", "gfx1100 gfx1103)", "--id", "ck");
            run(0, "add", "patch", set, patch.toString(), "--repo", repo, "--component", LLVM, "--id", "jobs");
            moveUpstream(ex);

            SortedMap<String, String> before = gitFiles(ex.dir());
            run(1, "verify", set, "--repo", repo, "--rev", "HEAD");
            run(
                    0,
                    "lock",
                    "--repo",
                    repo,
                    "--rev",
                    "HEAD",
                    "-o",
                    tmp.resolve("pins/x.lock.toml").toString());
            run(0, "bisect", set, "--repo", repo, "--entry", "jobs", "--good", "HEAD~5", "--bad", "HEAD");
            run(0, "rebase", set, "--repo", repo, "--onto", "HEAD~2");
            run(1, "rebase", set, "--repo", repo, "--onto", "HEAD");

            assertThat(gitFiles(ex.dir())).isEqualTo(before);
        }
    }

    /** Five upstream moves after the set is sealed, oldest first; the 4th breaks the LLVM patch. */
    private static void moveUpstream(WorkTree ex) {
        ex.change(PERFETTO, "perfetto: deps", Map.of("BUILD.gn", "group(\"perfetto\") {\n  deps = []\n}\n"));
        ex.change(
                SYSTEMS,
                "rocprofiler-sdk: languages",
                Map.of(
                        ROCPROFILER_CMAKE,
                        ex.read(SYSTEMS, ROCPROFILER_CMAKE)
                                .replace("(rocprofiler-sdk)", "(rocprofiler-sdk LANGUAGES C CXX)")));
        ex.change(
                ".",
                "Enable the NVPTX target for triton",
                Map.of(PRE_HOOK, ex.read(".", PRE_HOOK).replace("AMDGPU;X86", "AMDGPU;X86;NVPTX")));
        ex.change(
                LLVM,
                "[cmake] Derive parallel jobs from available memory",
                Map.of(
                        LLVM_OPTIONS,
                        ex.read(LLVM, LLVM_OPTIONS).replace("_JOBS \"\" CACHE", "_JOBS \"${LLVM_RAM_JOBS}\" CACHE")));
        ex.change(
                ".",
                "Versions: a shorter title",
                Map.of(COMPILER_CMAKE, ex.read(".", COMPILER_CMAKE).replace("# Version configuration", "# Versions")));
    }

    private static void run(int expected, String... args) {
        Cli.Run r = Cli.run(args);
        assertThat(r.exit())
                .as(String.join(" ", args) + "\n" + r.out() + r.err())
                .isEqualTo(expected);
    }

    /** path -> size and modification time of every file below every .git of the work tree. */
    private static SortedMap<String, String> gitFiles(Path workTree) throws IOException {
        SortedMap<String, String> out = new TreeMap<>();
        try (Stream<Path> all = Files.walk(workTree)) {
            all.filter(p -> p.toString().contains("/.git"))
                    .filter(p -> Files.isRegularFile(p, LinkOption.NOFOLLOW_LINKS))
                    .forEach(p -> out.put(workTree.relativize(p).toString(), stamp(p)));
        }
        return out;
    }

    private static String stamp(Path p) {
        try {
            return Files.size(p) + "@"
                    + Files.getLastModifiedTime(p, LinkOption.NOFOLLOW_LINKS).toMillis();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
