package io.patchpin.recipe;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.core.BadInputException;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Every recipe form, naming a patch by an absolute path, by a path climbing out with {@code ..}, or through a
 * symlink beside the recipe pointing elsewhere: bad input at the recipe's line, and the file outside is never read.
 */
class RecipeReadsOnlyItsFolderTest {
    @TempDir
    Path tmp;

    /** The recipe's file name, its text with NAME where the patch is named, and the line naming it. */
    private static String[] recipe(String format) {
        return switch (format) {
            case "spec" -> new String[] {"x.spec", "Name: x\nPatch0: NAME\n%prep\n%autosetup -p1\n", "2"};
            case "ebuild" -> new String[] {"x-1.0.ebuild", "EAPI=8\nPATCHES=(\n\tNAME\n)\n", "3"};
            case "pkgbuild" -> new String[] {"PKGBUILD", "pkgname=x\nprepare() {\n  patch -p1 -i NAME\n}\n", "3"};
            case "nix" -> new String[] {"default.nix", "{ }: {\n  patches = [\n    NAME\n  ];\n}\n", "3"};
            case "spack" -> new String[] {"package.py", "class X(Package):\n    patch(\"NAME\", level=1)\n", "2"};
            case "dockerfile" ->
                new String[] {
                    "Dockerfile", "FROM x\nCOPY NAME /tmp/s.patch\nWORKDIR /src/p\nRUN patch -p1 < /tmp/s.patch\n", "4"
                };
            default -> new String[] {".patches", "NAME\n", "1"};
        };
    }

    @ParameterizedTest(name = "{0} by {1}")
    @CsvSource({
        "spec, absolute path",
        "spec, climbing path",
        "spec, symlink",
        "ebuild, absolute path",
        "ebuild, climbing path",
        "ebuild, symlink",
        "pkgbuild, absolute path",
        "pkgbuild, symlink",
        "nix, absolute path",
        "nix, climbing path",
        "nix, symlink",
        "spack, absolute path",
        "spack, climbing path",
        "spack, symlink",
        "dockerfile, absolute path",
        "dockerfile, climbing path",
        "dockerfile, symlink",
        "electron, absolute path",
        "electron, climbing path",
        "electron, symlink"
    })
    void aPatchOutsideTheRecipesFolderIsRefusedAtItsLine(String format, String how) throws IOException {
        Path outside = tmp.resolve("other/s.patch");
        Files.createDirectories(outside.getParent());
        Files.writeString(outside, "--- a/x\n+++ b/x\n", StandardCharsets.UTF_8);
        Path folder = tmp.resolve("recipes/r");
        Files.createDirectories(folder.resolve("files"));
        String[] r = recipe(format);
        String local = format.equals("ebuild") ? "${FILESDIR}/" : format.equals("nix") ? "./" : "";
        String name =
                switch (how) {
                    case "absolute path" -> outside.toString();
                    case "climbing path" -> local + (format.equals("ebuild") ? "../" : "") + "../../other/s.patch";
                    default -> local + "link.patch";
                };
        Path link = folder.resolve(format.equals("ebuild") ? "files/link.patch" : "link.patch");
        Files.createSymbolicLink(link, outside);
        Path file = folder.resolve(r[0]);
        Files.writeString(file, r[1].replace("NAME", name), StandardCharsets.UTF_8);

        assertThatThrownBy(() ->
                        Recipe.read(file, Optional.of(RecipeFormat.parse(format).orElseThrow())))
                .isInstanceOfSatisfying(BadInputException.class, e -> assertThat(e.oneLine())
                        .startsWith(file + ":" + r[2] + ": ")
                        .contains("outside the recipe's folder"));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({"spec", "ebuild", "pkgbuild", "nix", "spack", "dockerfile", "electron"})
    void aPatchBesideTheRecipeIsRead(String format) throws IOException {
        Path folder = tmp.resolve("r");
        Files.createDirectories(folder.resolve("files"));
        Path patch = folder.resolve(format.equals("ebuild") ? "files/s.patch" : "s.patch");
        Files.writeString(patch, "--- a/x\n+++ b/x\n", StandardCharsets.UTF_8);
        String[] r = recipe(format);
        String name = format.equals("ebuild") ? "${FILESDIR}/s.patch" : format.equals("nix") ? "./s.patch" : "s.patch";
        Path file = folder.resolve(r[0]);
        Files.writeString(file, r[1].replace("NAME", name), StandardCharsets.UTF_8);

        List<Step> steps = Recipe.read(
                        file, Optional.of(RecipeFormat.parse(format).orElseThrow()))
                .steps();
        assertThat(steps).hasSize(1).first().isInstanceOfSatisfying(Step.PatchFile.class, p -> assertThat(p.file())
                .isEqualTo(patch.toAbsolutePath().normalize()));
    }
}
