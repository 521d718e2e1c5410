package io.patchpin.therock;

import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
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
    private final Upstream upstream;

    private TheRockLayout(Path root, Upstream upstream, Repo therock, Repo llvm, Repo systems, Repo external) {
        this.root = root;
        this.upstream = upstream;
        this.therock = therock;
        this.llvm = llvm;
        this.systems = systems;
        this.external = external;
    }

    /** The upstreams built so far in this JVM: one per test that ran at the same time as others. */
    private static final List<Upstream> UPSTREAMS = new ArrayList<>();

    private static List<String> builtPatchNames;

    /**
     * An upstream's folder (its file:// URLs are committed, so it cannot move), the root of the layout it was
     * lent to last (lent again once that folder is gone), and what it looked like when last built or put back:
     * while it still looks so, the previous test left it as built.
     */
    private static final class Upstream {
        final Path base;
        Path lent;
        Folders.Stamp stamp;

        Upstream(Path base) {
            this.base = base;
        }

        Path live() {
            return base.resolve("live");
        }
    }

    /**
     * A layout for the test rooted at {@code root}: an upstream, built with C git once per JVM (once more for
     * each test running beside the others) and put back as built for every later test that follows one that
     * changed it (a folder copy instead of some twenty-five git runs; a folder walk when nothing changed);
     * clones go under {@code root}. An upstream serves one test at a time: its previous layout's root must be
     * gone (JUnit deletes it).
     */
    static synchronized TheRockLayout create(Path root) {
        try {
            Files.createDirectories(root);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        Upstream u = UPSTREAMS.stream()
                .filter(x -> !Files.exists(x.lent))
                .findFirst()
                .orElse(null);
        if (u == null) {
            u = new Upstream(Folders.tempUntilExit("patchpin-layout-"));
            build(u);
            Folders.dropSampleHooks(u.live());
            Folders.copy(u.live(), u.base.resolve("kept"));
            u.stamp = Folders.stamp(u.live());
            UPSTREAMS.add(u);
        } else if (!u.stamp.matches(u.live())) {
            Folders.delete(u.live());
            Folders.copy(u.base.resolve("kept"), u.live());
            u.stamp = Folders.stamp(u.live());
        }
        u.lent = root.toAbsolutePath().normalize();
        Path up = u.live().resolve("upstream/ROCm");
        TheRockLayout t = new TheRockLayout(
                root,
                u,
                Repo.at(up.resolve("TheRock")),
                Repo.at(up.resolve("llvm-project")),
                Repo.at(up.resolve("rocm-systems")),
                Repo.at(up.resolve("rocm-kpack")));
        t.patchNames.addAll(builtPatchNames);
        return t;
    }

    private static void build(Upstream u) {
        Path dir = u.live();
        Path up = dir.resolve("upstream/ROCm");
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
        TheRockLayout t = new TheRockLayout(dir, u, therock, llvm, systems, external);
        t.writePatches();
        builtPatchNames = List.copyOf(t.patchNames);
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

    /** Two real format-patch mails, made on a scratch clone of llvm-project, stored in the patch folder. */
    private void writePatches() {
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
    }

    /**
     * A recursive clone of TheRock at {@code root/name}: while the upstream is as built, a copy of the one clone
     * git made of it (the copy a clone would be, {@link Folders#copyCheckout}); once a test changed it, git's own.
     */
    Repo cloneWorkTree(String name) {
        Path dir = root.resolve(name);
        if (upstream.stamp.matches(upstream.live())) {
            Path kept = upstream.base.resolve("clone");
            Folders.makeOnce(
                    kept, d -> Git.run(root, "clone", "-q", "--recurse-submodules", therock.url(), d.toString()));
            Folders.copyCheckout(kept, dir);
        } else {
            Git.run(root, "clone", "-q", "--recurse-submodules", therock.url(), dir.toString());
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
