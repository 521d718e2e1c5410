package io.patchpin.lockexport;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.HALF;
import static io.patchpin.testkit.TheRockFixture.LLVM;
import static io.patchpin.testkit.TheRockFixture.PERFETTO;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;
import static io.patchpin.testkit.TheRockFixture.ZLIB;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.Hashes;
import io.patchpin.lock.Lock;
import io.patchpin.lock.LockEntry;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.workspace.Component;
import io.patchpin.workspace.Workspace;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * lock export on locks a real lock command rarely writes (roots without a commit, URLs it cannot use,
 * pins that disagree with gitlinks, patches folders), run in-process on a copy of the fixture's work tree.
 */
class ExportEdgeCasesTest {
    private static final String NOWHERE = "1".repeat(40);

    /** One read-only work tree (and mirror) for the class: nothing here writes into a repository. */
    @TempDir
    static Path shared;

    private static TheRockFixture fx;
    private static Workspace ws;
    private static Map<String, Component> at;

    @TempDir
    Path tmp;

    @BeforeAll
    static void open() {
        fx = TheRockFixture.create(shared.resolve("fx"));
        ws = Workspace.open(fx.cloneWorkTree("work").dir(), fx.mirror());
        at = ws.snapshot("HEAD").components();
    }

    @AfterAll
    static void close() {
        ws.close();
    }

    /** The lock entry of a component as the work tree has it, with a URL of our choice. */
    private LockEntry entry(String path, String url) {
        return entry(path, url, at.get(path).commit(), false);
    }

    private LockEntry entry(String path, String url, String commit, boolean override) {
        Component c = at.get(path);
        return new LockEntry(
                path,
                c.name(),
                c.parent(),
                Optional.ofNullable(url),
                c.branch(),
                commit,
                override,
                true,
                Optional.empty());
    }

    private Lock lock(List<Lock.Root> roots, LockEntry... components) {
        return new Lock(Optional.of("therock"), at.get(".").commit(), roots, List.of(components), List.of(), List.of());
    }

    private static LockExport.Request request(
            LockExport.Format format, List<String> only, boolean nixSubmodules, Path patches) {
        return new LockExport.Request(format, only, nixSubmodules, patches, Map.of());
    }

    private LockExport.Result run(Lock lock, LockExport.Request request) {
        return LockExport.run(ws, lock, tmp.resolve("therock.lock.toml"), request);
    }

    private static String text(LockExport.Result r) {
        return new String(r.bytes(), StandardCharsets.UTF_8);
    }

    private Path patch(Path dir, String folder, String name, String body) throws Exception {
        Path p = dir.resolve(folder).resolve(name);
        Files.createDirectories(p.getParent());
        return Files.writeString(p, body);
    }

    @Test
    void pkgbuildListsOnlyUsableSourcesAppliesPatchesByFolderAndNamesWhatItLeftOut() throws Exception {
        Path patches = tmp.resolve("patches");
        Path top = patch(patches, "TheRock", "0001-top.patch", "top\n");
        Path sys = patch(patches, SYSTEMS, "0002-systems.patch", "systems\n");
        patch(patches, SYSTEMS, "0001-top.patch", "same file name\n");
        patch(patches, SYSTEMS, "notes.txt", "not a patch\n");
        patch(patches, "zstd", "0001-x.patch", "no such component\n");
        Files.writeString(patches.resolve("README"), "a file beside the folders\n");
        Lock lock = lock(
                List.of(Lock.Root.unresolved("pytorch", "https://github.com/pytorch/pytorch.git", "main")),
                entry(".", "https://example.org/ROCm/TheRock.git"),
                entry(HALF, "ext::sh -c touch% /tmp/x"),
                entry(LLVM, null),
                entry(SYSTEMS, fx.systems.url(), at.get(SYSTEMS).commit(), true),
                entry(PERFETTO, null),
                entry(ZLIB, fx.zlib.url(), NOWHERE, false));

        LockExport.Result r = run(lock, request(LockExport.Format.PKGBUILD, List.of(), false, patches));

        assertThat(r.exitCode()).isEqualTo(ExitCode.BROKEN);
        String t = text(r);
        assertThat(t)
                .contains("  'TheRock::git+https://example.org/ROCm/TheRock.git#commit="
                        + at.get(".").commit() + "'\n")
                .contains("  'rocm-systems::git+" + fx.systems.url() + "#commit=")
                .contains("  'TheRock-0001-top.patch'\n  'rocm-systems-0001-top.patch'\n  '0002-systems.patch'\n")
                .doesNotContain(top.toString())
                .doesNotContain(sys.toString())
                .doesNotContain("base_half")
                .doesNotContain("compiler")
                .doesNotContain("pytorch")
                .contains(
                        "  git -C 'rocm-systems' checkout -q " + at.get(SYSTEMS).commit() + "\n")
                .contains("  patch -d '.' -Np1 -i \"$srcdir/\"'TheRock-0001-top.patch'\n")
                .contains("  patch -d 'rocm-systems' -Np1 -i \"$srcdir/\"'0002-systems.patch'\n");
        assertThat(t.indexOf("  'SKIP'\n"))
                .as("zlib's commit is nowhere: no checksum")
                .isPositive();
        assertThat(t).contains("  '" + Hashes.sha256("top\n".getBytes(StandardCharsets.UTF_8)) + "'\n");
        assertThat(r.problems())
                .containsExactlyInAnyOrder(
                        HALF + ": not a source: URL ext::sh -c touch% /tmp/x is not https, http, ssh, git or file",
                        LLVM + ": not a source: no URL in the lock",
                        PERFETTO + ": not a source: no URL in the lock",
                        "root pytorch: not a source: no commit locked",
                        patches.resolve("zstd") + ": not applied: no exported component has the submodule name 'zstd'",
                        ZLIB + ": no checksum (SKIP written): commit " + NOWHERE + " is in no local object database",
                        ZLIB + ": not wired in prepare(): its parent " + PERFETTO + " is not exported");
        assertThat(r.beside())
                .containsOnlyKeys("TheRock-0001-top.patch", "rocm-systems-0001-top.patch", "0002-systems.patch");
    }

    @Test
    void pkgbuildWithoutTheSuperprojectHasNoPrepareAndAPatchFolderTwoComponentsClaimIsNotApplied() throws Exception {
        Path patches = tmp.resolve("patches");
        patch(patches, "base", "0001-x.patch", "x\n");
        LockEntry half = entry(HALF, fx.half.url());
        LockEntry twin = new LockEntry(
                "other/half",
                "base",
                Optional.of("."),
                Optional.of(fx.half.url()),
                Optional.empty(),
                half.commit(),
                false,
                true,
                Optional.empty());
        LockEntry alsoBase = new LockEntry(
                HALF,
                "base",
                Optional.of("."),
                Optional.of(fx.half.url()),
                Optional.empty(),
                half.commit(),
                false,
                true,
                Optional.empty());
        Lock lock = lock(List.of(), entry(".", fx.therock.url()), alsoBase, twin);

        LockExport.Result r =
                run(lock, request(LockExport.Format.PKGBUILD, List.of(HALF, "other/half"), false, patches));

        assertThat(text(r))
                .doesNotContain("prepare()")
                .contains("  'base_half::git+")
                .contains("  'other_half::git+");
        assertThat(r.problems())
                .containsExactly(
                        patches.resolve("base") + ": not applied: several components have the submodule name 'base'");
        assertThatThrownBy(() -> run(lock, request(LockExport.Format.PKGBUILD, List.of(), false, tmp.resolve("none"))))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("no such folder: " + tmp.resolve("none"));
    }

    @Test
    void checksumsRefusedByAttributesAreSkippedWithTheReason() {
        Repo filtered = Repo.init(tmp.resolve("filtered"))
                .write(".gitattributes", "*.bin filter=lfs\n")
                .write("a.bin", "x\n");
        String commit = filtered.commit("lfs");
        try (Workspace own = Workspace.open(filtered.dir(), null)) {
            Lock lock = new Lock(
                    Optional.empty(),
                    commit,
                    List.of(),
                    List.of(new LockEntry(
                            ".",
                            ".",
                            Optional.empty(),
                            Optional.of(filtered.url()),
                            Optional.empty(),
                            commit,
                            false,
                            true,
                            Optional.empty())),
                    List.of(),
                    List.of());
            LockExport.Result tar = LockExport.run(
                    own, lock, tmp.resolve("x.lock.toml"), request(LockExport.Format.PKGBUILD, List.of(), false, null));
            assertThat(text(tar)).contains("  'SKIP'\n");
            assertThat(tar.problems())
                    .singleElement()
                    .asString()
                    .startsWith(". (filtered): no checksum (SKIP written): ")
                    .contains("filter=lfs");
            LockExport.Result nix = LockExport.run(
                    own, lock, tmp.resolve("x.lock.toml"), request(LockExport.Format.NIX, List.of(), false, null));
            assertThat(text(nix))
                    .contains("  # filtered (. (filtered), rev " + commit + "): no hash: ")
                    .contains("filter=lfs");
        }
    }

    @Test
    void nixUsesFetchFromGitHubForGithubUrlsAndHashesOtherRootsFromTheMirror() {
        String half = at.get(HALF).commit();
        String systems = at.get(SYSTEMS).commit();
        Lock lock = lock(
                List.of(
                        new Lock.Root("half-root", fx.half.url(), "main", half),
                        new Lock.Root("lost", "https://example.org/lost.git", "main", NOWHERE),
                        Lock.Root.unresolved("unlocked", "https://example.org/unlocked.git", "main")),
                entry(".", "https://github.com/ROCm/TheRock.git"),
                entry(LLVM, null));

        LockExport.Result r = run(lock, request(LockExport.Format.NIX, List.of(), false, null));

        assertThat(text(r))
                .contains("  TheRock = fetchFromGitHub {\n    owner = \"ROCm\";\n    repo = \"TheRock\";\n")
                .contains(
                        "  half-root = fetchgit {\n    url = \"" + fx.half.url() + "\";\n    rev = \"" + half + "\";\n")
                .contains("  # " + LLVM + ": no URL in the lock (give one with --url " + LLVM
                        + "=URL)\n  compiler_amd-llvm = fetchgit {\n" + "    url = throw \"patchpin: no URL for " + LLVM
                        + " in the lock\";\n    rev = \"" + at.get(LLVM).commit() + "\";\n")
                .contains("  # unlocked (root unlocked, rev unknown): no hash: no commit locked");
        assertThat(r.problems())
                .containsExactly(
                        "root lost: no hash: commit " + NOWHERE + " is in no local object database",
                        "root unlocked: no hash: no commit locked (no local clone of this root when it was locked)");

        Lock systemsRoot = lock(
                List.of(new Lock.Root("systems-root", fx.systems.url(), "develop", systems)),
                entry(".", fx.therock.url()));
        LockExport.Result nested = run(systemsRoot, request(LockExport.Format.NIX, List.of(), true, null));
        assertThat(nested.problems())
                .contains("root systems-root: no hash: submodule "
                        + "projects/rocprofiler-sdk/external/perfetto of a root outside the lock cannot be located");
    }

    @Test
    void nixSubmodulesRefusesAGitlinkTheLockDoesNotPinOrPinsElsewhere() {
        String other = "2".repeat(40);
        Lock elsewhere = lock(
                List.of(),
                entry(".", fx.therock.url()),
                entry(HALF, fx.half.url()),
                entry(LLVM, fx.llvm.url()),
                entry(SYSTEMS, fx.systems.url(), other, true));
        LockExport.Result r = run(elsewhere, request(LockExport.Format.NIX, List.of("."), true, null));
        assertThat(r.problems())
                .singleElement()
                .asString()
                .startsWith(". (TheRock): no hash: ")
                .contains(SYSTEMS)
                .contains("the lock pins " + other + " but fetchSubmodules fetches the gitlink "
                        + at.get(SYSTEMS).commit());

        Lock without = lock(List.of(), entry(".", fx.therock.url()), entry(HALF, fx.half.url()));
        LockExport.Result missing = run(without, request(LockExport.Format.NIX, List.of(), true, null));
        assertThat(missing.problems())
                .singleElement()
                .asString()
                .contains("submodule " + LLVM
                        + " is not in the lock (its parent's objects were missing when it was locked)");
        assertThat(text(missing)).contains("  base_half = fetchgit {\n").contains("    fetchSubmodules = true;\n");
    }

    @Test
    void ociLabelsLeaveOutWhatAShellWouldSplitAndWhatHasNoCommit() {
        Lock lock = new Lock(
                Optional.empty(),
                at.get(".").commit(),
                List.of(
                        new Lock.Root("TheRock", "", "main", at.get(".").commit()),
                        new Lock.Root("my root", "https://example.org/r.git", "main", NOWHERE),
                        Lock.Root.unresolved("vllm", "https://example.org/vllm.git", "main")),
                List.of(entry(".", null), entry(HALF, fx.half.url())),
                List.of(),
                List.of());

        LockExport.Result flags = LockExport.run(
                null, lock, tmp.resolve("l.toml"), request(LockExport.Format.OCI_LABELS, List.of(), false, null));
        assertThat(text(flags))
                .isEqualTo("--label org.opencontainers.image.revision="
                        + at.get(".").commit() + "\n" + "--label io.patchpin." + HALF + "="
                        + at.get(HALF).commit() + "\n");
        assertThat(flags.problems())
                .containsExactly(
                        "root vllm: no label: no commit locked",
                        "io.patchpin.root.my root: no label: white space, quotes or glob characters would break $(cat labels)");

        LockExport.Result docker = LockExport.run(
                null,
                lock,
                tmp.resolve("l.toml"),
                request(LockExport.Format.OCI_LABELS_DOCKERFILE, List.of(), false, null));
        assertThat(text(docker))
                .contains("\"io.patchpin.root.my root\"=\"" + NOWHERE + "\"")
                .doesNotContain("org.opencontainers.image.source");

        Lock onlyUnlocked = new Lock(
                Optional.empty(),
                at.get(".").commit(),
                List.of(Lock.Root.unresolved("x", "", "main")),
                List.of(),
                List.of(),
                List.of());
        assertThat(LockExport.run(
                                null,
                                onlyUnlocked,
                                tmp.resolve("l.toml"),
                                request(LockExport.Format.OCI_LABELS_DOCKERFILE, List.of(), false, null))
                        .bytes())
                .isEmpty();
        assertThat(LockExport.needsObjects(LockExport.Format.ENV)).isFalse();
    }

    @Test
    void theSuperprojectIsNamedByItsRootElseItsUrlElseGenerically() {
        String top = at.get(".").commit();
        LockEntry sp = entry(".", "https://example.org/x/TheRock.git");
        assertThat(Sources.superprojectName(
                        new Lock(
                                Optional.empty(),
                                top,
                                List.of(new Lock.Root("rock", "", "main", top)),
                                List.of(sp),
                                List.of(),
                                List.of()),
                        null))
                .isEqualTo("rock");
        assertThat(Sources.superprojectName(
                        new Lock(
                                Optional.empty(),
                                top,
                                List.of(new Lock.Root("other", "", "main", NOWHERE)),
                                List.of(sp),
                                List.of(),
                                List.of()),
                        null))
                .isEqualTo("TheRock");
        assertThat(Sources.superprojectName(
                        new Lock(
                                Optional.empty(),
                                top,
                                List.of(),
                                List.of(entry(".", "git@host:")),
                                List.of(),
                                List.of()),
                        null))
                .isEqualTo("superproject");
        assertThat(Sources.superprojectName(
                        new Lock(Optional.empty(), top, List.of(), List.of(entry(".", null)), List.of(), List.of()),
                        null))
                .isEqualTo("superproject");
        List<ExportSource> sources = Sources.of(
                new Lock(
                        Optional.empty(),
                        top,
                        List.of(new Lock.Root("rock", "u", "main", top)),
                        List.of(sp),
                        List.of(),
                        List.of()),
                List.of(),
                "l.toml",
                Map.of());
        assertThat(sources).extracting(ExportSource::label).containsExactly(". (rock)");
        assertThat(sources.get(0).ref()).isEqualTo("main");
    }

    @Test
    void namesStayValidForOddPaths() {
        ExportSource dot = new ExportSource(".hidden", ".hidden", "h", ".", null, null, NOWHERE, false);
        ExportSource dash = new ExportSource("-x", "-x", "x", ".", null, null, NOWHERE, false);
        ExportSource unnamed = new ExportSource("root ", null, "", null, null, null, null, false);
        ExportSource keyword = new ExportSource("root let", null, "let", null, null, null, null, false);
        assertThat(Names.makepkg(dot)).isEqualTo("_.hidden");
        assertThat(Names.makepkg(dash)).isEqualTo("_-x");
        assertThat(Names.env(unnamed)).isEqualTo("_");
        assertThat(Names.nix(unnamed)).isEqualTo("_");
        assertThat(Names.nix(keyword)).isEqualTo("_let");
        assertThat(Names.nix(dash)).isEqualTo("_-x");
        assertThat(unnamed.isComponent()).isFalse();
        assertThat(unnamed.isSuperproject()).isFalse();
        assertThat(GitHubUrl.parse(null)).isEmpty();
        assertThat(PkgbuildFormat.makepkgUrl("git@host:-oProxy")).isEmpty();
    }
}
