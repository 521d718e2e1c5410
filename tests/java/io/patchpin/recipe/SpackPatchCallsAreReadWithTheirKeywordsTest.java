package io.patchpin.recipe;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.testkit.BadInputs;
import io.patchpin.testkit.Folders;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A Spack {@code patch(...)} call's keywords: a numeric {@code level} is the strip level, {@code when} and a quoted
 * {@code working_dir} are noted, a computed sha256 is left to Spack and a literal one checked; a patch not named by a
 * string literal is named, not imported.
 */
class SpackPatchCallsAreReadWithTheirKeywordsTest {
    @TempDir
    Path tmp;

    private List<Step> read(String calls) {
        Path py = Folders.write(tmp.resolve("package.py"), "class Rocblas(CMakePackage):\n" + calls);
        return Recipe.read(py, Optional.of(RecipeFormat.SPACK)).steps();
    }

    private static String shown(Step s) {
        return s instanceof Step.PatchFile p
                ? p.line() + " " + p.file().getFileName() + " -p" + p.strip() + " [" + p.note() + "] "
                        + p.when().text()
                : s.line() + " " + ((Step.Skipped) s).reason();
    }

    @Test
    void onlyANumericLevelAndQuotedKeywordsAreTaken() {
        List<Step> steps = read("    patch(\"a.patch\", working_dir=\"library\", when=\"@6.0:\", level=\"2\")\n"
                + "    patch(\"b.patch\", level=0, sha256=\"1\" * 64)\n"
                + "    patch(\"c.patch\", working_dir=7)\n"
                + "    patch(\"d.patch\", when=\"@6.0:\n");
        assertThat(steps.stream().map(SpackPatchCallsAreReadWithTheirKeywordsTest::shown))
                .containsExactly(
                        "2 a.patch -p1 [spack: when=\"@6.0:\" working_dir=library] @6.0:",
                        "3 b.patch -p0 [] ",
                        "4 c.patch -p1 [] ",
                        "5 d.patch -p1 [] ");
    }

    @Test
    void aPatchNotNamedByAStringLiteralIsNamedNotImported() {
        assertThat(read("    patch(url, sha256=\"abc\")\n").stream()
                        .map(SpackPatchCallsAreReadWithTheirKeywordsTest::shown))
                .containsExactly("2 the patch is not named by a string literal");
    }

    @Test
    void aSha256ThatDoesNotMatchIsBadInputAtItsCall() {
        Folders.write(tmp.resolve("a.patch"), "x\n");
        BadInputs.refusedAt(
                "sha256",
                () -> read("    patch(\"a.patch\",\n          sha256=\"" + "0".repeat(64) + "\")\n"),
                tmp.resolve("package.py"),
                2,
                "sha256 of a.patch does not match: the recipe says " + "0".repeat(64));
    }
}
