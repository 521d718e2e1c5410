package io.patchpin.report;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.bisect.BisectResult;
import io.patchpin.bisect.LineCommit;
import io.patchpin.bisect.Until;
import io.patchpin.check.Verdict;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Bisect's text and JSON of an in-memory result: steps on the way, an absent component, a detail or none. */
class BisectReportShowsStepsAndAbsentComponentsTest {
    private static final LineCommit STEP = new LineCommit("4".repeat(40), "2026-03-04T05:06:07Z", "drift", "a");

    @Test
    void aComponentThatAppearsAndStepsWithAndWithoutDetail() throws Exception {
        BisectResult r = new BisectResult(
                "e",
                Until.BROKEN,
                new LineCommit("5".repeat(40), "2026-03-05", "add it", "A <a@x>"),
                new BisectResult.ComponentChange("x/new", Optional.empty(), Optional.of("6".repeat(40))),
                Verdict.CONFLICT,
                "",
                new BisectResult.Search(7, 3),
                List.of(
                        new BisectResult.Step(STEP, Verdict.EXACT, Verdict.DRIFTED, ""),
                        new BisectResult.Step(STEP, Verdict.DRIFTED, Verdict.FUZZ, "fuzz 1")));
        String text = BisectText.text(r);
        assertThat(text)
                .startsWith("entry e first broken at " + "5".repeat(40) + "\n")
                .contains(
                        "  x/new: (absent) -> 666666666666\n",
                        "  verdict: CONFLICT\n",
                        "    444444444444 2026-03-04 EXACT -> DRIFTED  drift\n",
                        "    444444444444 2026-03-04 DRIFTED -> FUZZ  drift (fuzz 1)\n",
                        "  3 verifications over 7 first-parent commits\n");
        JsonNode json = new ObjectMapper().readTree(BisectText.json(r));
        assertThat(json.get("component_before").isNull()).isTrue();
        assertThat(json.get("on_the_way")).hasSize(2);
        BisectResult notOk = new BisectResult(
                "e",
                Until.NOT_OK,
                new LineCommit("5".repeat(40), "d", "s", "a"),
                new BisectResult.ComponentChange(".", Optional.of("7".repeat(40)), Optional.of("8".repeat(40))),
                Verdict.DRIFTED,
                "moved 2 lines",
                new BisectResult.Search(2, 1),
                List.of());
        assertThat(BisectText.text(notOk))
                .contains(" first breaks at ", "  verdict: DRIFTED: moved 2 lines\n")
                .doesNotContain("on the way");
    }
}
