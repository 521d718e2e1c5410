package io.patchpin.bisect;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import org.junit.jupiter.api.Test;

import java.util.List;

/** Bisect's text and JSON of an in-memory result: steps on the way, an absent component, a detail or none. */
class BisectTextCoverageTest {
    private static final LineCommit STEP = new LineCommit("4".repeat(40), "2026-03-04T05:06:07Z", "drift", "a");

    @Test
    void aComponentThatAppearsAndStepsWithAndWithoutDetail() throws Exception {
        BisectResult r = new BisectResult("e", "5".repeat(40), "add it", "A <a@x>", "2026-03-05", "x/new", null,
                "6".repeat(40), "CONFLICT", "", 7, 3, "broken",
                List.of(new BisectResult.Step(STEP, "EXACT", "DRIFTED", ""),
                        new BisectResult.Step(STEP, "DRIFTED", "FUZZ", "fuzz 1")));
        String text = BisectText.text(r);
        assertThat(text).startsWith("entry e first broken at " + "5".repeat(40) + "\n")
                .contains("  x/new: (absent) -> 666666666666\n", "  verdict: CONFLICT\n",
                        "    444444444444 2026-03-04 EXACT -> DRIFTED  drift\n",
                        "    444444444444 2026-03-04 DRIFTED -> FUZZ  drift (fuzz 1)\n",
                        "  3 verifications over 7 first-parent commits\n");
        JsonNode json = new ObjectMapper().readTree(BisectText.json(r));
        assertThat(json.get("component_before").isNull()).isTrue();
        assertThat(json.get("on_the_way")).hasSize(2);
        BisectResult notOk = new BisectResult("e", "5".repeat(40), "s", "a", "d", ".", "7".repeat(40), "8".repeat(40),
                "DRIFTED", "moved 2 lines", 2, 1, "not-ok", List.of());
        assertThat(BisectText.text(notOk)).contains(" first breaks at ", "  verdict: DRIFTED: moved 2 lines\n")
                .doesNotContain("on the way");
    }
}
