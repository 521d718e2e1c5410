package io.patchpin.recipe;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import io.patchpin.core.BadInputException;
import io.patchpin.core.Blake2b;
import io.patchpin.core.Hashes;
import io.patchpin.testkit.Folders;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The forms maintainers really write, each read as the distro's tool reads it. */
class RecipeFormsTest {
    @TempDir
    Path tmp;

    private Path write(String name, String text) {
        return Folders.write(tmp.resolve(name), text);
    }

    private List<Step> steps(String name, String text) throws IOException {
        return Recipe.read(write(name, text), Optional.empty()).steps();
    }

    private static List<String> skipped(List<Step> steps) {
        return steps.stream()
                .filter(s -> s instanceof Step.Skipped)
                .map(s -> s.line() + ": " + ((Step.Skipped) s).reason())
                .toList();
    }

    @Test
    void specShellThatCannotBeReadIsNamedWithItsLine() throws IOException {
        List<Step> steps = steps(
                "x.spec",
                String.join(
                        "\n",
                        "Name: x",
                        "Patch0: $(echo fix).patch",
                        "Patch1: `cat name`.patch",
                        "%prep",
                        "%autosetup -p1",
                        "eval \"$EDITS\"",
                        "source ./edits.sh",
                        "cat > CMakeLists.txt <<EOF",
                        "EOF",
                        ""));
        assertThat(skipped(steps))
                .hasSize(5)
                .anySatisfy(s -> assertThat(s).startsWith("2: patch name computed by the shell"))
                .anySatisfy(s -> assertThat(s).startsWith("3: patch name computed by the shell"))
                .anySatisfy(s -> assertThat(s).startsWith("6: eval runs text"))
                .anySatisfy(s -> assertThat(s).startsWith("7: source runs text"))
                .anySatisfy(s -> assertThat(s).startsWith("8: here-document"));
    }

    @Test
    void pkgbuildUrlAndVcsSourcesAreRemoteNamedAndNotFetched() throws IOException {
        List<Step> steps = steps(
                "PKGBUILD",
                String.join(
                        "\n",
                        "pkgname=x",
                        "source=(\"fix-gfx1103.patch::https://github.com/ROCm/rocBLAS/pull/1.patch\"",
                        "        \"git+https://github.com/ROCm/Tensile.git\")",
                        "sha256sums=('SKIP' 'SKIP')",
                        "prepare() {",
                        "  patch -Np1 -i \"$srcdir/fix-gfx1103.patch\"",
                        "  git apply ../Tensile.git",
                        "}",
                        ""));
        assertThat(skipped(steps))
                .containsExactly(
                        "6: remote patch, named and not fetched:"
                                + " fix-gfx1103.patch::https://github.com/ROCm/rocBLAS/pull/1.patch",
                        "7: remote patch, named and not fetched: git+https://github.com/ROCm/Tensile.git");
    }

    private static final String PATCH = "--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n";

    private BadInputException mismatch(String name, String text) throws IOException {
        write("fix.patch", PATCH);
        write("files/fix.patch", PATCH);
        Path recipe = write(name, text);
        return catchThrowableOfType(() -> Recipe.read(recipe, Optional.empty()), BadInputException.class);
    }

    @Test
    void aSpackSha256ThatDoesNotMatchThePatchIsRefusedNamingBothSums() throws IOException {
        String real = Hashes.sha256(PATCH.getBytes(StandardCharsets.UTF_8));
        BadInputException e = mismatch(
                "package.py",
                "class X(Package):\n    patch(\"fix.patch\",\n          sha256=\"" + "a".repeat(64) + "\")\n");
        assertThat(e.oneLine())
                .endsWith("package.py:2: sha256 of fix.patch does not match: the recipe says " + "a".repeat(64)
                        + ", the file has " + real);
        assertThat(steps("package.py", "class X(Package):\n    patch(\"fix.patch\", sha256=\"" + real + "\")\n"))
                .singleElement()
                .isInstanceOf(Step.PatchFile.class);
    }

    @Test
    void aSpackPatchForAVariantOrADependencyIsNamedNotImported() throws IOException {
        assertThat(skipped(steps(
                        "package.py",
                        "class X(Package):\n    patch(\"cuda.patch\", when=\"@5.3:5.7 +cuda\")\n"
                                + "    patch(\"hip.patch\", when=\"^hip@6:\")\n")))
                .containsExactly(
                        "2: when= depends on more than the version (+cuda): not imported",
                        "3: when= depends on more than the version (^hip): not imported");
    }

    @Test
    void pkgbuildSumsAreCheckedAsMakepkgDoesAndSkipChecksNothing() throws IOException {
        String b2 = Blake2b.hex512(PATCH.getBytes(StandardCharsets.UTF_8));
        String pkgbuild = "pkgname=x\nsource=(a.tar.gz::https://x/a.tar.gz fix.patch)\nSUMS\n"
                + "prepare() {\n  patch -p1 < ../fix.patch\n}\n";
        BadInputException e =
                mismatch("PKGBUILD", pkgbuild.replace("SUMS", "b2sums=('SKIP'\n  '" + "0".repeat(128) + "')"));
        assertThat(e.oneLine())
                .contains("PKGBUILD:6: b2 of fix.patch does not match")
                .endsWith(b2);
        assertThat(steps("PKGBUILD", pkgbuild.replace("SUMS", "b2sums=(SKIP '" + b2 + "')\nmd5sums=(SKIP SKIP)")))
                .singleElement()
                .isInstanceOf(Step.PatchFile.class);
    }

    @Test
    void anEbuildManifestAuxSumThatDoesNotMatchIsRefused() throws IOException {
        write("Manifest", "AUX fix.patch 30 SHA256 " + "b".repeat(64) + " SHA512 " + "c".repeat(128) + "\n");
        BadInputException e = mismatch("x-1.0.ebuild", "EAPI=8\nPATCHES=( \"${FILESDIR}\"/fix.patch )\n");
        assertThat(e.oneLine()).contains("x-1.0.ebuild:2: SHA256 of files/fix.patch does not match");
    }

    @Test
    void nixIndentedStringEscapesAreReadAndEachReplacementPairStandsOnItsOwn() throws IOException {
        List<Step> steps = steps(
                "default.nix",
                String.join(
                        "\n",
                        "{ }: {",
                        "  postPatch = ''",
                        "    substituteInPlace CMakeLists.txt cmake/Options.cmake \\",
                        "      --replace-fail 'set(X ''${ROCM_PATH})' 'set(X /opt/rocm)' \\",
                        "      --replace-fail \"it${\"'\"}s\" \"it is\" \\",
                        "      --replace-warn '''quoted''' 'plain' \\",
                        "      --subst-var out --replace-fail \"$out\" x \\",
                        "      --replace-fail 'gfx1100' 'gfx1100;gfx1103'",
                        "  '';",
                        "}",
                        ""));
        assertThat(steps.stream()
                        .filter(s -> s instanceof Step.Substitute)
                        .map(s -> ((Step.Substitute) s).file() + ": " + ((Step.Substitute) s).find() + " -> "
                                + ((Step.Substitute) s).replace())
                        .toList())
                .containsExactly(
                        "CMakeLists.txt: set(X ${ROCM_PATH}) -> set(X /opt/rocm)",
                        "cmake/Options.cmake: set(X ${ROCM_PATH}) -> set(X /opt/rocm)",
                        "CMakeLists.txt: it's -> it is",
                        "cmake/Options.cmake: it's -> it is",
                        "CMakeLists.txt: quoted -> plain",
                        "cmake/Options.cmake: quoted -> plain",
                        "CMakeLists.txt: gfx1100 -> gfx1100;gfx1103",
                        "cmake/Options.cmake: gfx1100 -> gfx1100;gfx1103");
        assertThat(skipped(steps))
                .containsExactly(
                        "3: --subst-var out puts in the value $out has at build time",
                        "3: a replacement text holds a shell variable, known only at build time");
    }

    @Test
    void gentooVersionVariablesInSedLinesComeFromTheEbuildsFileName() throws IOException {
        List<Step> steps = steps(
                "rocBLAS-6.4.1-r2.ebuild",
                String.join(
                        "\n",
                        "EAPI=8",
                        "src_prepare() {",
                        "\tsed -i \"s/rocm-${PV}/${PN}-$(ver_cut 1-2) ${PF} $(ver_cut 3)/\" CMakeLists.txt || die",
                        "}",
                        ""));
        assertThat(steps).singleElement().isInstanceOfSatisfying(Step.Shell.class, s -> assertThat(s.text())
                .contains("s/rocm-6.4.1/rocBLAS-6.4 rocBLAS-6.4.1-r2 1/"));
    }

    @Test
    void aDockerfileThatClonesAndEntersItsProjectMapsItsSedsOneMessageEach() throws IOException {
        String long3k = "echo " + "x".repeat(3000);
        List<Step> steps = steps(
                "Dockerfile",
                String.join(
                        "\n",
                        "FROM ubuntu:24.04",
                        "RUN " + long3k + " && git clone https://github.com/ROCm/rocBLAS && cd $HOME/rocBLAS"
                                + " && sed -i 's/a/b/' install.sh && cd library && sed -i 's/c/d/' CMakeLists.txt",
                        "RUN git clone --depth 1 https://github.com/pytorch/pytorch /opt/pytorch && cd /opt/pytorch"
                                + " && sed -i 's/x/y/' third_party/fbgemm/CMakeLists.txt",
                        "RUN cd $SOMEWHERE && sed -i 's/e/f/' other.txt",
                        ""));
        assertThat(steps.stream().map(s -> s.line() + ": " + s.text()).toList())
                .containsExactly(
                        "2: sed -i 's/a/b/' install.sh",
                        "2: pushd library ; sed -i 's/c/d/' CMakeLists.txt ; popd",
                        "3: sed -i 's/x/y/' third_party/fbgemm/CMakeLists.txt",
                        "4: sed -i 's/e/f/' other.txt");
        assertThat(skipped(steps))
                .containsExactly(
                        "3: edits a clone of https://github.com/pytorch/pytorch, not the recipe's project"
                                + " (import it with --component for that repository)",
                        "4: working directory unknown (a cd to a computed path or outside the project)");
    }
}
