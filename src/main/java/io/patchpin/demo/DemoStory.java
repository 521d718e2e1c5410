package io.patchpin.demo;

import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The demo's story on a generated TheRock-shaped workspace: lock it, write a patchset, let upstream move, see which
 * edits survive, find the commit that broke one, rebase onto the last good revision, and diff the locks.
 */
public final class DemoStory {
    private static final Pattern WORD = Pattern.compile("\"([^\"]*)\"|(\\S+)");
    private static final Pattern IN_ROOT = Pattern.compile("TheRock|patchsets/.*|pins/.*|llvm-jobs\\.patch");

    private final Path root;

    /** One step of the demo: what it shows, the patchpin arguments, and the exit codes it is expected to give. */
    public record Step(String title, List<String> args, List<Integer> expected) {
        public Step {
            args = List.copyOf(args);
            expected = List.copyOf(expected);
        }
    }

    /**
     * How the demo went: every step is a real run whose exit code is known in advance, so one that gives another
     * ({@code unexpected}) is a fault of patchpin itself.
     */
    public record Result(int unexpected) implements OperationResult {
        @Override
        public ExitCode exitCode() {
            return unexpected == 0 ? ExitCode.OK : ExitCode.FAULT;
        }
    }

    private DemoStory(Path root) {
        this.root = root;
    }

    /** Upstream moves made after the patchset is sealed, oldest first; the 4th breaks the LLVM patch. */
    public static void moveUpstream(ExampleWorkspace ex) {
        ex.change(
                ExampleWorkspace.PERFETTO,
                "perfetto: v50",
                Map.of("CMakeLists.txt", "project(perfetto)\nset(PERFETTO_VERSION 50)\n"));
        ex.replace(
                ExampleWorkspace.SYSTEMS,
                "rocprofiler-sdk: build as C++20",
                "projects/rocprofiler-sdk/CMakeLists.txt",
                "CMAKE_CXX_STANDARD 17",
                "CMAKE_CXX_STANDARD 20");
        ex.replace(
                ".",
                "Enable the NVPTX target for triton",
                "compiler/pre_hook_amd-llvm.cmake",
                "AMDGPU;X86",
                "AMDGPU;X86;NVPTX");
        ex.replace(
                ExampleWorkspace.LLVM,
                "[cmake] Derive parallel jobs from available memory",
                "llvm/cmake/modules/HandleLLVMOptions.cmake",
                "_JOBS \"\" CACHE",
                "_JOBS \"${LLVM_RAM_JOBS}\" CACHE");
        ex.change(".", "README: mention the example", Map.of("README.md", "# TheRock (example)\n\nSee docs.\n"));
    }

    /** The patch the maintainer carries on LLVM: 8 parallel jobs so a 64 GB machine does not run out of memory. */
    public static String llvmJobsPatch() {
        return """
                --- a/llvm/cmake/modules/HandleLLVMOptions.cmake
                +++ b/llvm/cmake/modules/HandleLLVMOptions.cmake
                @@ -1,5 +1,5 @@
                 # HandleLLVMOptions.cmake (excerpt)
                -set(LLVM_PARALLEL_COMPILE_JOBS "" CACHE STRING "Define the maximum number of concurrent compilation jobs.")
                -set(LLVM_PARALLEL_LINK_JOBS "" CACHE STRING "Define the maximum number of concurrent link jobs.")
                +set(LLVM_PARALLEL_COMPILE_JOBS "8" CACHE STRING "Define the maximum number of concurrent compilation jobs.")
                +set(LLVM_PARALLEL_LINK_JOBS "8" CACHE STRING "Define the maximum number of concurrent link jobs.")
                 if(LLVM_PARALLEL_COMPILE_JOBS)
                   set_property(GLOBAL APPEND PROPERTY JOB_POOLS compile_job_pool=${LLVM_PARALLEL_COMPILE_JOBS})
                """;
    }

    /** Steps before upstream moves: lock, a patchset with two rewrites, an insert and a patch, verify. */
    public static List<Step> before(Path root) {
        DemoStory s = new DemoStory(root);
        return List.of(
                s.step(
                        "Pin every component, recursively, to a lockfile",
                        0,
                        "lock --repo TheRock -o pins/gfx1103.lock.toml"),
                s.step(
                        "Start a patchset sealed at the current TheRock commit",
                        0,
                        "new patchsets/gfx1103 --repo TheRock"),
                s.step(
                        "A rewrite instead of sed -i: enable NVPTX for triton",
                        0,
                        "add rewrite patchsets/gfx1103 --repo TheRock --file compiler/pre_hook_amd-llvm.cmake"
                                + " --find AMDGPU;X86 --replace AMDGPU;X86;NVPTX --id llvm-nvptx"
                                + " --why \"rocm-sdk test and triton need the NVPTX target\""),
                s.step(
                        "Another rewrite: build composable_kernel for gfx1103",
                        0,
                        "add rewrite patchsets/gfx1103 --repo TheRock --file ml-libs/CMakeLists.txt --find gfx950)"
                                + " --replace \"gfx950 gfx1103)\" --id ck-gfx1103"
                                + " --why \"gfx1103 is not in CK's list; it works\""),
                s.step(
                        "An insert in a nested component (rocm-systems)",
                        0,
                        "add insert patchsets/gfx1103 --repo TheRock --component rocm-systems"
                                + " --file projects/rocprofiler-sdk/CMakeLists.txt --after cxx_std_20"
                                + " --text \"target_include_directories(rocprofiler-sdk PUBLIC /usr/include/c++/14)\""
                                + " --id rocprofiler-gcc14"
                                + " --why \"build with gcc 14 headers while the host has gcc 15\""),
                s.step(
                        "A unified diff on LLVM",
                        0,
                        "add patch patchsets/gfx1103 llvm-jobs.patch --repo TheRock --component compiler/amd-llvm"
                                + " --id llvm-jobs --why \"more than 8 jobs runs a 64 GB machine out of memory\""),
                s.step(
                        "Verify at the base: every entry is exactly as sealed",
                        0,
                        "verify patchsets/gfx1103 --repo TheRock --rev HEAD"));
    }

    /** Steps after upstream moved five commits. */
    public static List<Step> after(Path root) {
        DemoStory s = new DemoStory(root);
        return List.of(
                s.step(
                        "Upstream moved 5 commits: which edits survive? (objects only, nothing checked out)",
                        1,
                        "verify patchsets/gfx1103 --repo TheRock --rev HEAD"),
                s.step(
                        "Which upstream commit broke the LLVM patch?",
                        0,
                        "bisect patchsets/gfx1103 --repo TheRock --entry llvm-jobs --good HEAD~5 --bad HEAD"),
                s.step(
                        "Rebase onto the last good revision: upstreamed edit dropped, drift resealed (exit 3: review it)",
                        3,
                        "rebase patchsets/gfx1103 --repo TheRock --onto HEAD~2"),
                s.step("Verify the rebased patchset there", 0, "verify patchsets/gfx1103 --repo TheRock --rev HEAD~2"),
                s.step("Lock the new revision", 0, "lock --repo TheRock --rev HEAD~2 -o pins/gfx1103-next.lock.toml"),
                s.step(
                        "What moved between the two locks (share this with another maintainer)",
                        1,
                        "lock diff pins/gfx1103.lock.toml pins/gfx1103-next.lock.toml --repo TheRock"));
    }

    /**
     * A step, its command as the demo prints it: words split at spaces, a double-quoted one kept whole, and the
     * words naming a file of the demo folder resolved in {@code root}.
     */
    private Step step(String title, int expected, String command) {
        List<String> args = WORD.matcher(command)
                .results()
                .map(m -> m.group(1) != null ? m.group(1) : m.group(2))
                .map(w -> IN_ROOT.matcher(w).matches() ? root.resolve(w).toString() : w)
                .toList();
        return new Step(title, args, List.of(expected));
    }
}
