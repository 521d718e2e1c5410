package io.patchpin.demo;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Comparator;
import java.util.Map;
import java.util.TreeMap;
import org.eclipse.jgit.api.Git;
import org.eclipse.jgit.api.errors.GitAPIException;
import org.eclipse.jgit.lib.PersonIdent;
import org.eclipse.jgit.lib.StoredConfig;
import org.eclipse.jgit.revwalk.RevCommit;

/**
 * Generates a small TheRock-shaped workspace with JGit: a superproject with nested submodules (three levels), fixed
 * identities and clock, so the demo's output is the same on every machine. Upstream moves are commits made inside the
 * workspace's own submodules followed by a gitlink bump, so every object stays local.
 */
public final class ExampleWorkspace implements AutoCloseable {
    public static final String LLVM = "compiler/amd-llvm";
    public static final String SYSTEMS = "rocm-systems";
    public static final String PERFETTO = "rocm-systems/projects/rocprofiler-sdk/external/perfetto";

    private final Path root;
    private final Path therock;
    private final Map<String, Git> repos = new TreeMap<>();
    private long clock = 1_760_000_000L;

    private ExampleWorkspace(Path root) {
        this.root = root;
        this.therock = root.resolve("TheRock");
    }

    /** Creates upstream repositories under {@code root/upstream} and the workspace at {@code root/TheRock}. */
    public static ExampleWorkspace create(Path root) {
        ExampleWorkspace ws = new ExampleWorkspace(root);
        try {
            ws.build();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot generate the example workspace", e);
        } catch (GitAPIException e) {
            throw new IllegalStateException("cannot generate the example workspace: " + e.getMessage(), e);
        }
        return ws;
    }

    public Path workTree() {
        return therock;
    }

    private void build() throws IOException, GitAPIException {
        Path up = root.resolve("upstream");
        Git perfetto = initWith(
                up.resolve("perfetto"), Map.of("CMakeLists.txt", "project(perfetto)\nset(PERFETTO_VERSION 49)\n"));
        commitAll(perfetto, "perfetto v49");
        Git systems =
                initWith(up.resolve("rocm-systems"), Map.of("projects/rocprofiler-sdk/CMakeLists.txt", ROCPROFILER));
        addSubmodule(systems, "projects/rocprofiler-sdk/external/perfetto", "../perfetto");
        commitAll(systems, "rocprofiler-sdk with perfetto");
        Git llvm = initWith(
                up.resolve("llvm-project"), Map.of("llvm/cmake/modules/HandleLLVMOptions.cmake", LLVM_OPTIONS));
        commitAll(llvm, "llvm-project: amd-staging");
        Git rock = initWith(
                therock,
                Map.of(
                        "compiler/pre_hook_amd-llvm.cmake",
                        PRE_HOOK,
                        "ml-libs/CMakeLists.txt",
                        ML_LIBS,
                        "README.md",
                        "# TheRock (example)\n"));
        addSubmodule(rock, LLVM, "../upstream/llvm-project");
        addSubmodule(rock, SYSTEMS, "../upstream/rocm-systems");
        commitAll(rock, "TheRock: initial superproject");
        perfetto.close();
        systems.close();
        llvm.close();
        repos.put(".", rock);
        repos.put(LLVM, Git.open(therock.resolve(LLVM).toFile()));
        Git nested = Git.open(therock.resolve(SYSTEMS).toFile());
        nested.submoduleInit().call();
        nested.submoduleUpdate().call();
        repos.put(SYSTEMS, nested);
        repos.put(PERFETTO, Git.open(therock.resolve(PERFETTO).toFile()));
    }

    /**
     * One upstream change: writes {@code files} into {@code component}, commits there, then bumps every gitlink up to
     * the superproject. Returns the new superproject commit.
     */
    public String change(String component, String subject, Map<String, String> files) {
        try {
            Git git = repos.get(component);
            for (Map.Entry<String, String> f : files.entrySet()) {
                write(git.getRepository().getWorkTree().toPath().resolve(f.getKey()), f.getValue());
            }
            commitAll(git, subject);
            String path = component;
            while (!path.equals(".")) {
                String parent = parentOf(path);
                Git p = repos.get(parent);
                String rel = parent.equals(".") ? path : path.substring(parent.length() + 1);
                p.add().addFilepattern(rel).call();
                commit(p, "Bump " + rel + ": " + subject);
                path = parent;
            }
            return repos.get(".").getRepository().resolve("HEAD").name();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (GitAPIException e) {
            throw new IllegalStateException(e.getMessage(), e);
        }
    }

    /** One upstream change that replaces {@code from} with {@code to} in a file of {@code component}. */
    public String replace(String component, String subject, String file, String from, String to) {
        return change(component, subject, Map.of(file, read(component, file).replace(from, to)));
    }

    public String read(String component, String file) {
        Path dir = component.equals(".") ? therock : therock.resolve(component);
        try {
            return Files.readString(dir.resolve(file), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String parentOf(String path) {
        return repos.keySet().stream()
                .filter(c -> path.startsWith(c + "/"))
                .max(Comparator.comparingInt(String::length))
                .orElse(".");
    }

    private Git initWith(Path dir, Map<String, String> files) throws IOException, GitAPIException {
        Git git = Git.init().setDirectory(dir.toFile()).setInitialBranch("main").call();
        StoredConfig cfg = git.getRepository().getConfig();
        cfg.setBoolean("commit", null, "gpgsign", false);
        cfg.save();
        for (Map.Entry<String, String> f : new TreeMap<>(files).entrySet()) {
            write(dir.resolve(f.getKey()), f.getValue());
        }
        return git;
    }

    /**
     * A submodule by a URL relative to {@code parent}'s own folder (it has no remote), as TheRock's
     * .gitmodules could name them: no machine path enters a commit, so every id is the same on every run.
     */
    private void addSubmodule(Git parent, String path, String relativeUrl) throws GitAPIException {
        parent.submoduleAdd().setPath(path).setURI(relativeUrl).call().close();
    }

    private void commitAll(Git git, String message) throws GitAPIException {
        git.add().addFilepattern(".").call();
        git.add().setUpdate(true).addFilepattern(".").call();
        commit(git, message);
    }

    private RevCommit commit(Git git, String message) throws GitAPIException {
        clock += 3600;
        PersonIdent who = new PersonIdent(
                "Example Upstream", "upstream@example.org", Instant.ofEpochSecond(clock), ZoneOffset.UTC);
        return git.commit()
                .setMessage(message)
                .setAuthor(who)
                .setCommitter(who)
                .setSign(false)
                .call();
    }

    private static void write(Path file, String content) throws IOException {
        Files.createDirectories(file.getParent());
        Files.writeString(file, content, StandardCharsets.UTF_8);
    }

    @Override
    public void close() {
        repos.values().forEach(Git::close);
    }

    // file contents shaped after TheRock's

    private static final String PRE_HOOK =
            """
            # Options for building amd-llvm.
            set(LLVM_ENABLE_PROJECTS "clang;lld" CACHE STRING "")
            set(LLVM_TARGETS_TO_BUILD "AMDGPU;X86" CACHE STRING "")
            set(LLVM_ENABLE_RUNTIMES "compiler-rt;libunwind" CACHE STRING "")
            list(APPEND LLVM_EXTRA_TARGETS AMDGPU_ARCH)
            """;

    private static final String ML_LIBS =
            """
            # Machine learning libraries.
            set(CK_TARGETS gfx908 gfx90a gfx942 gfx950)
            therock_cmake_subproject_declare(composable_kernel
              CMAKE_ARGS
                -DGPU_TARGETS=${CK_TARGETS}
            )
            """;

    private static final String LLVM_OPTIONS =
            """
            # HandleLLVMOptions.cmake (excerpt)
            set(LLVM_PARALLEL_COMPILE_JOBS "" CACHE STRING "Define the maximum number of concurrent compilation jobs.")
            set(LLVM_PARALLEL_LINK_JOBS "" CACHE STRING "Define the maximum number of concurrent link jobs.")
            if(LLVM_PARALLEL_COMPILE_JOBS)
              set_property(GLOBAL APPEND PROPERTY JOB_POOLS compile_job_pool=${LLVM_PARALLEL_COMPILE_JOBS})
            endif()
            """;

    private static final String ROCPROFILER =
            """
            project(rocprofiler-sdk LANGUAGES C CXX)
            set(CMAKE_CXX_STANDARD 17)
            target_compile_features(rocprofiler-sdk PUBLIC cxx_std_20)
            add_subdirectory(external)
            add_subdirectory(source)
            """;
}
