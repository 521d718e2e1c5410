package io.patchpin.patch;

import static io.patchpin.testkit.Asserts.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The strip level of a patch that does not say it: the smallest level at which every file it reads exists, else
 * what its paths look like (git's a/ b/, or {@code diff -aur old/x new/x}).
 */
class StripLevelIsFoundFromThePathsTest {
    private static ParsedPatch patch(String... files) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < files.length; i += 2) {
            b.append("--- ")
                    .append(files[i])
                    .append("\n+++ ")
                    .append(files[i + 1])
                    .append("\n@@ -1 +1 @@\n-a\n+b\n");
        }
        return PatchParser.parse("t.patch", b.toString().getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void twoTreesThatDifferOnlyInTheirFirstFolderAreStrippedOnce() {
        assertThat(PatchPaths.undetectedStrip(patch("old/src/x.c", "new/src/x.c")))
                .isEqualTo(1);
    }

    @Test
    void pathsThatAreTheSameOrHaveNoFolderAreKeptWhole() {
        assertThat(PatchPaths.undetectedStrip(patch("src/x.c", "src/x.c"))).isZero();
        assertThat(PatchPaths.undetectedStrip(patch("x.c", "y/x.c"))).isZero();
        assertThat(PatchPaths.undetectedStrip(patch("y/x.c", "x.c"))).isZero();
        assertThat(PatchPaths.undetectedStrip(patch("old/x.c", "new/y.c"))).isZero();
    }

    @Test
    void gitsPrefixesAreStrippedOnceEvenForANewFile() {
        assertThat(PatchPaths.undetectedStrip(patch("/dev/null", "b/new.c"))).isEqualTo(1);
        assertThat(PatchPaths.undetectedStrip(patch("a/gone.c", "/dev/null"))).isEqualTo(1);
        assertThat(PatchPaths.undetectedStrip(patch("/dev/null", "new.c"))).isZero();
        assertThat(PatchPaths.gitPrefixed(patch())).isFalse();
    }

    @Test
    void theLevelIsTheFirstAtWhichEveryFileReadExists() {
        Set<String> tree = Set.of("src/x.c");
        assertThat(PatchPaths.detect(patch("a/b/src/x.c", "b/b/src/x.c"), "", tree::contains))
                .contains(2);
        assertThat(PatchPaths.detect(patch("a/src/y.c", "b/src/y.c"), "", tree::contains))
                .isEmpty();
    }

    @Test
    void aPatchThatOnlyAddsFilesIsJudgedByItsPrefix() {
        assertThat(PatchPaths.detect(patch("/dev/null", "b/new.c"), "", f -> false))
                .contains(1);
        assertThat(PatchPaths.detect(patch("/dev/null", "new.c"), "", f -> false))
                .contains(0);
    }

    @Test
    void aDeletedFileIsReadAndANewOneWritten() {
        assertThat(new PatchPaths(1, "").files(patch("a/gone.c", "/dev/null", "/dev/null", "b/new.c")))
                .containsExactly("gone.c", "new.c");
    }
}
