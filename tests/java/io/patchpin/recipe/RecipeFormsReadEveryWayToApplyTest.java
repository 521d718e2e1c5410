package io.patchpin.recipe;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import io.patchpin.testkit.Folders;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What each recipe form's reader makes of the less common ways a recipe applies (or names) its edits. */
class RecipeFormsReadEveryWayToApplyTest {
    @TempDir
    Path tmp;

    private Path write(String name, String text) {
        return Folders.write(tmp.resolve(name), text);
    }

    private Recipe read(String name, String text, RecipeFormat format) throws IOException {
        return Recipe.read(write(name, text), Optional.ofNullable(format));
    }

    private static List<String> kinds(Recipe r) {
        return r.steps().stream()
                .map(s -> s.getClass().getSimpleName() + "@" + s.line())
                .toList();
    }

    @Test
    void formatWordsParseCaseInsensitivelyAndUnknownWordsAreEmpty() {
        assertThat(RecipeFormat.parse("Spec")).contains(RecipeFormat.SPEC);
        assertThat(RecipeFormat.parse("DOCKERFILE")).contains(RecipeFormat.DOCKERFILE);
        assertThat(RecipeFormat.parse("rpm")).isEmpty();
        assertThat(RecipeFormat.ELECTRON.word()).isEqualTo("electron");
    }

    @Test
    void formatIsKnownByFileNameFirst() {
        String none = "";
        assertThat(RecipeFormat.detect(Path.of("a/rocblas.spec"), none)).contains(RecipeFormat.SPEC);
        assertThat(RecipeFormat.detect(Path.of("rocblas-6.4.ebuild"), none)).contains(RecipeFormat.EBUILD);
        assertThat(RecipeFormat.detect(Path.of("PKGBUILD"), none)).contains(RecipeFormat.PKGBUILD);
        assertThat(RecipeFormat.detect(Path.of("default.nix"), none)).contains(RecipeFormat.NIX);
        assertThat(RecipeFormat.detect(Path.of("package.py"), none)).contains(RecipeFormat.SPACK);
        assertThat(RecipeFormat.detect(Path.of("Dockerfile"), none)).contains(RecipeFormat.DOCKERFILE);
        assertThat(RecipeFormat.detect(Path.of("containerfile.rocm"), none)).contains(RecipeFormat.DOCKERFILE);
        assertThat(RecipeFormat.detect(Path.of("build.dockerfile"), none)).contains(RecipeFormat.DOCKERFILE);
        assertThat(RecipeFormat.detect(Path.of(".patches"), none)).contains(RecipeFormat.ELECTRON);
    }

    @Test
    void formatIsKnownByTextWhenTheNameSaysNothing() {
        Path f = Path.of("recipe.txt");
        assertThat(RecipeFormat.detect(f, "Name: rocblas\n%prep\n")).contains(RecipeFormat.SPEC);
        assertThat(RecipeFormat.detect(f, "%prep\nno name tag\n")).isEmpty();
        assertThat(RecipeFormat.detect(f, "# header\nEAPI=8\n")).contains(RecipeFormat.EBUILD);
        assertThat(RecipeFormat.detect(f, "pkgname=rocblas\n")).contains(RecipeFormat.PKGBUILD);
        assertThat(RecipeFormat.detect(f, "from spack import *\nclass Rocblas(CMakePackage):\n"))
                .contains(RecipeFormat.SPACK);
        assertThat(RecipeFormat.detect(f, "# syntax=docker/dockerfile:1\n\nfrom ubuntu:24.04\n"))
                .contains(RecipeFormat.DOCKERFILE);
        assertThat(RecipeFormat.detect(f, "just some notes\n")).isEmpty();
    }

    @Test
    void aFileOfNoKnownFormIsBadInputNamingTheFormatWords() throws IOException {
        Path f = write("notes.txt", "nothing here\n");
        assertThatThrownBy(() -> Recipe.read(f, Optional.empty()))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("--format spec|ebuild|pkgbuild|nix|spack|dockerfile|electron");
    }

    @Test
    void givenFormatWinsOverTheName() throws IOException {
        Recipe r = read("notes.txt", "FROM ubuntu\nRUN sed -i s/a/b/ x\n", RecipeFormat.DOCKERFILE);
        assertThat(r.format()).isEqualTo(RecipeFormat.DOCKERFILE);
        assertThat(r.folder()).isEqualTo(tmp.toAbsolutePath().normalize());
        assertThat(new Recipe(Path.of("/"), RecipeFormat.SPEC, List.of()).folder())
                .isEqualTo(Path.of("."));
    }

    @Test
    void specResolvesMacrosAndEveryFormOfPatchMacro() throws IOException {
        String spec = String.join(
                "\n",
                "%global rocmver 6.4",
                "Name: rocblas",
                "Version: %{rocmver}.0",
                "Patch: zero.patch",
                "Patch1: %{name}-%{version}-one.patch",
                "Patch2: two.patch",
                "Patch4: %{undefined_macro}.patch",
                "Patch5: https://example.org/five.patch",
                "%description",
                "Patch9: not-a-tag-here.patch",
                "%prep",
                "%autosetup -N -n %{name}",
                "%patch -P 1 -p1",
                "%patch2 -p0",
                "%patch -P2",
                "%patch 0",
                "%patch -p1",
                "%patch 3",
                "%patch4 -p1",
                "%patch5 -p1",
                "sed -i 's/a/b/' CMakeLists.txt",
                "echo not an edit",
                "%build",
                "sed -i 's/c/d/' x",
                "");
        List<Step> steps = read("rocblas.spec", spec, null).steps();
        assertThat(steps).hasSize(9); // the sed of %build is not an edit of the sources
        Step.PatchFile one = (Step.PatchFile) steps.get(0);
        assertThat(one.file())
                .isEqualTo(
                        tmp.resolve("rocblas-6.4.0-one.patch").toAbsolutePath().normalize());
        assertThat(one.strip()).isEqualTo(1);
        assertThat(((Step.PatchFile) steps.get(1)).strip()).isZero();
        assertThat(((Step.PatchFile) steps.get(2)).file().getFileName()).hasToString("two.patch");
        assertThat(((Step.PatchFile) steps.get(3)).file().getFileName()).hasToString("zero.patch");
        assertThat(((Step.Skipped) steps.get(4)).reason()).isEqualTo("no PatchN: tag for this %patch");
        assertThat(((Step.Skipped) steps.get(5)).reason()).isEqualTo("no PatchN: tag for this %patch");
        assertThat(((Step.Skipped) steps.get(6)).reason()).contains("%{undefined_macro}");
        assertThat(((Step.Skipped) steps.get(7)).reason()).startsWith("remote patch");
        assertThat(steps.get(8)).isEqualTo(new Step.Shell(21, "sed -i 's/a/b/' CMakeLists.txt"));
    }

    @Test
    void specVersionDefinedThroughAGlobalMacroResolvesInPatchNames() throws IOException {
        String spec = "%global rocm_version 6.4.0\nName: rocblas\nVersion: %{rocm_version}\n"
                + "Patch0: %{name}-%{version}.patch\n%prep\n%autosetup -p1\n";
        Step.PatchFile p =
                (Step.PatchFile) read("rocblas.spec", spec, null).steps().get(0);
        assertThat(p.file().getFileName()).hasToString("rocblas-6.4.0.patch");
    }

    @Test
    void specAutopatchAppliesEveryTaggedPatchInNumberOrder() throws IOException {
        String spec = "Name: x\nPatch10: ten.patch\nPatch2: two.patch\n%prep\n%autosetup -p1\n%autopatch -p2\n";
        List<Step> steps = read("x.spec", spec, null).steps();
        assertThat(steps).extracting(Step::line).containsExactly(3, 2, 3, 2);
        assertThat(steps).extracting(s -> ((Step.PatchFile) s).strip()).containsExactly(1, 1, 2, 2);
        assertThat(steps.get(0).text()).isEqualTo("Patch2: two.patch");
    }

    @Test
    void dockerfileFollowsCopiesAndWorkdirsIntoItsRunLines() throws IOException {
        write("patches/fix.patch", "--- a/x\n+++ b/x\n");
        write("one.patch", "--- a/x\n+++ b/x\n");
        String docker = String.join(
                "\n",
                "# syntax=docker/dockerfile:1",
                "FROM ubuntu:24.04",
                "COPY --chown=root patches/fix.patch /tmp/fix.patch",
                "COPY one.patch patches/fix.patch /tmp/all",
                "ADD lonely",
                "COPY one.patch /tmp/dir/",
                "RUN sed -i 's/a/b/' top.txt",
                "WORKDIR /src/rocblas/",
                "RUN patch -p1 < /tmp/fix.patch && git apply -p2 /tmp/all/one.patch ; git apply gone.patch",
                "RUN ; ; sed -i 's/c/d/' at-root.txt",
                "WORKDIR library",
                "RUN patch -Np0 -i /tmp/dir/one.patch || sed -i 's/e/f/' lib.txt",
                "WORKDIR /src/rocblas/cmake",
                "RUN sed -i 's/g/h/' opts.cmake",
                "WORKDIR /opt/elsewhere",
                "RUN sed -i 's/i/j/' far.txt",
                "WORKDIR sub",
                "RUN sed -i 's/k/l/' still-far.txt",
                "run echo nothing to import",
                "RUN",
                "");
        List<Step> steps = read("Dockerfile", docker, null).steps();
        assertThat(kinds(new Recipe(tmp.resolve("Dockerfile"), RecipeFormat.DOCKERFILE, steps)))
                .containsExactly(
                        "Shell@7",
                        "PatchFile@9",
                        "PatchFile@9",
                        "Skipped@9",
                        "Shell@10",
                        "PatchFile@12",
                        "Shell@12",
                        "Shell@14",
                        "Skipped@16",
                        "Skipped@18");
        assertThat(steps.get(0).text()).isEqualTo("sed -i 's/a/b/' top.txt");
        Step.PatchFile fix = (Step.PatchFile) steps.get(1);
        assertThat(fix.file())
                .isEqualTo(tmp.resolve("patches/fix.patch").toAbsolutePath().normalize());
        assertThat(fix.strip()).isEqualTo(1);
        assertThat(((Step.PatchFile) steps.get(2)).strip()).isEqualTo(2);
        assertThat(((Step.PatchFile) steps.get(2)).file().getFileName()).hasToString("one.patch");
        assertThat(((Step.Skipped) steps.get(3)).reason())
                .isEqualTo("patch gone.patch is not a file the build copies in from beside the Dockerfile");
        assertThat(steps.get(4).text()).isEqualTo("sed -i 's/c/d/' at-root.txt");
        assertThat(((Step.PatchFile) steps.get(5)).strip()).isZero();
        assertThat(steps.get(6).text()).startsWith("pushd library ;");
        assertThat(steps.get(7).text()).startsWith("pushd cmake ;");
        assertThat(((Step.Skipped) steps.get(8)).reason()).startsWith("working directory unknown");
        assertThat(steps.get(9).text()).isEqualTo("sed -i 's/k/l/' still-far.txt");
    }

    @Test
    void dockerfileWhoseFirstWorkdirIsRelativeStartsThereAndJoinsTheNext() throws IOException {
        String docker = "FROM x\nWORKDIR build\nWORKDIR out/\nRUN sed -i s/a/b/ f\n";
        List<Step> steps = read("Containerfile", docker, null).steps();
        assertThat(steps).containsExactly(new Step.Shell(4, "pushd build/out ; sed -i s/a/b/ f ; popd"));
    }

    @Test
    void nixReadsLocalAndRemotePatchesOverManyLinesAndItsHooks() throws IOException {
        String nix = String.join(
                "\n",
                "{ stdenv, fetchpatch }:",
                "stdenv.mkDerivation {",
                "  # patches = [ ./commented.patch ];",
                "  patches = [ ./one.patch # the first",
                "    (fetchpatch { url = \"https://example.org/two.patch\"; hash = \"\"; })",
                "    ./three.patch",
                "  ];",
                "  patches = [ ./inline.patch ];",
                "  postPatch = ''",
                "    substituteInPlace CMakeLists.txt --replace-fail gfx1100 \"gfx1100;gfx1103\" \\",
                "      --replace 'a b' c",
                "    substituteInPlace $out/x --replace-fail a b",
                "    substituteInPlace y.txt --replace-quiet a $out --replace c d",
                "    substituteInPlace z.txt --subst-var out",
                "    substituteInPlace w.txt --replace-fail only-find",
                "    substituteInPlace \"unbalanced --replace a b",
                "    substituteInPlace ",
                "    sed -i \\",
                "      's/''${x}/y/' f.txt",
                "    echo done",
                "  '';",
                "}",
                "");
        List<Step> steps = read("default.nix", nix, null).steps();
        assertThat(kinds(new Recipe(tmp.resolve("default.nix"), RecipeFormat.NIX, steps)))
                .containsExactly(
                        "PatchFile@4",
                        "Skipped@5",
                        "PatchFile@6",
                        "PatchFile@8",
                        "Substitute@10",
                        "Substitute@10",
                        "Skipped@12",
                        "Skipped@13",
                        "Substitute@13",
                        "Skipped@14",
                        "Skipped@15",
                        "Skipped@16",
                        "Shell@18");
        assertThat(((Step.PatchFile) steps.get(0)).strip()).isEqualTo(1);
        assertThat(((Step.Skipped) steps.get(1)).reason())
                .isEqualTo("remote patch, named and not fetched: https://example.org/two.patch");
        Step.Substitute first = (Step.Substitute) steps.get(4);
        assertThat(first.find()).isEqualTo("gfx1100");
        assertThat(first.replace()).isEqualTo("gfx1100;gfx1103");
        assertThat(((Step.Substitute) steps.get(5)).find()).isEqualTo("a b");
        assertThat(((Step.Skipped) steps.get(6)).reason()).contains("uses a variable");
        assertThat(((Step.Skipped) steps.get(7)).reason()).contains("shell variable");
        assertThat(((Step.Skipped) steps.get(9)).reason())
                .contains("--subst-var out puts in the value $out has at build time");
        assertThat(((Step.Skipped) steps.get(10)).reason()).contains("--replace-fail is not a literal");
        assertThat(((Step.Skipped) steps.get(11)).reason()).contains("quotes?");
        assertThat(steps.get(12).text()).contains("'s/${x}/y/' f.txt");
        assertThat(NixRecipe.unescape("a''' b")).isEqualTo("a'' b");
    }

    @Test
    void substituteBecomesALiteralSedOfEveryMatch() {
        Step.Substitute s = new Step.Substitute(1, "t", "it's.txt", "a.b/[c]*^$\\", "x/&\\y");
        assertThat(s.sed()).isEqualTo("sed -i 's/a\\.b\\/\\[c\\]\\*\\^\\$\\\\/x\\/\\&\\\\y/g' 'it'\\''s.txt'");
    }
}
