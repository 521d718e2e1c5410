package io.patchpin.lock;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

/**
 * Submodules recorded with relative URLs ({@code ../half}, as many superprojects do), nested two deep: the lock
 * records each resolved against its parent's URL as git resolves it, and a mirror laid out by those URLs serves
 * their objects.
 */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class RelativeSubmoduleUrlTest {
    static final String HALF = "base/half";
    static final String SYSTEMS = "rocm-systems";
    static final String PERFETTO = SYSTEMS + "/external/perfetto";

    /** The class's folder: the upstreams and git's clone of them are made once; the tests only read them. */
    Path tmp;

    Repo half;
    Repo systems;
    Repo perfetto;
    Repo rock;
    Repo work;

    @BeforeAll
    void cloneTheRelativeSubmodules(@TempDir Path classFolder) {
        tmp = classFolder;
        Path up = tmp.resolve("upstream/ROCm");
        half = Repo.init(up.resolve("half")).write("half.hpp", "#define HALF 2\n");
        half.commit("half");
        perfetto = Repo.init(up.resolve("perfetto")).write("BUILD.gn", "group(\"perfetto\") {\n}\n");
        perfetto.commit("perfetto");
        systems = Repo.init(up.resolve("rocm-systems")).write("CMakeLists.txt", "project(systems)\n");
        systems.linkSubmodule("external/perfetto", "../perfetto", perfetto);
        systems.commit("systems with perfetto", "CMakeLists.txt", ".gitmodules");
        rock = Repo.init(up.resolve("TheRock")).write("CMakeLists.txt", "project(TheRock)\n");
        rock.linkSubmodule(HALF, "../half", half).linkSubmodule(SYSTEMS, "../rocm-systems", systems);
        rock.commit("TheRock with relative submodules", "CMakeLists.txt", ".gitmodules");
        assertThat(rock.read(".gitmodules")).contains("url = ../half").contains("url = ../rocm-systems");
        Git.run(tmp, "clone", "-q", "--recurse-submodules", rock.url(), "work");
        work = Repo.at(tmp.resolve("work"));
    }

    @Test
    void theLockRecordsUrlsResolvedAgainstTheParentsUrl() throws IOException {
        Repo moved = Repo.at(tmp.resolve("moved")); // a copy of the clone: this test moves its origin
        Folders.copyCheckout(work.dir(), moved.dir());
        Lock lock = lock("--repo", moved.dir().toString());
        assertThat(lock.component(HALF).orElseThrow().url()).contains(half.url());
        assertThat(lock.component(SYSTEMS).orElseThrow().url()).contains(systems.url());
        assertThat(lock.component(PERFETTO).orElseThrow().url()).contains(perfetto.url());
        assertThat(lock.components()).allMatch(LockEntry::available);

        moved.config("remote.origin.url", "https://github.com/ROCm/TheRock.git");
        Lock https = lock("--repo", moved.dir().toString());
        assertThat(https.component(".").orElseThrow().url()).contains("https://github.com/ROCm/TheRock.git");
        assertThat(https.component(HALF).orElseThrow().url()).contains("https://github.com/ROCm/half");
        assertThat(https.component(PERFETTO).orElseThrow().url()).contains("https://github.com/ROCm/perfetto");

        moved.config("remote.origin.url", "git@example.org:ROCm/TheRock.git");
        Lock scp = lock("--repo", moved.dir().toString());
        assertThat(scp.component(SYSTEMS).orElseThrow().url()).contains("git@example.org:ROCm/rocm-systems");
        assertThat(scp.component(PERFETTO).orElseThrow().url()).contains("git@example.org:ROCm/perfetto");
    }

    @Test
    void aBareCloneFindsTheObjectsInAMirrorLaidOutByTheResolvedUrls() throws IOException {
        Path mirror = tmp.resolve("mirror");
        for (Repo r : new Repo[] {rock, half, systems, perfetto}) {
            String urlPath = r.dir()
                    .toAbsolutePath()
                    .toUri()
                    .getPath()
                    .replaceAll("^/+", "")
                    .replaceAll("/+$", "");
            Path target = mirror.resolve(urlPath + ".git");
            Files.createDirectories(target.getParent());
            Git.run(tmp, "clone", "-q", "--mirror", r.url(), target.toString());
        }
        Git.run(tmp, "clone", "-q", "--bare", rock.url(), "bare.git");
        String bare = tmp.resolve("bare.git").toString();

        Lock fromWork = lock("--repo", work.dir().toString());
        Lock fromBare = lock("--repo", bare, "--mirror-dir", mirror.toString());
        assertThat(fromBare).isEqualTo(fromWork);

        Cli.Run without = Cli.run("lock", "--repo", bare);
        assertThat(without.exit()).isEqualTo(1);
        assertThat(without.err()).contains(SYSTEMS).contains("no local object database");
    }

    @Test
    void syncInitialisesRelativeSubmodulesOfAFreshClone() throws IOException {
        Path lockFile = tmp.resolve("rel.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "-o", lockFile);
        Git.run(tmp, "clone", "-q", rock.url(), "fresh");
        Path fresh = tmp.resolve("fresh");
        Repo.at(fresh).config("protocol.file.allow", "always");
        Cli.ok("sync", "--repo", fresh, lockFile);
        assertThat(fresh.resolve(PERFETTO + "/BUILD.gn")).exists();
        assertThat(Git.run(fresh, "submodule", "status", "--recursive").lines())
                .hasSize(3)
                .allMatch(l -> l.startsWith(" "));
        Cli.ok("lock", "check", "--repo", fresh, lockFile);
    }

    private Lock lock(String... where) throws IOException {
        String[] args = new String[where.length + 1];
        args[0] = "lock";
        System.arraycopy(where, 0, args, 1, where.length);
        Cli.Run run = Cli.ok(args);
        Path file = Files.createTempFile(tmp, "lock", ".toml");
        Files.writeString(file, run.out(), StandardCharsets.UTF_8);
        return LockFile.read(file);
    }
}
