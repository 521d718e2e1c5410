package io.patchpin.demo;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The demo's story on a generated TheRock-shaped workspace: lock it, write a
 * patchset, let upstream move, see which edits survive, find the commit that
 * broke one, rebase onto the last good revision, and diff the locks.
 */
public final class DemoStory {
    private DemoStory() {}

    /** Upstream moves made after the patchset is sealed, oldest first; the 4th breaks the LLVM patch. */
    public static void moveUpstream(ExampleWorkspace ex) {
        ex.change(
                ExampleWorkspace.PERFETTO,
                "perfetto: v50",
                Map.of("CMakeLists.txt", "project(perfetto)\nset(PERFETTO_VERSION 50)\n"));
        ex.change(
                ExampleWorkspace.SYSTEMS,
                "rocprofiler-sdk: build as C++20",
                Map.of(
                        "projects/rocprofiler-sdk/CMakeLists.txt",
                        ex.read(ExampleWorkspace.SYSTEMS, "projects/rocprofiler-sdk/CMakeLists.txt")
                                .replace("CMAKE_CXX_STANDARD 17", "CMAKE_CXX_STANDARD 20")));
        ex.change(
                ".",
                "Enable the NVPTX target for triton",
                Map.of(
                        "compiler/pre_hook_amd-llvm.cmake",
                        ex.read(".", "compiler/pre_hook_amd-llvm.cmake").replace("AMDGPU;X86", "AMDGPU;X86;NVPTX")));
        ex.change(
                ExampleWorkspace.LLVM,
                "[cmake] Derive parallel jobs from available memory",
                Map.of(
                        "llvm/cmake/modules/HandleLLVMOptions.cmake",
                        ex.read(ExampleWorkspace.LLVM, "llvm/cmake/modules/HandleLLVMOptions.cmake")
                                .replace("_JOBS \"\" CACHE", "_JOBS \"${LLVM_RAM_JOBS}\" CACHE")));
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

    /** Steps before upstream moves. */
    public static List<DemoStep> before(Path root) {
        String ws = root.resolve("TheRock").toString();
        String set = root.resolve("patchsets/gfx1103").toString();
        List<DemoStep> setUp = List.of(
                DemoStep.of(
                        "Pin every component, recursively, to a lockfile",
                        0,
                        "lock",
                        "--repo",
                        ws,
                        "-o",
                        root.resolve("pins/gfx1103.lock.toml").toString()),
                DemoStep.of("Start a patchset sealed at the current TheRock commit", 0, "new", set, "--repo", ws));
        List<DemoStep> out = new ArrayList<>(setUp);
        out.addAll(entries(root, ws, set));
        out.add(DemoStep.of(
                "Verify at the base: every entry is exactly as sealed",
                0,
                "verify",
                set,
                "--repo",
                ws,
                "--rev",
                "HEAD"));
        return List.copyOf(out);
    }

    /** The entries the demo's patchset records: two rewrites, an insert and a patch. */
    private static List<DemoStep> entries(Path root, String ws, String set) {
        List<DemoStep> out = new ArrayList<>(rewrites(ws, set));
        out.addAll(insertAndPatch(root, ws, set));
        return out;
    }

    private static List<DemoStep> rewrites(String ws, String set) {
        return List.of(
                DemoStep.of(
                        "A rewrite instead of sed -i: enable NVPTX for triton",
                        0,
                        "add",
                        "rewrite",
                        set,
                        "--repo",
                        ws,
                        "--file",
                        "compiler/pre_hook_amd-llvm.cmake",
                        "--find",
                        "AMDGPU;X86",
                        "--replace",
                        "AMDGPU;X86;NVPTX",
                        "--id",
                        "llvm-nvptx",
                        "--why",
                        "rocm-sdk test and triton need the NVPTX target"),
                DemoStep.of(
                        "Another rewrite: build composable_kernel for gfx1103",
                        0,
                        "add",
                        "rewrite",
                        set,
                        "--repo",
                        ws,
                        "--file",
                        "ml-libs/CMakeLists.txt",
                        "--find",
                        "gfx950)",
                        "--replace",
                        "gfx950 gfx1103)",
                        "--id",
                        "ck-gfx1103",
                        "--why",
                        "gfx1103 is not in CK's list; it works"));
    }

    /** An insert in a nested component and a patch on LLVM. */
    private static List<DemoStep> insertAndPatch(Path root, String ws, String set) {
        return List.of(
                DemoStep.of(
                        "An insert in a nested component (rocm-systems)",
                        0,
                        "add",
                        "insert",
                        set,
                        "--repo",
                        ws,
                        "--component",
                        ExampleWorkspace.SYSTEMS,
                        "--file",
                        "projects/rocprofiler-sdk/CMakeLists.txt",
                        "--after",
                        "cxx_std_20",
                        "--text",
                        "target_include_directories(rocprofiler-sdk PUBLIC /usr/include/c++/14)",
                        "--id",
                        "rocprofiler-gcc14",
                        "--why",
                        "build with gcc 14 headers while the host has gcc 15"),
                DemoStep.of(
                        "A unified diff on LLVM",
                        0,
                        "add",
                        "patch",
                        set,
                        root.resolve("llvm-jobs.patch").toString(),
                        "--repo",
                        ws,
                        "--component",
                        ExampleWorkspace.LLVM,
                        "--id",
                        "llvm-jobs",
                        "--why",
                        "more than 8 jobs runs a 64 GB machine out of memory"));
    }

    /** Steps after upstream moved five commits. */
    public static List<DemoStep> after(Path root) {
        String ws = root.resolve("TheRock").toString();
        String set = root.resolve("patchsets/gfx1103").toString();
        return List.of(
                DemoStep.of(
                        "Upstream moved 5 commits: which edits survive? (objects only, nothing checked out)",
                        1,
                        "verify",
                        set,
                        "--repo",
                        ws,
                        "--rev",
                        "HEAD"),
                DemoStep.of(
                        "Which upstream commit broke the LLVM patch?",
                        0,
                        "bisect",
                        set,
                        "--repo",
                        ws,
                        "--entry",
                        "llvm-jobs",
                        "--good",
                        "HEAD~5",
                        "--bad",
                        "HEAD"),
                DemoStep.of(
                        "Rebase onto the last good revision: upstreamed edit dropped, drift resealed (exit 3: review it)",
                        3,
                        "rebase",
                        set,
                        "--repo",
                        ws,
                        "--onto",
                        "HEAD~2"),
                DemoStep.of("Verify the rebased patchset there", 0, "verify", set, "--repo", ws, "--rev", "HEAD~2"),
                DemoStep.of(
                        "Lock the new revision",
                        0,
                        "lock",
                        "--repo",
                        ws,
                        "--rev",
                        "HEAD~2",
                        "-o",
                        root.resolve("pins/gfx1103-next.lock.toml").toString()),
                DemoStep.of(
                        "What moved between the two locks (share this with another maintainer)",
                        1,
                        "lock",
                        "diff",
                        root.resolve("pins/gfx1103.lock.toml").toString(),
                        root.resolve("pins/gfx1103-next.lock.toml").toString(),
                        "--repo",
                        ws));
    }
}
