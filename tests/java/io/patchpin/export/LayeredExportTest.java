package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.Cli.ok;
import static io.patchpin.testkit.TheRockFixture.PRE_HOOK;
import static io.patchpin.testkit.TheRockFixture.ROCPROFILER_CMAKE;
import static io.patchpin.testkit.TheRockFixture.SYSTEMS;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.patchpin.testkit.Entries;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import io.patchpin.testkit.TheRockFixture;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Export of a layered set: its own entries only, as diffs on the tree its layers leave, with the layers named
 * bottom first where the format has a place for a comment. Each output, applied by the real tool on a tree where
 * the layers are applied, gives what {@code apply --with-layers} gives.
 */
class LayeredExportTest {
    /** Where each distro format names its layers, in its own comment syntax. */
    private static final String NAMED =
            "# on top of its layers, which must be applied first, bottom first: ../shared (patchset shared)\n";

    @TempDir
    static Path tmp;

    static TheRockFixture fx;
    static Repo work;
    static Path shared;
    static Path mine;
    static Map<String, String> applied;

    @BeforeAll
    static void setUp() {
        fx = TheRockFixture.create(tmp);
        work = fx.cloneWorkTree("work");
        shared = tmp.resolve("patchsets/shared");
        mine = tmp.resolve("patchsets/mine");
        ok("new", shared, "--repo", repo());
        rewrite(shared, "nvptx", ".", PRE_HOOK, "AMDGPU;X86", "AMDGPU;X86;NVPTX");
        rewrite(
                shared,
                "lang",
                SYSTEMS,
                ROCPROFILER_CMAKE,
                "project(rocprofiler-sdk)",
                "project(rocprofiler-sdk LANGUAGES CXX)");
        ok("new", mine, "--repo", repo(), "--layer", "../shared");
        // both only make sense on the layer: their text to find is what it leaves
        rewrite(mine, "spirv", ".", PRE_HOOK, "X86;NVPTX", "X86;NVPTX;SPIRV");
        rewrite(mine, "hip", SYSTEMS, ROCPROFILER_CMAKE, "LANGUAGES CXX", "LANGUAGES CXX HIP");
        Repo ref = fx.cloneWorkTree("ref");
        ok("apply", mine, "--repo", ref.dir(), "--with-layers");
        applied = Tool.files(ref.dir());
    }

    @Test
    void debianSeriesNamesTheLayersAndQuiltPushesItOnTheLayer() throws IOException {
        assumeTrue(Tool.onPath("quilt") && Tool.onPath("patch"), "quilt and patch are not installed");
        Path out = export("debian");
        String series = Files.readString(out.resolve("series"), StandardCharsets.UTF_8);
        assertThat(series).contains(NAMED).endsWith("0001-spirv.patch\n0002-hip.patch\n");
        assertThat(Files.readString(out.resolve("0001-spirv.patch"), StandardCharsets.UTF_8))
                .contains("-set(LLVM_TARGETS_TO_BUILD \"AMDGPU;X86;NVPTX\"")
                .contains("+set(LLVM_TARGETS_TO_BUILD \"AMDGPU;X86;NVPTX;SPIRV\"");
        Repo tree = layerApplied("t-debian");
        Tool.run(
                tree.dir(),
                Map.of("QUILT_PATCHES", out.toAbsolutePath().toString()),
                "quilt",
                "push",
                "-a",
                "-q",
                "--fuzz=0");
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    @Test
    void quiltSeriesPerComponentNameTheLayers() throws IOException {
        assumeTrue(Tool.onPath("quilt") && Tool.onPath("patch"), "quilt and patch are not installed");
        Path out = export("quilt");
        String series = Files.readString(out.resolve(SYSTEMS + "/series"), StandardCharsets.UTF_8);
        assertThat(series).startsWith(NAMED).endsWith(" -p1\n");
        Repo tree = layerApplied("t-quilt");
        Tool.run(
                tree.dir().resolve(SYSTEMS),
                Map.of("QUILT_PATCHES", out.resolve(SYSTEMS).toAbsolutePath().toString()),
                "quilt",
                "push",
                "-a",
                "-q",
                "--fuzz=0");
        assertThat(Tool.files(tree.dir().resolve(SYSTEMS)))
                .isEqualTo(Tool.files(tmp.resolve("ref").resolve(SYSTEMS)));
    }

    @Test
    void rpmSpecNamesTheLayersAndParses() throws IOException, InterruptedException {
        assumeTrue(Tool.onPath("patch"), "patch is not installed");
        Path out = export("rpm");
        String inc = Files.readString(out.resolve("patches.spec.inc"), StandardCharsets.UTF_8);
        assertThat(inc)
                .contains(NAMED)
                .contains("Patch0001: 0001-spirv.patch\n")
                .doesNotContain("nvptx");
        if (Tool.onPath("rpmspec")) {
            Path spec = Files.writeString(
                    tmp.resolve("layered.spec"),
                    "Name: layered\nVersion: 1\nRelease: 1\nSummary: s\nLicense: MIT\n" + inc + "\n%description\nd\n",
                    StandardCharsets.UTF_8);
            Tool.run(tmp, Map.of(), "rpmspec", "-P", spec.toString());
        }
        Repo tree = layerApplied("t-rpm");
        Tool.patchAll(tree.dir(), listed(out, "patches.spec.inc", "^Patch\\d+: (\\S+)$"));
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    @Test
    void ebuildPatchesArrayNamesTheLayersAndIsBash() throws IOException {
        assumeTrue(Tool.onPath("patch") && Tool.onPath("bash"), "patch or bash is not installed");
        Path out = export("gentoo");
        assertThat(Files.readString(out.resolve("patches.eclass.inc"), StandardCharsets.UTF_8))
                .contains(NAMED);
        Tool.run(out, Map.of(), "bash", "-n", "patches.eclass.inc");
        Repo tree = layerApplied("t-gentoo");
        Tool.patchAll(
                tree.dir(),
                listed(out, "patches.eclass.inc", "^\t\"\\$\\{FILESDIR\\}\"/(\\S+)$").stream()
                        .map(p -> out.resolve("files").resolve(p.getFileName()))
                        .toList());
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    @Test
    void nixExpressionNamesTheLayersAndParses() throws IOException {
        assumeTrue(Tool.onPath("patch") && Tool.onPath("bash"), "patch or bash is not installed");
        Path out = export("nix");
        String nix = Files.readString(out.resolve("default.nix"), StandardCharsets.UTF_8);
        // both entries are literal rewrites of the layer's text: substitutions after the (no) patches
        assertThat(nix)
                .contains(NAMED + "{ lib }:\n")
                .contains("patches = [ ];")
                .contains("--replace-fail 'X86;NVPTX' 'X86;NVPTX;SPIRV'");
        if (Tool.onPath("nix-instantiate")) {
            Tool.run(out, Map.of(), "nix-instantiate", "--parse", "default.nix");
        }
        Repo tree = layerApplied("t-nix");
        Path script = tmp.resolve("postPatch.sh");
        Files.writeString(script, NixFragment.SUBSTITUTE_IN_PLACE + "set -e\n" + NixFragment.postPatch(nix));
        Tool.run(tree.dir(), Map.of(), "bash", script.toString());
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    @Test
    void theRockLayoutCarriesTheSetsOwnMailsForGitAmOnTheLayer() throws IOException {
        Path out = export("therock");
        List<Path> mails;
        try (Stream<Path> s = Files.walk(out)) {
            mails = s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
        assertThat(mails).hasSize(2);
        Repo tree = layerApplied("t-therock");
        for (Path m : mails) {
            Path at = out.relativize(m).getParent().toString().equals(SYSTEMS)
                    ? tree.dir().resolve(SYSTEMS)
                    : tree.dir();
            Git.run(at, "apply", m.toAbsolutePath().toString());
        }
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    /** A fresh clone with the layer applied by patchpin, as a packager's tree holds it before the export's patches. */
    static Repo layerApplied(String name) {
        Repo tree = fx.cloneWorkTree(name);
        ok("apply", shared, "--repo", tree.dir());
        return tree;
    }

    static Path export(String format) {
        Path out = tmp.resolve("out-" + format);
        ok("export", mine, "--repo", repo(), "--format", format, "-o", out);
        return out;
    }

    static List<Path> listed(Path out, String file, String pattern) throws IOException {
        List<Path> names = new ArrayList<>();
        Matcher m = Pattern.compile(pattern, Pattern.MULTILINE)
                .matcher(Files.readString(out.resolve(file), StandardCharsets.UTF_8));
        while (m.find()) {
            names.add(out.resolve(m.group(1)));
        }
        assertThat(names).isNotEmpty();
        return names;
    }

    static String repo() {
        return work.dir().toString();
    }

    static void rewrite(Path set, String id, String component, String file, String find, String replace) {
        Entries.rewrite(set, repo(), file, find, replace, "--id", id, "--component", component);
    }
}
