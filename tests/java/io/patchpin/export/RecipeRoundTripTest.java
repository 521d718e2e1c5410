package io.patchpin.export;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.core.Hashes;
import io.patchpin.testkit.Cli;
import io.patchpin.testkit.Folders;
import io.patchpin.testkit.Git;
import io.patchpin.testkit.Repo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * One recipe per form, written for these tests in the shape each distro keeps (tests/resources/recipes), with a
 * gfx1103 patch written against standalone rocBLAS: imported with {@code --directory} onto the rocBLAS folder of a
 * monorepo submodule (as rocBLAS now lives in rocm-libraries), every entry EXACT at the base, then exported in a
 * distro format and applied by {@code patch}: the same tree as {@code patchpin apply}, with every edit in it.
 */
class RecipeRoundTripTest {
    static final String LIBS = "rocm-libraries";
    static final String ROCBLAS = "projects/rocblas";

    @TempDir
    static Path tmp;

    @BeforeAll
    static void setUp() {
        build(tmp);
    }

    /** Upstream rocm-libraries inside a TheRock superproject under {@code tmp}, and one recursive clone of it. */
    static void build(Path tmp) {
        Repo libs = Repo.init(tmp.resolve("up/rocm-libraries"))
                .write(
                        ROCBLAS + "/CMakeLists.txt",
                        "set(AMDGPU_TARGETS \"gfx900;gfx906;gfx90a;gfx1100\")\n" + "project(rocblas VERSION 4.4.0)\n")
                .write(
                        ROCBLAS + "/library/src/tensile_host.cpp",
                        "#include \"tensile_host.hpp\"\n"
                                + "static const char *archs[] = {\"gfx900\", \"gfx1100\"};\nint n = 2;\n")
                .write(ROCBLAS + "/cmake/Options.cmake", "option(BUILD_WITH_TENSILE \"Tensile\" ON)\n")
                .write("projects/hipblaslt/CMakeLists.txt", "project(hipblaslt)\n");
        libs.commit("rocm-libraries");
        libs.git("tag", "rocm-6.4.0"); // the version the spack recipe's when= ranges are weighed at
        Repo superproject = Repo.init(tmp.resolve("up/TheRock")).write("README.md", "# TheRock\n");
        superproject.linkSubmodule(LIBS, libs).commit("TheRock with rocm-libraries", "README.md", ".gitmodules");
        Git.run(
                tmp,
                "clone",
                "-q",
                "--recurse-submodules",
                superproject.url(),
                tmp.resolve("pristine").toString());
    }

    /** A recursive clone of the superproject at {@code name}: a copy of the one clone git made, untouched. */
    static Repo clone(String name) {
        return clone(tmp, name);
    }

    /** The same, of the fixture {@link #build} made under {@code tmp}. */
    static Repo clone(Path tmp, String name) {
        Folders.copyCheckout(tmp.resolve("pristine"), tmp.resolve(name));
        return Repo.at(tmp.resolve(name));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "spec/rocblas.spec, rpm, 2, 1",
        "ebuild/rocblas-6.4.0.ebuild, gentoo, 3, 1",
        "pkgbuild/PKGBUILD, debian, 2, 0",
        "nix/default.nix, nix, 3, 1",
        "spack/package.py, spack, 1, 1",
        "dockerfile/Dockerfile, debian, 3, 0",
        "electron/.patches, yocto, 2, 0"
    })
    void importedAtTheBaseExportedBackSameEffect(String recipe, String format, int entries, int notImported)
            throws IOException {
        assumeTrue(Tool.onPath("patch") && Tool.onPath("bash"), "patch or bash is not installed");
        String name = recipe.substring(0, recipe.indexOf('/'));
        Repo work = clone("work-" + name);
        Path set = tmp.resolve("sets/" + name);
        Path from = Path.of("tests/resources/recipes").resolve(recipe).toAbsolutePath();
        Cli.Run in = Cli.run(
                "import", set, "--repo", work.dir(), "--from", from, "--component", LIBS, "--directory", ROCBLAS);
        assertThat(in.exit()).as(in.err() + in.out()).isEqualTo(notImported > 0 ? 3 : 0);
        assertThat(in.err().lines().filter(l -> l.contains(": not imported: ")).count())
                .as(in.err())
                .isEqualTo(notImported);

        Cli.Run verify = Cli.run("verify", set, "--repo", work.dir(), "--rev", "HEAD", "--format", "json");
        JsonNode report = new ObjectMapper().readTree(verify.out());
        List<String> verdicts = new ArrayList<>();
        report.get("patchsets")
                .get(0)
                .get("entries")
                .forEach(e -> verdicts.add(e.get("verdict").asText()));
        assertThat(verdicts).hasSize(entries).containsOnly("EXACT");

        Repo applied = clone("applied-" + name);
        Cli.ok("apply", set, "--repo", applied.dir());
        Map<String, String> want = Tool.files(applied.dir().resolve(LIBS));
        assertThat(want.get(ROCBLAS + "/library/src/tensile_host.cpp")).contains("\"gfx1103\"");

        Path out = tmp.resolve("out-" + name);
        Cli.ok("export", set, "--repo", work.dir(), "--format", format, "--component", LIBS, "-o", out);
        Repo byTool = clone("tool-" + name);
        Path libs = byTool.dir().resolve(LIBS);
        Tool.patchAll(libs, patches(format.equals("gentoo") ? out.resolve("files") : out));
        if (format.equals("spack")) {
            String py = Files.readString(out.resolve("patches.py"));
            for (Path p : patches(out)) {
                assertThat(py)
                        .contains("patch(\"" + p.getFileName() + "\", sha256=\"" + Hashes.sha256(Files.readAllBytes(p))
                                + "\", when=\"@6.3:6.4\")\n");
            }
        }
        if (format.equals("nix")) {
            Path script = tmp.resolve("postPatch-" + name + ".sh");
            Files.writeString(
                    script,
                    NixFragment.SUBSTITUTE_IN_PLACE + "set -e\n"
                            + NixFragment.postPatch(Files.readString(out.resolve("default.nix"))));
            Tool.run(libs, Map.of(), "bash", script.toString());
        }
        assertThat(Tool.files(libs)).isEqualTo(want);
    }

    private static List<Path> patches(Path dir) throws IOException {
        try (Stream<Path> s = Files.list(dir)) {
            return s.filter(p -> p.toString().endsWith(".patch")).sorted().toList();
        }
    }
}
