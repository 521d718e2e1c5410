package io.patchpin.therock;

import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.Slot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A workspace laid out as TheRock is: submodule names that differ from their
 * paths ({@code llvm-project} at {@code compiler/amd-llvm}), a
 * {@code patches/amd-mainline/llvm-project/} folder of real
 * {@code git format-patch} mails, and an external source in BUILD_TOPOLOGY.toml.
 */
final class TheRockLayout {
    static final String LLVM = "compiler/amd-llvm";
    static final String SYSTEMS = "rocm-systems";
    static final String TAG_DIR = "patches/amd-mainline/llvm-project";
    static final String OPTS = "llvm/CMakeLists.txt";
    static final String CLANG = "clang/lib/Driver/ToolChains/AMDGPU.cpp";

    final Path root;
    final Repo therock;
    final Repo llvm;
    final Repo systems;
    final Repo external;
    final List<String> patchNames = new ArrayList<>();
    private final Slot slot;

    private TheRockLayout(Path root, Slot slot, Repo therock, Repo llvm, Repo systems, Repo external) {
        this.root = root;
        this.slot = slot;
        this.therock = therock;
        this.llvm = llvm;
        this.systems = systems;
        this.external = external;
    }

    private static List<String> builtPatchNames;

    /**
     * A layout for the test rooted at {@code root}: an upstream borrowed from a {@link Slot} of its own kind, built
     * with C git once per JVM (once more for each test running beside the others) and put back as built after a test
     * that changed it; clones go under {@code root}.
     */
    static TheRockLayout create(Path root) {
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Slot slot = Slot.borrow("layout", root, TheRockLayout::build);
        Path up = slot.upstream();
        TheRockLayout t = new TheRockLayout(
                root,
                slot,
                Repo.at(up.resolve("TheRock")),
                Repo.at(up.resolve("llvm-project")),
                Repo.at(up.resolve("rocm-systems")),
                Repo.at(up.resolve("rocm-kpack")));
        t.patchNames.addAll(builtPatchNames);
        return t;
    }

    /** Builds the upstream at {@code up} ({@code .../upstream/ROCm}), with scratch clones beside it. */
    private static void build(Path up) {
        Path dir = up.getParent().getParent();
        Repo llvm = Repo.init(up.resolve("llvm-project"))
                .write(
                        OPTS,
                        "project(LLVM)\nset(LLVM_VERSION_MAJOR 20)\n" + "set(LLVM_TARGETS_TO_BUILD \"AMDGPU;X86\")\n")
                .write(CLANG, "// AMDGPU toolchain\nint jobs = 1;\n" + "const char *rocmPath = \"/opt/rocm\";\n");
        llvm.commit("llvm 20");
        Repo systems = Repo.init(up.resolve("rocm-systems"))
                .write("projects/rocprofiler-sdk/CMakeLists.txt", "project(rocprofiler-sdk)\n");
        systems.commit("rocm-systems");
        Repo external = Repo.init(up.resolve("rocm-kpack")).write("kpack.py", "VERSION = 1\n");
        external.commit("kpack 1");
        Repo therock = Repo.init(up.resolve("TheRock"))
                .write("README.md", "# TheRock (test layout)\n")
                .write(".gitignore", ".*.smrev\n/optional-sources/\n");
        therock.git("submodule", "add", "-q", "--name", "llvm-project", llvm.url(), LLVM);
        therock.git("submodule", "add", "-q", "--name", "rocm-systems", systems.url(), SYSTEMS);
        builtPatchNames = writePatches(dir, llvm, therock);
        therock.write(
                "BUILD_TOPOLOGY.toml",
                "[metadata]\nversion = \"1.0\"\n\n[source_sets.kpack]\ndescription = \"k\"\n"
                        + "external_git_sources = [\n  { name = \"rocm-kpack\", origin = \"" + external.url()
                        + "\", commit = \""
                        + external.head() + "\", path = \"optional-sources/rocm-kpack\" },\n]\n");
        therock.commit("TheRock with llvm-project, rocm-systems, patches and topology");
        Folders.delete(dir.resolve("scratch-llvm"));
        Folders.delete(dir.resolve("format-patch"));
    }

    /**
     * Two real format-patch mails, made on a scratch clone of llvm-project under {@code root}, stored in the patch
     * folder of {@code therock}; gives their names.
     */
    private static List<String> writePatches(Path root, Repo llvm, Repo therock) {
        List<String> patchNames = new ArrayList<>();
        Path scratch = root.resolve("scratch-llvm");
        Git.run(root, "clone", "-q", llvm.url(), scratch.toString());
        Repo s = Repo.at(scratch);
        s.write(OPTS, s.read(OPTS).replace("AMDGPU;X86", "AMDGPU;X86;NVPTX"));
        s.git("add", "-A");
        s.git(
                "commit",
                "-q",
                "--date",
                "Tue, 3 Feb 2026 10:11:12 +0200",
                "-m",
                "[AMDGPU] Enable the NVPTX target as well, so that the "
                        + "consumer GPU builds of the whole stack can run their offload tests  ",
                "-m",
                "Body line with trailing blanks   \n\n\n\nSecond paragraph.\n\nUpstream-Status: Pending\n");
        s.write(CLANG, s.read(CLANG).replace("jobs = 1", "jobs = 4"));
        s.git("add", "-A");
        s.git("commit", "-q", "-m", "Use four link jobs");
        Path out = root.resolve("format-patch");
        Git.run(scratch, "format-patch", "-q", "-o", out.toString(), "HEAD~2");
        try (var files = Files.list(out)) {
            for (Path p : files.sorted().toList()) {
                Path target = therock.dir().resolve(TAG_DIR).resolve(p.getFileName());
                Files.createDirectories(target.getParent());
                Files.copy(p, target);
                patchNames.add(p.getFileName().toString());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return patchNames;
    }

    /**
     * A recursive clone of TheRock at {@code root/name}: while the upstream is as built, a copy of the one clone
     * git made of it (the copy a clone would be, {@link Folders#copyCheckout}); once a test changed it, git's own.
     */
    Repo cloneWorkTree(String name) {
        Path dir = root.resolve(name);
        if (slot.clone(
                "work", dir, d -> Git.run(root, "clone", "-q", "--recurse-submodules", therock.url(), d.toString()))) {
            Folders.refreshIndexes(dir);
        }
        return Repo.at(dir);
    }

    /** The patch files of the folder, sorted, as bytes. */
    List<Path> patchFiles(Repo ws) {
        return patchNames.stream()
                .map(n -> ws.dir().resolve(TAG_DIR).resolve(n))
                .toList();
    }

    /**
     * Runs {@code git am} exactly as fetch_sources.py does, with an environment
     * holding no identity of its own: returns the new HEAD.
     */
    static String gitAmAsTheRock(Path component, List<Path> patches) {
        List<String> cmd = new ArrayList<>(List.of(
                "git",
                "-c",
                "user.name=therockbot",
                "-c",
                "user.email=therockbot@amd.com",
                "am",
                "--whitespace=nowarn",
                "--no-gpg-sign"));
        patches.forEach(p -> cmd.add(p.toString()));
        ProcessBuilder pb =
                new ProcessBuilder(cmd).directory(component.toFile()).redirectErrorStream(true);
        Map<String, String> env = pb.environment();
        env.keySet().removeIf(k -> k.startsWith("GIT_"));
        env.put("GIT_CONFIG_NOSYSTEM", "1");
        env.put("GIT_CONFIG_GLOBAL", "/dev/null");
        env.put("HOME", component.toString());
        env.put("GIT_COMMITTER_DATE", "Thu, 1 Jan 2099 00:00:00 +0000");
        try {
            Process p = pb.start();
            String out = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            if (p.waitFor() != 0) {
                throw new IllegalStateException("git am failed: " + out);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
        return Git.run(component, "rev-parse", "HEAD");
    }
}
