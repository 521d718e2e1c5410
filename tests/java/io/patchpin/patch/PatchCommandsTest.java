package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.SANITIZER_HEADER;
import static io.patchpin.testkit.TheRockFixture.SANITIZER_SEED_PATCH;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Cli.Run;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.TheRockWorkTest;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Workspace;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** add patch, import, export and the checker against a real TheRock-shaped workspace. */
class PatchCommandsTest extends TheRockWorkTest {
    Path set;

    @BeforeEach
    void setUp() throws IOException {
        set = work.dir().resolve("patchsets/gfx1103");
        Cli.ok("new", set, "--repo", work.dir());
    }

    Path write(String name, String text) throws IOException {
        Path p = tmp.resolve(name);
        Files.writeString(p, text, StandardCharsets.UTF_8);
        return p;
    }

    /** {@code add patch} into {@code into} on LLVM's sanitizer folder, as seed 000's patch is applied, whatever the exit. */
    static Run addSanitizerPatch(Object into, Object repo, Object... patchAndOptions) {
        List<Object> args = new ArrayList<>(List.of(
                "add",
                "patch",
                into,
                "--repo",
                repo,
                "--component",
                TheRockFixture.LLVM,
                "--directory",
                "compiler-rt/lib/sanitizer_common"));
        args.addAll(List.of(patchAndOptions));
        return Cli.run(args.toArray());
    }

    Run addSeed() throws IOException {
        return addSanitizerPatch(set, work.dir(), write("seed.patch", SANITIZER_SEED_PATCH), "--why", "glibc 2.42");
    }

    Check checkAt(String rev) {
        try (Workspace ws = Workspace.open(work.dir(), null)) {
            Patchset ps = PatchsetStore.read(set);
            PatchEntry e = (PatchEntry) ps.entries().get(0);
            FileSource src = ws.snapshot(rev).files();
            Map<String, FileLookup> files = new TreeMap<>();
            e.files().forEach(f -> files.put(f, src.read(e.component(), f)));
            return new PatchChecker().check(e, new EntryInput(files, src, ps, set));
        }
    }

    /** Commits {@code content} as the header in the llvm submodule of the work tree and bumps the gitlink. */
    void upstreamHeader(String content) {
        Repo llvm = Repo.at(work.dir().resolve(TheRockFixture.LLVM));
        llvm.write(SANITIZER_HEADER, content).commit("upstream edit");
        work.git("add", TheRockFixture.LLVM);
        work.commit("bump llvm");
    }

    @Test
    void addsSeedPatchFromSubfolderDetectingStripAndSeals() throws IOException {
        Run r = addSeed();
        assertThat(r.exit()).as(r.err()).isZero();
        PatchEntry e = (PatchEntry) PatchsetStore.read(set).entries().get(0);
        assertThat(e.strip()).isEqualTo(1);
        assertThat(e.files()).containsExactly(SANITIZER_HEADER);
        assertThat(e.patch()).isEqualTo("0001-seed.patch");
        assertThat(Files.readString(set.resolve(e.patch()))).isEqualTo(SANITIZER_SEED_PATCH);
        assertThat(e.seal())
                .hasValueSatisfying(s -> assertThat(s.files().get(0).before()).isPresent());
        assertThat(checkAt("HEAD").verdict().verdict()).isEqualTo(Verdict.EXACT);
    }

    @Test
    void verdictsFollowUpstream() throws IOException {
        assertThat(addSeed().exit()).isZero();
        String base = work.read(TheRockFixture.LLVM + "/" + SANITIZER_HEADER);
        upstreamHeader("// new first line\n" + base);
        Check offset = checkAt("HEAD");
        assertThat(offset.verdict().verdict()).as(offset.verdict().detail()).isEqualTo(Verdict.OFFSET);
        upstreamHeader(base.replace("extern unsigned struct_termio_sz;\n", ""));
        assertThat(checkAt("HEAD").verdict().verdict()).isEqualTo(Verdict.ALREADY_APPLIED);
        upstreamHeader(base.replace("struct_input_id_sz;", "struct_input_id_sz; // upstream"));
        assertThat(checkAt("HEAD").verdict().verdict()).isEqualTo(Verdict.MERGEABLE);
        upstreamHeader(base.replace("struct_termio_sz;", "struct_termio_sz; // kept"));
        Check conflict = checkAt("HEAD");
        assertThat(conflict.verdict().verdict()).isEqualTo(Verdict.CONFLICT);
        assertThat(conflict.verdict().detail()).contains("hunk #1");
    }

    @Test
    void tamperedPatchFileBreaksTheSeal() throws IOException {
        assertThat(addSeed().exit()).isZero();
        Files.writeString(set.resolve("0001-seed.patch"), SANITIZER_SEED_PATCH + "\n");
        assertThat(checkAt("HEAD").verdict().verdict()).isEqualTo(Verdict.SEAL_BROKEN);
    }

    @Test
    void malformedPatchIsExitTwoNamingFileAndLineAndWritesNothing() throws IOException {
        byte[] before = Files.readAllBytes(PatchsetStore.tomlOf(set));
        Path bad = write(
                "bad.patch", SANITIZER_SEED_PATCH.replace(" extern unsigned struct_vt_consize_sz;\n", "GARBAGE\n"));
        Run r = addSanitizerPatch(set, work.dir(), bad);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err())
                .startsWith("patchpin: " + bad + ":8: hunk counts do not match")
                .doesNotContain("Exception");
        assertThat(Files.readAllBytes(PatchsetStore.tomlOf(set))).isEqualTo(before);
        try (Stream<Path> s = Files.list(set)) {
            assertThat(s.count()).isEqualTo(1);
        }
    }

    @Test
    void patchThatDoesNotApplyAtBaseIsRefused() throws IOException {
        Path p = write("x.patch", SANITIZER_SEED_PATCH.replace("struct_mtpos_sz", "struct_other_sz"));
        Run r = addSanitizerPatch(set, work.dir(), "-p1", p);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.err()).contains("does not apply at the base");
    }

    @Test
    void exportsAStoredPatchWithComponentPathsWhenItsObjectsAreNotHere() throws IOException {
        Path bare = fx.bareSuperproject("bare.git");
        Path unsealed = tmp.resolve("patchsets/elsewhere");
        Cli.ok("new", unsealed, "--repo", bare);
        Run add = addSanitizerPatch(
                unsealed, bare, "-p1", write("seed.patch", SANITIZER_SEED_PATCH), "--why", "glibc 2.42");
        assertThat(add.exit()).as(add.err()).isZero();
        Entries.rewrite(
                unsealed,
                bare,
                SANITIZER_HEADER,
                "struct_mtpos_sz",
                "struct_mtpos_size",
                "--component",
                TheRockFixture.LLVM);

        Path out = tmp.resolve("out-elsewhere");
        Run r = Cli.run("export", unsealed, "--repo", bare, "--format", "therock", "-o", out);

        assertThat(r.exit()).as(r.err()).isEqualTo(3);
        assertThat(r.err()).contains("not exported: ").contains("objects of compiler/amd-llvm are not here");
        Path mail = out.resolve(TheRockFixture.LLVM + "/0001-glibc-2.42.patch");
        assertThat(Files.readString(mail)).contains("--- a/" + SANITIZER_HEADER + "\n+++ b/" + SANITIZER_HEADER + "\n");
        Path clone = tmp.resolve("llvm-clone-elsewhere");
        Folders.copyCheckout(fx.llvm.dir(), clone);
        Git.run(clone, "am", "-q", mail.toString());
        assertThat(Files.readString(clone.resolve(SANITIZER_HEADER))).doesNotContain("termio");
    }

    @Test
    void exportsMailsGitAmAcceptsAndReimports() throws IOException {
        assertThat(addSeed().exit()).isZero();
        Path out = tmp.resolve("out");
        Run r = Cli.run("export", set, "--repo", work.dir(), "--format", "therock", "-o", out);
        assertThat(r.exit()).as(r.err()).isZero();
        Path mail = out.resolve(TheRockFixture.LLVM + "/0001-glibc-2.42.patch");
        String text = Files.readString(mail);
        assertThat(text).containsPattern("index [0-9a-f]{40}\\.\\.[0-9a-f]{40} 100644");
        byte[] first = Files.readAllBytes(mail);
        Cli.ok("export", set, "--repo", work.dir(), "--format", "therock", "-o", out);
        assertThat(Files.readAllBytes(mail)).isEqualTo(first);

        Path clone = tmp.resolve("llvm-clone");
        Folders.copyCheckout(fx.llvm.dir(), clone);
        Git.run(clone, "am", "-q", mail.toString());
        assertThat(Files.readString(clone.resolve(SANITIZER_HEADER))).doesNotContain("termio");

        Path set2 = work.dir().resolve("patchsets/again");
        Cli.ok("new", set2, "--repo", work.dir());
        Run imp = Cli.run("import", set2, "--repo", work.dir(), "--from", out);
        assertThat(imp.exit()).as(imp.err()).isZero();
        List<Entry> entries = PatchsetStore.read(set2).entries();
        assertThat(entries).hasSize(1);
        assertThat(entries.get(0).component()).isEqualTo(TheRockFixture.LLVM);
        assertThat(entries.get(0).files()).containsExactly(SANITIZER_HEADER);
    }

    @Test
    void importsQuiltSeries() throws IOException {
        Path q = tmp.resolve("quilt");
        Files.createDirectories(q);
        Files.writeString(
                q.resolve("termio.diff"),
                SANITIZER_SEED_PATCH
                        .replace("temptes/", "a/compiler-rt/lib/sanitizer_common/")
                        .replace("bbbbbbbb/", "b/compiler-rt/lib/sanitizer_common/"));
        Files.writeString(q.resolve("series"), "# quilt\ntermio.diff -p1\n");
        Run r = Cli.run(
                "import", set, "--repo", work.dir(), "--from", q.resolve("series"), "--component", TheRockFixture.LLVM);
        assertThat(r.exit()).as(r.err()).isZero();
        assertThat(PatchsetStore.read(set).entries().get(0).files()).containsExactly(SANITIZER_HEADER);
    }
}
