package io.patchpin.testkit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A small TheRock-shaped workspace built with real repositories: a
 * superproject with submodules three levels deep, all by {@code file://} URL,
 * a recursive clone as the work tree, and a bare mirror folder laid out as
 * TheRock's {@code THEROCK_GIT_MIRROR_DIR}. Built once per JVM and copied
 * per test (see {@link Slot}).
 *
 * <pre>
 * therock (.)
 * ├── base/half                                     -> half
 * ├── compiler/amd-llvm                             -> llvm-project
 * └── rocm-systems                                  -> rocm-systems
 *     └── projects/rocprofiler-sdk/external/perfetto -> perfetto
 *         └── third_party/zlib                       -> zlib
 * </pre>
 */
public final class TheRockFixture {
    public static final String HALF = "base/half";
    public static final String LLVM = "compiler/amd-llvm";
    public static final String SYSTEMS = "rocm-systems";
    public static final String PERFETTO = "rocm-systems/projects/rocprofiler-sdk/external/perfetto";
    public static final String ZLIB = PERFETTO + "/third_party/zlib";

    /** Files of the fixture, by path in their component; tests name them from here. */
    public static final String COMPILER_CMAKE = "compiler/CMakeLists.txt";

    public static final String PRE_HOOK = "compiler/pre_hook_amd-llvm.cmake";
    /** A diff of the superproject raising LLVM_VERSION from 20 to 21 in {@link #COMPILER_CMAKE}. */
    public static final String LLVM21_DIFF =
            "--- a/compiler/CMakeLists.txt\n+++ b/compiler/CMakeLists.txt\n@@ -1,2 +1,2 @@\n"
                    + " # Version configuration\n-set(LLVM_VERSION 20)\n+set(LLVM_VERSION 21)\n";

    public static final String ML_LIBS = "ml-libs/CMakeLists.txt";
    public static final String LLVM_OPTIONS = "llvm/cmake/modules/HandleLLVMOptions.cmake";
    public static final String SANITIZER_HEADER = "compiler-rt/lib/sanitizer_common/sanitizer_platform_limits_posix.h";
    public static final String ROCPROFILER_CMAKE = "projects/rocprofiler-sdk/CMakeLists.txt";
    /** Seed 000's sanitizer patch on {@link #SANITIZER_HEADER}, written with diff -aur, applied with -p1 from its folder. */
    public static final String SANITIZER_SEED_PATCH =
            "diff -aur temptes/sanitizer_platform_limits_posix.h bbbbbbbb/sanitizer_platform_limits_posix.h\n"
                    + "--- temptes/sanitizer_platform_limits_posix.h   2025-10-16 00:40:19.094256617 -0500\n"
                    + "+++ bbbbbbbb/sanitizer_platform_limits_posix.h  2025-10-16 00:43:00.723836368 -0500\n"
                    + "@@ -1043,4 +1043,3 @@\n extern unsigned struct_input_id_sz;\n extern unsigned struct_mtpos_sz;\n"
                    + "-extern unsigned struct_termio_sz;\n extern unsigned struct_vt_consize_sz;\n";

    public final Path root;
    public final Repo therock;
    public final Repo half;
    public final Repo llvm;
    public final Repo systems;
    public final Repo perfetto;
    public final Repo zlib;
    private final Slot slot;

    private TheRockFixture(
            Path root, Slot slot, Repo therock, Repo half, Repo llvm, Repo systems, Repo perfetto, Repo zlib) {
        this.root = root;
        this.slot = slot;
        this.therock = therock;
        this.half = half;
        this.llvm = llvm;
        this.systems = systems;
        this.perfetto = perfetto;
        this.zlib = zlib;
    }

    /**
     * A fixture rooted at {@code root} (created if missing). Its upstream repositories are the ones
     * {@link #build} makes, as built, borrowed from a {@link Slot} outside {@code root} until
     * {@code root} is deleted; what tests make from them ({@link #cloneWorkTree}, {@link #mirror},
     * {@link #bareSuperproject}) goes under {@code root}.
     */
    public static TheRockFixture create(Path root) {
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Slot slot = Slot.borrow("therock", root, TheRockFixture::build);
        Path up = slot.upstream();
        return new TheRockFixture(
                root,
                slot,
                Repo.at(up.resolve("TheRock")),
                Repo.at(up.resolve("half")),
                Repo.at(up.resolve("llvm-project")),
                Repo.at(up.resolve("rocm-systems")),
                Repo.at(up.resolve("perfetto")),
                Repo.at(up.resolve("zlib")));
    }

    /** Builds the upstream repositories under {@code up} ({@code .../upstream/ROCm}) with C git. */
    private static void build(Path up) {
        Repo zlib = Repo.init(up.resolve("zlib")).write("zlib.h", "#define ZLIB_VERSION \"1.3.1\"\n");
        zlib.commit("zlib 1.3.1");
        Repo perfetto = Repo.init(up.resolve("perfetto")).write("BUILD.gn", "group(\"perfetto\") {\n}\n");
        perfetto.addSubmodule("third_party/zlib", zlib).commit("perfetto with zlib");
        Repo systems = Repo.init(up.resolve("rocm-systems"))
                .write(ROCPROFILER_CMAKE, "project(rocprofiler-sdk)\nadd_subdirectory(external)\n");
        systems.addSubmodule("projects/rocprofiler-sdk/external/perfetto", perfetto)
                .commit("rocm-systems with perfetto");
        Repo half =
                Repo.init(up.resolve("half")).write("include/half.hpp", "// half precision\n#define HALF_VERSION 2\n");
        half.commit("half 2");
        Repo llvm = Repo.init(up.resolve("llvm-project"))
                .write(LLVM_OPTIONS, llvmOptions())
                .write(SANITIZER_HEADER, sanitizerHeader());
        llvm.commit("llvm");
        Repo therock = Repo.init(up.resolve("TheRock"))
                .write(COMPILER_CMAKE, "# Version configuration\nset(LLVM_VERSION 20)\n")
                .write(
                        PRE_HOOK,
                        "set(LLVM_TARGETS_TO_BUILD \"AMDGPU;X86\" CACHE STRING \"\")\n"
                                + "set(LLVM_ENABLE_RUNTIMES \"compiler-rt\")\nlist(APPEND LLVM_EXTRA_TARGETS AMDGPU_ARCH)\n")
                .write(
                        ML_LIBS,
                        "set(targets gfx908 gfx90a gfx942 gfx950 gfx1100)\nExternalProject_Add(ck\n  CMAKE_ARGS\n    -DFOO=1\n)\n");
        therock.addSubmodule(HALF, half)
                .submoduleBranch(HALF, "rocm")
                .addSubmodule(LLVM, llvm)
                .addSubmodule(SYSTEMS, systems)
                .submoduleBranch(SYSTEMS, "develop");
        therock.commit("TheRock with submodules");
    }

    /**
     * Makes a patchset at {@code set} with {@code patchpin new} on {@code work}, holding {@link #LLVM21_DIFF}
     * as patch entry {@code llvm21} of the superproject.
     */
    public static void newSetWithLlvm21(Path set, Repo work) {
        Path diff = set.resolveSibling("llvm21.diff");
        try {
            Files.createDirectories(set.getParent());
            Files.writeString(diff, LLVM21_DIFF, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String repo = work.dir().toString();
        Cli.ok("new", set, "--repo", repo);
        Entries.add("patch", set, repo, "--component", ".", diff, "--id", "llvm21");
    }

    /** A recursive clone of TheRock at {@code root/name}: the maintainer's work tree. */
    public Repo cloneWorkTree(String name) {
        Path dir = root.resolve(name);
        if (slot.clone(
                "work", dir, d -> Git.run(root, "clone", "-q", "--recurse-submodules", therock.url(), d.toString()))) {
            Folders.refreshIndexes(dir);
        }
        return Repo.at(dir);
    }

    /**
     * A clone of TheRock alone at {@code root/name}, as {@code git clone} without {@code --recurse-submodules}
     * leaves it: each submodule an empty folder, not checked out.
     */
    public Repo cloneSuperproject(String name) {
        Path dir = root.resolve(name);
        if (slot.clone("superproject", dir, d -> Git.run(root, "clone", "-q", therock.url(), d.toString()))) {
            Folders.refreshIndexes(dir);
        }
        return Repo.at(dir);
    }

    /**
     * A recursive clone of TheRock at {@code root/name}, as {@link #cloneWorkTree}, whose upstream moves
     * with {@link WorkTree#change}.
     */
    public WorkTree workTree(String name) {
        return new WorkTree(cloneWorkTree(name).dir());
    }

    /** Bare mirrors of every upstream under {@code root/mirror}, laid out as TheRock's mirror dir (URL path + .git). */
    public Path mirror() {
        Path mirror = root.resolve("mirror");
        slot.clone("mirror", mirror, this::mirrorAt);
        return mirror;
    }

    private void mirrorAt(Path mirror) {
        for (Repo r : new Repo[] {therock, half, llvm, systems, perfetto, zlib}) {
            String urlPath = r.dir()
                    .toAbsolutePath()
                    .toUri()
                    .getPath()
                    .replaceAll("^/+", "")
                    .replaceAll("/+$", "");
            Path target = mirror.resolve(urlPath + ".git");
            try {
                Files.createDirectories(target.getParent());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            Git.run(root, "clone", "-q", "--mirror", r.url(), target.toString());
        }
    }

    /** A bare clone of TheRock only (no submodules): objects must come from the mirror. */
    public Path bareSuperproject(String name) {
        Path dir = root.resolve(name);
        slot.clone("bare", dir, d -> Git.run(root, "clone", "-q", "--bare", therock.url(), d.toString()));
        return dir;
    }

    private static String llvmOptions() {
        return "set(LLVM_PARALLEL_COMPILE_JOBS \"\" CACHE STRING \"\")\nset(LLVM_PARALLEL_LINK_JOBS \"\" CACHE STRING \"\")\n";
    }

    private static String sanitizerHeader() {
        return "extern unsigned struct_input_id_sz;\nextern unsigned struct_mtpos_sz;\nextern unsigned struct_termio_sz;\n"
                + "extern unsigned struct_vt_consize_sz;\n";
    }
}
