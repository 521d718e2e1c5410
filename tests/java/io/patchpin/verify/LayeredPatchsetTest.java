package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.LayeredSets.LANG_PATCH;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;

import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Entries;
import io.patchpin.testkit.LayeredSets;
import io.patchpin.testkit.TheRockFixture;
import io.patchpin.testkit.WorkTree;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Layered patchsets: sealed and verified on the tree their layers leave, TheRock's read at each revision. */
class LayeredPatchsetTest {
    @TempDir
    Path tmp;

    @Test
    void anUpperSetIsSealedAndVerifiedOnTheTreeItsPatchsetLayerLeaves() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", shared, "--repo", repo);
            LayeredSets.addNvptx(shared, repo);
            // without the layer, the text to find is not at the base: refused
            ok("new", tmp.resolve("patchsets/flat"), "--repo", repo);
            assertThat(Entries.tryRewrite(
                                    tmp.resolve("patchsets/flat"),
                                    repo,
                                    PRE_HOOK,
                                    "X86;NVPTX",
                                    "X86;NVPTX;SPIRV",
                                    "--id",
                                    "spirv")
                            .exit())
                    .isEqualTo(2);

            Cli.Run created = Cli.ok("new", mine, "--repo", repo, "--layer", "../shared");
            assertThat(created.out()).contains("on ../shared");
            LayeredSets.addSpirv(mine, repo);
            assertThat(Files.readString(Path.of(mine, "patchset.toml"), StandardCharsets.UTF_8))
                    .startsWith("format = 2\n")
                    .contains("layers = [\"../shared\"]");
            assertThat(Files.readString(Path.of(shared, "patchset.toml"), StandardCharsets.UTF_8))
                    .startsWith("format = 1\n")
                    .doesNotContain("layers");

            assertThat(verdicts(mine, repo, "HEAD"))
                    .containsExactly(Map.entry("layer:shared/nvptx", "EXACT"), Map.entry("mine/spirv", "EXACT"));
            Cli.ok("verify", mine, "--repo", repo);

            String good = ex.change(".", "hook: a comment", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "# more\n"));
            String arm = ex.change(
                    ".", "hook: ARM", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK).replace("AMDGPU;X86", "AMDGPU;AArch64")));
            ex.change(".", "hook: another comment", Map.of(PRE_HOOK, ex.read(".", PRE_HOOK) + "# even more\n"));
            assertThat(verdicts(mine, repo, "HEAD"))
                    .containsExactly(
                            Map.entry("layer:shared/nvptx", "ANCHOR_MISSING"),
                            Map.entry("mine/spirv", "ANCHOR_MISSING"));
            Cli.Run text = Cli.run("verify", mine, "--repo", repo, "--rev", "HEAD");
            assertThat(text.out()).contains("; below it, layer:shared entry 'nvptx' is ANCHOR_MISSING here");
            // bisect checks the upper entry on the tree the layer leaves at each commit
            Cli.Run bisect =
                    Cli.run("bisect", mine, "--repo", repo, "--entry", "spirv", "--good", good, "--bad", "HEAD");
            assertThat(bisect.exit()).as(bisect.err()).isZero();
            assertThat(bisect.out()).contains("first breaks at " + arm, "ANCHOR_MISSING");
        }
    }

    @Test
    void applyRequiresTheLayersInPlaceOrAppliesThemWithLayers() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String shared = tmp.resolve("patchsets/shared").toString();
            String mine = tmp.resolve("patchsets/mine").toString();
            LayeredSets.sharedAndMine(shared, mine, repo);
            String pristine = ex.read(".", PRE_HOOK);

            Cli.Run refused = Cli.run("apply", mine, "--repo", repo);
            assertThat(refused.exit()).isEqualTo(1);
            assertThat(refused.err()).contains("layer:shared is not in place in the work tree: entry 'nvptx' is EXACT");
            assertThat(ex.read(".", PRE_HOOK)).isEqualTo(pristine);

            ok("apply", shared, "--repo", repo);
            ok("apply", mine, "--repo", repo);
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX;SPIRV");
            ok("revert", mine, "--repo", repo);
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX\"").doesNotContain("SPIRV");
            ok("revert", shared, "--repo", repo);
            assertThat(ex.read(".", PRE_HOOK)).isEqualTo(pristine);

            Cli.ok("apply", mine, "--repo", repo, "--with-layers");
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX;SPIRV");
        }
    }

    @Test
    void applyOnAMissingTheRockLayerSaysSoAndExitsReview() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            ex.change(
                    ".",
                    "patches for amd-mainline",
                    Map.of("patches/amd-mainline/" + SYSTEMS + "/0001-languages.patch", LANG_PATCH));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo, "--layer", "therock:amd-mainline");
            LayeredSets.addNvptx(mine, repo);

            ex.repo().delete("patches").commitStaged("drop amd-mainline patches");
            // the work tree has no patches/amd-mainline: the set above is applied, the missing layer named
            Cli.Run applied = Cli.run("apply", mine, "--repo", repo);
            assertThat(applied.exit()).as(applied.out() + applied.err()).isEqualTo(3);
            assertThat(applied.out() + applied.err())
                    .contains("layer therock:amd-mainline: no patches/amd-mainline in the work tree");
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX");

            ok("revert", mine, "--repo", repo);
            Cli.Run withLayers = Cli.run("apply", mine, "--repo", repo, "--with-layers");
            assertThat(withLayers.exit())
                    .as(withLayers.out() + withLayers.err())
                    .isEqualTo(3);
            assertThat(withLayers.out()).contains("LAYER_MISSING", "below it, layer therock:amd-mainline");
            assertThat(ex.read(".", PRE_HOOK)).contains("AMDGPU;X86;NVPTX");
        }
    }

    @Test
    void badLayersAreBadInput() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String a = tmp.resolve("patchsets/a").toString();
            String b = tmp.resolve("patchsets/b").toString();
            bad(Cli.run("new", a, "--repo", repo, "--layer", "../nope"), "--layer", "no patchset at");
            bad(Cli.run("new", a, "--repo", repo, "--layer", "therock:a b"), "--layer", "TheRock tag");
            ok("new", a, "--repo", repo);
            ok("new", b, "--repo", repo, "--layer", "../a");
            Path aToml = Path.of(a, "patchset.toml");
            String text = Files.readString(aToml, StandardCharsets.UTF_8);
            Files.writeString(
                    aToml,
                    text.replace("format = 1\n", "format = 2\nlayers = [\"../b\"]\n")
                            .replaceFirst("\nbase = ", "\nbase = "),
                    StandardCharsets.UTF_8);
            bad(Cli.run("verify", b, "--repo", repo, "--rev", "HEAD"), "patchset.toml", "circle");
            Files.writeString(
                    aToml, text.replace("format = 1\n", "format = 1\nlayers = [\"../b\"]\n"), StandardCharsets.UTF_8);
            bad(Cli.run("verify", a, "--repo", repo, "--rev", "HEAD"), "patchset.toml", "format = 2");
            Files.writeString(aToml, text.replace("format = 1\n", "format = 2\n"), StandardCharsets.UTF_8);
            bad(
                    Cli.run("verify", a, "--repo", repo, "--rev", "HEAD"),
                    "patchset.toml",
                    "format 2 is for a patchset with layers");
        }
    }

    @Test
    void theRockLayerIsReadFromTheSuperprojectAtEachRevision() throws Exception {
        try (WorkTree ex = TheRockFixture.create(tmp).workTree("therock")) {
            String repo = ex.dir().toString();
            String withPatches = ex.change(
                    ".",
                    "patches for amd-mainline",
                    Map.of("patches/amd-mainline/" + SYSTEMS + "/0001-languages.patch", LANG_PATCH));
            String mine = tmp.resolve("patchsets/mine").toString();
            ok("new", mine, "--repo", repo, "--layer", "therock:amd-mainline");
            Cli.Run add = LayeredSets.addHip(mine, repo);
            assertThat(add.out() + add.err()).doesNotContain("unsealed");

            assertThat(verdicts(mine, repo, withPatches))
                    .containsExactly(
                            Map.entry("layer:amd-mainline/" + SYSTEMS + "/0001-languages", "APPLIES"),
                            Map.entry("mine/hip", "EXACT"));
            // TheRock's patches are not the user's sealed entries: no "base unknown", no "unsealed"
            Cli.Run text = Cli.run("verify", mine, "--repo", repo, "--rev", withPatches);
            assertThat(text.out())
                    .contains("patchset layer:amd-mainline/" + SYSTEMS + " (TheRock's patches/amd-mainline/" + SYSTEMS
                            + ") at revision " + withPatches.substring(0, 12))
                    .doesNotContain("base unknown", "unsealed");
            assertThat(LayeredSets.verify(mine, repo, withPatches)
                            .get("layer:amd-mainline/" + SYSTEMS + "/0001-languages")
                            .get("detail")
                            .asText())
                    .as("JSON stays as it was")
                    .startsWith("unsealed: ");
            // a later TheRock drops its patch: the layer is what that revision holds, so the edit above has no anchor
            ex.repo().delete("patches").commitStaged("drop amd-mainline patches");
            // ... and the missing layer is reported, never silent
            assertThat(verdicts(mine, repo, "HEAD"))
                    .containsExactly(
                            Map.entry("layer:amd-mainline/amd-mainline", "LAYER_MISSING"),
                            Map.entry("mine/hip", "ANCHOR_MISSING"));
            assertThat(Cli.run("verify", mine, "--repo", repo, "--rev", "HEAD").out())
                    .contains("patchset layer:amd-mainline (TheRock's patches/amd-mainline) at revision")
                    .doesNotContain("base unknown");
            // bisect names the commit, and says the layer is gone there
            String dropped = ex.repo().head();
            Cli.Run bisect =
                    Cli.run("bisect", mine, "--repo", repo, "--entry", "hip", "--good", withPatches, "--bad", "HEAD");
            assertThat(bisect.exit()).as(bisect.err()).isZero();
            assertThat(bisect.out())
                    .contains(
                            "first breaks at " + dropped,
                            "below it, layer therock:amd-mainline: no patches/amd-mainline at "
                                    + dropped.substring(0, 12));
        }
    }

    /** verify --rev as "set/id" to verdict; other tests of layers use it too. */
    static Map<String, String> verdicts(String set, String repo, String rev) {
        return LayeredSets.verdicts(set, repo, rev);
    }

    private static void bad(Cli.Run r, String... words) {
        assertThat(r.exit()).as(r.out() + r.err()).isEqualTo(2);
        assertThat(r.errLines()).singleElement().asString().contains(words);
    }
}
