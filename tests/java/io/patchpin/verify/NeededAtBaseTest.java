package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;

import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.testkit.Unsealed;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Only sealed rewrites and inserts are checked against their base, so only they, and the earlier entries whose
 * edits they read there, run again at the base: a set of patches alone checked every patch twice.
 */
class NeededAtBaseTest {
    private static final String SHA = "a".repeat(64);

    @Test
    void patchesRunAgainAtTheBaseOnlyWhereASealedRewriteReadsTheirFiles() {
        List<Entry> entries = List.of(
                patch("p1", "lib", "a.c", "b.c"), // b.c is read by p3, which the rewrite needs: replayed
                patch("p2", "lib", "c.c"), // nobody reads c.c at the base
                patch("p3", "lib", "b.c", "d.c"),
                patch("p4", "other", "d.c"), // another component's d.c
                rewrite("r1", "lib", "d.c", true),
                patch("p5", "lib", "d.c"), // after the rewrite: nothing reads what it leaves
                rewrite("r2", "lib", "e.c", false)); // unsealed: nothing to compare at the base

        assertThat(Verifier.neededAtBase(entries)).containsExactly(true, false, true, false, true, false, false);
    }

    @Test
    void aSetOfPatchesAloneRunsNothingAgain() {
        assertThat(Verifier.neededAtBase(List.of(patch("p1", ".", "a"), patch("p2", ".", "a"))))
                .containsExactly(false, false);
    }

    private static PatchEntry patch(String id, String component, String... files) {
        return Unsealed.patch(id, component, id + ".patch", List.of(files));
    }

    private static Entry rewrite(String id, String component, String file, boolean sealed) {
        RewriteEntry r = Unsealed.rewrite(id, component, file, "x", "y");
        return sealed ? r.withSeal(new TextSeal(SHA, SHA, 1, List.of(SHA), SHA, List.of())) : r;
    }
}
