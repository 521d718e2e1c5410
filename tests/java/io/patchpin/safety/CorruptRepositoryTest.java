package io.patchpin.safety;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.LLVM;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import io.patchpin.workspace.RepositoryLocator;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import org.junit.jupiter.api.Test;

/**
 * A repository that is there but broken is a fault with its cause (exit 70), never "objects missing" with advice
 * to pass --mirror-dir, nor bad input; a fetch that fails says why.
 */
class CorruptRepositoryTest extends TheRockWorkTest {
    private static final String OPTIONS = TheRockFixture.LLVM_OPTIONS;

    @Test
    void aComponentRepositoryThatCannotBeOpenedIsAFaultNotMissingObjects() throws Exception {
        Path set = rewriteInLlvm(work);
        Files.writeString(
                work.dir().resolve(".git/modules/" + LLVM + "/config"), "[core\nbroken", StandardCharsets.UTF_8);

        Cli.Run r = Cli.run("verify", set, "--repo", work.dir(), "--rev", "HEAD");

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(70);
        assertThat(r.err()).contains(LLVM + "/config");
        assertThat(r.out() + r.err()).doesNotContain("OBJECTS_MISSING").doesNotContain("--mirror-dir");
    }

    @Test
    void aMirrorThatCannotBeOpenedIsAFaultNotMissingObjects() throws Exception {
        Path set = rewriteInLlvm(work);
        Path mirror = fx.mirror();
        Path llvmMirror = mirror.resolve(
                RepositoryLocator.mirrorRelativePath(fx.llvm.url()).orElseThrow());
        Files.writeString(llvmMirror.resolve("config"), "[core\nbroken", StandardCharsets.UTF_8);

        Cli.Run r = Cli.run(
                "verify", set, "--repo", fx.bareSuperproject("bare.git"), "--mirror-dir", mirror, "--rev", "HEAD");

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(70);
        assertThat(r.err()).contains(llvmMirror + "/config");
        assertThat(r.out() + r.err()).doesNotContain("OBJECTS_MISSING").doesNotContain("fetch it");
    }

    @Test
    void aCorruptObjectIsAFaultNotMissingObjects() throws Exception {
        Path set = rewriteInLlvm(work);
        // a new commit in the component makes its blob a loose object, which is then damaged
        Repo llvm = Repo.at(work.dir().resolve(LLVM));
        llvm.write(OPTIONS, llvm.read(OPTIONS) + "# local\n").commit("local");
        work.git("add", LLVM);
        work.commit("llvm: local");
        String blob = llvm.git("rev-parse", "HEAD:" + OPTIONS).strip();
        corrupt(work.dir().resolve(".git/modules/" + LLVM), blob);

        Cli.Run r = Cli.run("verify", set, "--repo", work.dir(), "--rev", "HEAD");

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(70);
        assertThat(r.err()).contains("cannot read " + OPTIONS);
        assertThat(r.out() + r.err()).doesNotContain("OBJECTS_MISSING").doesNotContain("--mirror-dir");
    }

    @Test
    void aPinnedRefOnACorruptCommitIsAFaultNotAnUnknownRef() throws Exception {
        work.git("checkout", "-q", "-b", "damaged");
        work.write("compiler/CMakeLists.txt", "set(LLVM_VERSION 21)\n");
        String commit = work.commit("damaged");
        work.git("checkout", "-q", "-");
        corrupt(work.dir().resolve(".git"), commit);
        Path pins = tmp.resolve("pins/p.toml");
        Files.createDirectories(pins.getParent());
        Files.writeString(
                pins,
                "format = 1\n[[root]]\nname = \"TheRock\"\nurl = \"x\"\nref = \"damaged\"\n",
                StandardCharsets.UTF_8);

        Cli.Run r = Cli.run("lock", "--repo", work.dir(), "--pins", pins, "-o", tmp.resolve("p.lock.toml"));

        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(70);
        assertThat(r.err()).contains("cannot resolve 'damaged").doesNotContain("is not a commit, branch or tag");
        assertThat(tmp.resolve("p.lock.toml")).doesNotExist();
    }

    @Test
    void aFetchThatFailsKeepsItsReason() throws Exception {
        Repo other = fx.cloneWorkTree("other");
        String newHalf =
                fx.half.write("include/half.hpp", "#define HALF_VERSION 3\n").commit("half 3");
        Repo.at(work.dir().resolve(HALF)).git("fetch", "-q", "origin");
        Path pins = tmp.resolve("pins/p.toml");
        Files.createDirectories(pins.getParent());
        Files.writeString(
                pins,
                "format = 1\n[[root]]\nname = \"TheRock\"\nurl = \"x\"\nref = \"main\"\n" + "[override.\"" + HALF
                        + "\"]\ncommit = \"" + newHalf + "\"\n",
                StandardCharsets.UTF_8);
        Path lock = tmp.resolve("p.lock.toml");
        Cli.ok("lock", "--repo", work.dir(), "--pins", pins, "-o", lock);
        // the upstream is gone: the fetch fails, and the message says how
        deleteTree(fx.half.dir().resolve(".git/objects"));

        other.git("config", "protocol.file.allow", "always");
        Cli.Run sync = Cli.run("sync", "--repo", other.dir(), lock);

        assertThat(sync.exit()).as(sync.out() + sync.err()).isNotZero().isNotEqualTo(70);
        assertThat(sync.err()).containsPattern("is neither in local objects nor fetchable from \\S+: \\S");
    }

    private static Path rewriteInLlvm(Repo work) {
        Path set = work.dir().resolveSibling("patchsets/mine");
        String repo = work.dir().toString();
        Cli.ok("new", set, "--repo", repo);
        Entries.rewrite(set, repo, OPTIONS, "_JOBS \"\"", "_JOBS \"8\"", "--component", LLVM);
        return set;
    }

    /** Overwrites a loose object with bytes that are not zlib data; git keeps objects read-only. */
    private static void corrupt(Path gitDir, String id) throws Exception {
        Path object = gitDir.resolve("objects").resolve(id.substring(0, 2)).resolve(id.substring(2));
        assertThat(object).exists();
        object.toFile().setWritable(true);
        Files.write(object, "not an object".getBytes(StandardCharsets.UTF_8));
    }

    private static void deleteTree(Path dir) throws Exception {
        try (var walk = Files.walk(dir)) {
            for (Path p : walk.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(p);
            }
        }
    }
}
