package io.patchpin.rebase;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** rebase --keep-applied, and a rebase whose write fails midway, on a real TheRock-shaped workspace. */
class RebaseKeepAndRollbackTest extends TheRockWorkTest {
    static final String CMAKE = TheRockFixture.COMPILER_CMAKE;
    static final String PRE_HOOK = TheRockFixture.PRE_HOOK;

    Path set;

    @BeforeEach
    void setUp() throws IOException {
        set = tmp.resolve("patchsets/mine");
        TheRockFixture.newSetWithLlvm21(set, work);
        Entries.nvptx(set, work.dir());
    }

    @Test
    void keepAppliedKeepsAnEntryUpstreamTookWhereAPlainRebaseDropsIt() throws IOException {
        String onto = upstream(
                PRE_HOOK, fx.therock.read(PRE_HOOK).replace("AMDGPU;X86", "AMDGPU;X86;NVPTX"), "NVPTX upstream");
        Map<Path, byte[]> before = new TreeMap<>();
        for (Path p : files()) {
            before.put(p, Files.readAllBytes(p));
        }

        Cli.Run kept = Cli.ok("rebase", set, "--repo", work.dir(), "--onto", onto, "--keep-applied");
        assertThat(kept.out()).contains("nvptx [rewrite] ALREADY_APPLIED -> kept");
        Patchset ps = PatchsetStore.read(set);
        assertThat(ps.base()).contains(onto);
        assertThat(ps.entries()).extracting(Entry::id).containsExactly("llvm21", "nvptx");
        Cli.Run verify = Cli.run("verify", set, "--repo", work.dir(), "--rev", onto);
        assertThat(verify.out()).contains("ALREADY_APPLIED");

        for (var e : before.entrySet()) {
            Files.write(e.getKey(), e.getValue());
        }
        Cli.Run dropped = Cli.ok("rebase", set, "--repo", work.dir(), "--onto", onto);
        assertThat(dropped.out()).contains("nvptx [rewrite] ALREADY_APPLIED -> dropped");
        assertThat(PatchsetStore.read(set).entries()).extracting(Entry::id).containsExactly("llvm21");
    }

    @Test
    void aWriteThatFailsAfterThePatchFilesPutsThemBackAndLeavesNoRebaseBehind() throws IOException {
        String onto = upstream(CMAKE, "# TheRock\n# compilers\n" + fx.therock.read(CMAKE), "a header");
        Path toml = PatchsetStore.tomlOf(set);
        // patchset.toml shared from elsewhere through a symbolic link: readable, but never written through
        Path shared = tmp.resolve("shared-patchset.toml");
        Files.move(toml, shared);
        Files.createSymbolicLink(toml, shared);
        List<Path> patches = patchFiles();
        assertThat(patches).hasSize(1);
        byte[] patchBefore = Files.readAllBytes(patches.get(0));
        byte[] tomlBefore = Files.readAllBytes(shared);

        Cli.Run r = Cli.run("rebase", set, "--repo", work.dir(), "--onto", onto);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines())
                .singleElement()
                .asString()
                .contains("patchset.toml")
                .contains("symbolic link");
        assertThat(Files.readAllBytes(patches.get(0))).isEqualTo(patchBefore);
        assertThat(Files.readAllBytes(shared)).isEqualTo(tomlBefore);
        assertThat(Files.isSymbolicLink(toml)).isTrue();
        assertThat(patchFiles()).isEqualTo(patches);
        try (var left = Files.list(set)) {
            assertThat(left.map(p -> p.getFileName().toString()))
                    .noneMatch(n -> n.endsWith(".tmp") || n.equals(".rebase"));
        }

        // once the link is replaced by the file, the same rebase goes through and regenerates the patch
        // (a hunk at line 1 must match at the start of the file, as git apply has it: a 3-way merge places it)
        Files.delete(toml);
        Files.copy(shared, toml);
        Cli.Run again = Cli.run("rebase", set, "--repo", work.dir(), "--onto", onto);
        assertThat(again.exit()).as(again.err() + again.out()).isEqualTo(3);
        assertThat(again.out()).contains("llvm21 [patch] MERGEABLE -> regenerated");
        assertThat(Files.readAllBytes(patches.get(0))).isNotEqualTo(patchBefore);
    }

    /** Commits {@code content} to {@code file} upstream and fetches it into the work tree's clone; returns the commit. */
    private String upstream(String file, String content, String message) {
        String commit = fx.therock.write(file, content).commit(message);
        work.git("fetch", "-q", "origin");
        return commit;
    }

    private List<Path> files() throws IOException {
        try (var files = Files.list(set)) {
            return files.filter(Files::isRegularFile).sorted().toList();
        }
    }

    private List<Path> patchFiles() throws IOException {
        try (var files = Files.list(set)) {
            return files.filter(
                            p -> p.toString().endsWith(".diff") || p.toString().endsWith(".patch"))
                    .sorted()
                    .toList();
        }
    }
}
