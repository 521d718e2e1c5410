package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;
import static io.patchpin.testkit.TheRockFixture.SANITIZER_HEADER;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.patchpin.core.Hashes;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.testkit.Cli;
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
 * Every distro export applied for real with the tool that distro uses, on a
 * fresh clone of the base, gives byte for byte the tree {@code patchpin apply} gives.
 */
class DistroExportTest {
    static final String SEED = "--- a/sanitizer_platform_limits_posix.h\n+++ b/sanitizer_platform_limits_posix.h\n"
            + "@@ -1,4 +1,3 @@\n extern unsigned struct_input_id_sz;\n extern unsigned struct_mtpos_sz;\n"
            + "-extern unsigned struct_termio_sz;\n extern unsigned struct_vt_consize_sz;\n";

    /** One workspace and patchset for all tests: each test exports to its own folder and applies to its own clone. */
    @TempDir
    static Path tmp;

    static TheRockFixture fx;
    static Repo work;
    static Path set;
    static Map<String, String> applied;

    @BeforeAll
    static void setUp() throws IOException {
        fx = TheRockFixture.create(tmp);
        work = fx.cloneWorkTree("work");
        set = tmp.resolve("patchsets/gfx1103");
        Cli.ok("new", set, "--repo", repo());
        rewrite(
                "nvptx",
                ".",
                "compiler/pre_hook_amd-llvm.cmake",
                "AMDGPU;X86",
                "AMDGPU;X86;NVPTX",
                "Build NVPTX too.\n\nThe 100% case, with a ${VAR}, a comma, a colon: and\n--- a line like a diff header");
        rewrite(
                "llvm-version",
                ".",
                "compiler/CMakeLists.txt",
                "set(LLVM_VERSION 20)",
                "set(LLVM_VERSION ${LLVM_MAJOR})",
                "");
        rewrite(
                "foo-quoted",
                ".",
                "ml-libs/CMakeLists.txt",
                "-DFOO=1",
                "-DFOO='on'",
                "A quote cannot go to a shell literal");
        Entries.add(
                "insert",
                set,
                repo(),
                "--file",
                "ml-libs/CMakeLists.txt",
                "--after",
                "set(targets",
                "--text",
                "list(APPEND targets gfx1103)",
                "--id",
                "gfx1103-target");
        Path seed = tmp.resolve("seed.patch");
        Files.writeString(seed, SEED);
        Entries.add(
                "patch",
                set,
                repo(),
                "--component",
                TheRockFixture.LLVM,
                "--directory",
                "compiler-rt/lib/sanitizer_common",
                "-p1",
                seed,
                "--id",
                "termio",
                "--why",
                "glibc 2.42 dropped struct termio");
        Entries.rewrite(
                set,
                repo(),
                "llvm/cmake/modules/HandleLLVMOptions.cmake",
                "(COMPILE|LINK)_JOBS \"\"",
                "${1}_JOBS \"4\"",
                "--component",
                TheRockFixture.LLVM,
                "--regex",
                "--id",
                "jobs");
        rewrite("half-3", TheRockFixture.HALF, "include/half.hpp", "HALF_VERSION 2", "HALF_VERSION 3", "");
        rewrite(
                "sdk-langs",
                TheRockFixture.SYSTEMS,
                "projects/rocprofiler-sdk/CMakeLists.txt",
                "project(rocprofiler-sdk)",
                "project(rocprofiler-sdk LANGUAGES CXX)",
                "");
        Entries.add(
                "insert",
                set,
                repo(),
                "--component",
                TheRockFixture.SYSTEMS,
                "--file",
                "projects/rocprofiler-sdk/CMakeLists.txt",
                "--after",
                "add_subdirectory(external)",
                "--text",
                "# gfx1103",
                "--id",
                "sdk-note");
        Repo ref = fx.cloneWorkTree("ref");
        Cli.ok("apply", set, "--repo", ref.dir());
        applied = Tool.files(ref.dir());
        assertThat(applied).isNotEqualTo(Tool.files(work.dir()));
    }

    static String repo() {
        return work.dir().toString();
    }

    static void rewrite(String id, String component, String file, String find, String replace, String why) {
        Entries.rewrite(set, repo(), file, find, replace, "--component", component, "--id", id, "--why", why);
    }

    @Test
    void reExportKeepsTheUsersOwnLinesInTheSeries() throws IOException {
        Path out = exportTo(tmp.resolve("out-debian-user"), "debian");
        Path series = out.resolve("series");
        String exported = Files.readString(series, StandardCharsets.UTF_8);
        Files.writeString(out.resolve("local-fix.patch"), "--- a/x\n+++ b/x\n", StandardCharsets.UTF_8);
        Files.writeString(series, exported + "local-fix.patch\n", StandardCharsets.UTF_8);

        exportTo(out, "debian");

        assertThat(Files.readString(series, StandardCharsets.UTF_8)).isEqualTo(exported + "local-fix.patch\n");
        assertThat(out.resolve("local-fix.patch")).exists();
    }

    Path export(String format, String... more) {
        return exportTo(
                tmp.resolve("out-" + format + "-" + String.join("-", more).replace('/', '-')), format, more);
    }

    Path exportTo(Path out, String format, String... more) {
        List<String> args = new ArrayList<>(
                List.of("export", set.toString(), "--repo", repo(), "--format", format, "-o", out.toString()));
        args.addAll(List.of(more));
        Cli.ok(args.toArray(String[]::new));
        return out;
    }

    /** The names a file lists, in order: the first group of every match of {@code pattern}. */
    static List<Path> listed(Path out, String file, String pattern) throws IOException {
        List<Path> names = new ArrayList<>();
        Matcher m = Pattern.compile(pattern, Pattern.MULTILINE).matcher(Files.readString(out.resolve(file)));
        while (m.find()) {
            names.add(out.resolve(m.group(1)));
        }
        assertThat(names).isNotEmpty();
        return names;
    }

    @Test
    void debianSeriesPushedByQuiltEqualsApply() throws IOException {
        assumeTrue(Tool.onPath("quilt") && Tool.onPath("patch"), "quilt and patch are not installed");
        Path out = export("debian");
        Path again = exportTo(tmp.resolve("out-debian-again"), "debian");
        try (Stream<Path> s = Files.list(out)) {
            for (Path p : s.toList()) {
                assertThat(Files.readAllBytes(again.resolve(p.getFileName())))
                        .as(p.toString())
                        .isEqualTo(Files.readAllBytes(p));
            }
        }
        String nvptx = Files.readString(out.resolve("0001-nvptx.patch"));
        assertThat(nvptx)
                .startsWith("Description: Build NVPTX too.\n .\n The 100% case")
                .contains(
                        "\n --- a line like a diff header\nOrigin: vendor\n---\ndiff --git a/compiler/pre_hook_amd-llvm.cmake")
                .doesNotContain("Last-Update")
                .doesNotContain("Forwarded");
        assertThat(Files.readString(out.resolve("0005-termio.patch")))
                .contains("--- a/" + TheRockFixture.LLVM + "/" + SANITIZER_HEADER + "\n");
        Repo tree = fx.cloneWorkTree("t-debian");
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
    void rpmPatchesInSpecOrderEqualApply() throws IOException {
        assumeTrue(Tool.onPath("patch"), "patch is not installed");
        Path out = export("rpm");
        String spec = Files.readString(out.resolve("patches.spec.inc"));
        assertThat(spec)
                .contains("# Build NVPTX too.\n#\n# The 100%% case")
                .contains("Patch0001: 0001-nvptx.patch\n")
                .contains("Patch0009: 0009-sdk-note.patch\n");
        Repo tree = fx.cloneWorkTree("t-rpm");
        Tool.patchAll(tree.dir(), listed(out, "patches.spec.inc", "^Patch\\d+: (\\S+)$"));
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    @Test
    void gentooEbuildAndUserLayoutsEqualApply() throws IOException {
        assumeTrue(Tool.onPath("patch"), "patch is not installed");
        Path out = export("gentoo");
        Repo tree = fx.cloneWorkTree("t-gentoo");
        Tool.patchAll(
                tree.dir(),
                listed(out, "patches.eclass.inc", "^\t\"\\$\\{FILESDIR\\}\"/(\\S+)$").stream()
                        .map(p -> out.resolve("files").resolve(p.getFileName()))
                        .toList());
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);

        Path user = export("gentoo", "--gentoo-user", "sci-libs/therock");
        List<Path> sorted;
        try (Stream<Path> s = Files.list(user.resolve("sci-libs/therock"))) {
            sorted = s.sorted().toList();
        }
        assertThat(sorted).hasSize(9);
        Repo userTree = fx.cloneWorkTree("t-gentoo-user");
        Tool.patchAll(userTree.dir(), sorted);
        assertThat(Tool.files(userTree.dir())).isEqualTo(applied);
    }

    @Test
    void nixPatchesThenSubstitutionsEqualApply() throws IOException {
        assumeTrue(Tool.onPath("patch") && Tool.onPath("bash"), "patch or bash is not installed");
        Path out = export("nix");
        String nix = Files.readString(out.resolve("default.nix"));
        assertThat(nix)
                .contains("{ lib }:\n{\n  patches = [\n")
                .contains(
                        "substituteInPlace 'compiler/pre_hook_amd-llvm.cmake' \\\n      --replace-fail 'AMDGPU;X86' 'AMDGPU;X86;NVPTX'\n")
                .contains("--replace-fail 'set(LLVM_VERSION 20)' 'set(LLVM_VERSION ''${LLVM_MAJOR})'")
                .contains("substituteInPlace '" + TheRockFixture.HALF + "/include/half.hpp'")
                .doesNotContain("project(rocprofiler-sdk LANGUAGES CXX)");
        assertThat(out.resolve("0001-nvptx.patch")).doesNotExist();
        assertThat(out.resolve("0003-foo-quoted.patch")).exists();
        assertThat(out.resolve("0006-jobs.patch")).exists();
        assertThat(out.resolve("0008-sdk-langs.patch")).exists();

        Repo tree = fx.cloneWorkTree("t-nix");
        Tool.patchAll(tree.dir(), listed(out, "default.nix", "^    \\./(\\S+)$"));
        Path script = tmp.resolve("postPatch.sh");
        Files.writeString(script, NixFragment.SUBSTITUTE_IN_PLACE + "set -e\n" + NixFragment.postPatch(nix));
        Tool.run(tree.dir(), Map.of(), "bash", script.toString());
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    @Test
    void yoctoEqualsApplyWithUpstreamStatusOnEveryPatch() throws IOException {
        assumeTrue(Tool.onPath("patch"), "patch is not installed");
        Path out = export("yocto");
        List<Path> patches = listed(out, "patches.inc", "^    file://(\\S+) \\\\$");
        assertThat(patches).hasSize(9);
        for (Path p : patches) {
            assertThat(Files.readString(p)).contains("\nUpstream-Status: Pending\n---\n");
        }
        assertThat(Files.readString(out.resolve("patches.inc")))
                .startsWith("# patchpin export")
                .contains("SRC_URI += \" \\\n");
        Repo tree = fx.cloneWorkTree("t-yocto");
        Tool.patchAll(tree.dir(), patches);
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    @Test
    void westPatchesMatchTheirSha256AndApplyInTheirModules() throws IOException {
        Path out = export("west");
        String yml = Files.readString(out.resolve("patches.yml"));
        Matcher m = Pattern.compile(
                        "  - path: \"(\\S+)\"\n    sha256sum: \"([0-9a-f]{64})\"\n    module: \"([^\"]+)\"\n"
                                + "    author: \"[^\"]+\"\n    email: \"[^\"]+@[^\"]+\"\n    date: (\\d{4}-\\d\\d-\\d\\d)\n")
                .matcher(yml);
        Repo tree = fx.cloneWorkTree("t-west");
        int n = 0;
        while (m.find()) {
            n++;
            Path patch = out.resolve(m.group(1));
            assertThat(Hashes.sha256(Files.readAllBytes(patch))).isEqualTo(m.group(2));
            Git.run(
                    tree.dir().resolve(m.group(3)),
                    "apply",
                    patch.toAbsolutePath().toString());
        }
        assertThat(n).isEqualTo(9);
        assertThat(yml).contains("comments: \"Build NVPTX too.\\n\\nThe 100% case, with a ${VAR}");
        assertThat(Tool.files(tree.dir())).isEqualTo(applied);
    }

    @Test
    void oneComponentWithComponentRelativePaths() throws IOException {
        Path out = export("debian", "--component", TheRockFixture.LLVM + "/");
        assertThat(Files.readString(out.resolve("series"))).endsWith("\n0001-termio.patch\n0002-jobs.patch\n");
        assertThat(Files.readString(out.resolve("0001-termio.patch"))).contains("\n--- a/" + SANITIZER_HEADER + "\n");
    }

    @Test
    void debianSeriesOfOneComponentRoundTripsThroughImport() throws IOException {
        Path out = export("debian", "--component", TheRockFixture.LLVM);
        Path back = tmp.resolve("patchsets/back");
        Cli.ok("new", back, "--repo", repo());
        Cli.ok("import", back, "--repo", repo(), "--from", out, "--component", TheRockFixture.LLVM);
        List<Entry> original = PatchsetStore.read(set).entries().stream()
                .filter(e -> e.component().equals(TheRockFixture.LLVM))
                .toList();
        List<Entry> imported = PatchsetStore.read(back).entries();
        assertThat(imported)
                .extracting(Entry::id)
                .isEqualTo(original.stream().map(Entry::id).toList());
        assertThat(imported)
                .extracting(Entry::files)
                .isEqualTo(original.stream().map(Entry::files).toList());
        assertThat(imported).extracting(Entry::component).containsOnly(TheRockFixture.LLVM);

        Path again = tmp.resolve("out-again");
        Cli.ok("export", back, "--repo", repo(), "--format", "debian", "-o", again, "--component", TheRockFixture.LLVM);
        for (String f : List.of("0001-termio.patch", "0002-jobs.patch")) {
            assertThat(diffOf(again.resolve(f))).isEqualTo(diffOf(out.resolve(f)));
        }
    }

    static String diffOf(Path patch) throws IOException {
        String text = Files.readString(patch, StandardCharsets.UTF_8);
        return text.substring(text.indexOf("\ndiff --git ") + 1);
    }

    @Test
    void rpmRefusesAnEntryThatOnlyAppliesWithFuzzAndWritesNothing() throws IOException {
        Path fuzzy = tmp.resolve("patchsets/fuzzy");
        Cli.ok("new", fuzzy, "--repo", repo());
        String toml = Files.readString(PatchsetStore.tomlOf(fuzzy));
        Files.writeString(
                fuzzy.resolve("0001-fuzzy.patch"),
                "--- a/" + SANITIZER_HEADER + "\n+++ b/" + SANITIZER_HEADER + "\n"
                        + "@@ -1,4 +1,3 @@\n extern unsigned struct_input_id_sz_CHANGED;\n extern unsigned struct_mtpos_sz;\n"
                        + "-extern unsigned struct_termio_sz;\n extern unsigned struct_vt_consize_sz;\n");
        Files.writeString(
                PatchsetStore.tomlOf(fuzzy),
                toml + "\n[[entry]]\nid = \"fuzzy\"\nkind = \"patch\"\ncomponent = \"" + TheRockFixture.LLVM
                        + "\"\npatch = \"0001-fuzzy.patch\"\nstrip = 1\nfiles = [\"" + SANITIZER_HEADER + "\"]\n");
        Path out = tmp.resolve("out-fuzzy");
        Cli.Run r = Cli.run("export", fuzzy, "--repo", repo(), "--format", "rpm", "-o", out);
        assertThat(r.exit()).as(r.err()).isEqualTo(1);
        assertThat(r.errLines()).singleElement().asString().startsWith("patchpin: refused: fuzzy: FUZZ at the base");
        assertThat(out).doesNotExist();
        Cli.ok("export", fuzzy, "--repo", repo(), "--format", "debian", "-o", out);
    }

    @Test
    void badGentooUserPackageIsBadInputAndWritesNothing() {
        Path out = tmp.resolve("out-bad");
        Cli.Run r =
                Cli.run("export", set, "--repo", repo(), "--format", "gentoo", "--gentoo-user", "../etc", "-o", out);
        assertThat(r.exit()).isEqualTo(2);
        assertThat(r.errLines()).singleElement().asString().startsWith("patchpin: --gentoo-user: ");
        assertThat(out).doesNotExist();
        assertThat(Cli.run("export", set, "--repo", repo(), "--format", "quilt", "--component", ".", "-o", out)
                        .exit())
                .isEqualTo(2);
    }
}
