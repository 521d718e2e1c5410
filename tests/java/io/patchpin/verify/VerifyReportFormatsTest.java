package io.patchpin.verify;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.check.Drift;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Entry;
import io.patchpin.report.JsonReport;
import io.patchpin.report.JunitReport;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The verify report in its three forms for every verdict class, and the small parsers around verify. */
class VerifyReportFormatsTest {
    private static final String SHA = "a".repeat(40);

    private static Report report() {
        EntryVerdict ok = new EntryVerdict(
                "fine",
                Entry.Kind.REWRITE,
                ".",
                List.of("f"),
                Verdict.APPLIES,
                "1 match",
                new Evidence.Matches(1, -1, List.of(3), Evidence.Matches.Place.NONE, Evidence.Matches.Shown.NONE),
                false,
                null);
        EntryVerdict review = new EntryVerdict(
                "moved",
                Entry.Kind.INSERT,
                "sub",
                List.of("g"),
                Verdict.DRIFTED,
                "context changed <here>",
                new Evidence.Matches(
                        1,
                        1,
                        List.of(7),
                        new Evidence.Matches.Place(true, Drift.CONTEXT, 7, 0, List.of()),
                        new Evidence.Matches.Shown(
                                List.of("x"), List.of("x"), List.of("x"), List.of("y"), List.of(""))),
                true,
                null);
        EntryVerdict broken = new EntryVerdict(
                "gone",
                Entry.Kind.PATCH,
                "sub",
                List.of("a.c", "b.c"),
                Verdict.CONFLICT,
                "hunk #1 does not match",
                new Evidence.Hunks(List.of(Evidence.HunkOutcome.failed(
                        "a.c", 1, 4, Evidence.HunkFailure.of(Evidence.HunkFailure.Reason.FILE_DOES_NOT_EXIST)))),
                true,
                null);
        List<EntryVerdict> all = List.of(ok, review, broken);
        return new Report(
                SHA, List.of(new Report.SetReport("mine", Optional.of(SHA), all, null)), Report.Summary.of(all));
    }

    @Test
    void summaryCountsEachClass() {
        Report r = report();
        assertThat(r.summary()).isEqualTo(new Report.Summary(1, 1, 1, 0));
        assertThat(r.patchsets().get(0).summary()).isEqualTo(r.summary());
        assertThat(Report.Summary.of(List.of())).isEqualTo(new Report.Summary(0, 0, 0, 0));
    }

    @Test
    void junitSkipsReviewAndFailsBroken() {
        String xml = JunitReport.render(report(), Duration.ofMillis(1500));
        assertThat(xml)
                .contains(
                        "<testsuites name=\"patchpin verify\" tests=\"3\" failures=\"1\" skipped=\"1\" errors=\"0\" time=\"1.500\">")
                .contains(
                        "<testsuite name=\"mine\" tests=\"3\" failures=\"1\" skipped=\"1\" errors=\"0\" time=\"1.500\">")
                .contains("<testcase classname=\"mine\" name=\"fine\" time=\"0.000\"/>\n")
                .contains("<testcase classname=\"mine.sub\" name=\"moved\" time=\"0.000\">\n"
                        + "      <skipped message=\"DRIFTED: context changed &lt;here&gt;\"/>\n    </testcase>\n")
                .contains("<failure type=\"CONFLICT\" message=\"CONFLICT: hunk #1 does not match\">"
                        + "a.c,b.c: hunk #1 does not match</failure>");
    }

    /** Defect: the superproject's entries had the class name "set.." and no element had a time. */
    @Test
    void junitClassNamesFollowTheComponentPath() {
        assertThat(JunitReport.classname("gfx1103", ".")).isEqualTo("gfx1103");
        assertThat(JunitReport.classname("gfx1103", "compiler/amd-llvm")).isEqualTo("gfx1103.compiler.amd-llvm");
    }

    @Test
    void jsonNamesUnsealedCountsAsNullAndHunkFailuresInWords() throws Exception {
        JsonNode doc = new ObjectMapper().readTree(JsonReport.render(report()));
        JsonNode entries = doc.get("patchsets").get(0).get("entries");
        assertThat(entries.get(0).get("evidence").get("matches_sealed").isNull())
                .isTrue();
        assertThat(entries.get(0).get("detail").asText()).isEqualTo("unsealed: 1 match");
        assertThat(entries.get(1).get("evidence").get("matches_sealed").asInt()).isEqualTo(1);
        assertThat(entries.get(1).get("evidence").get("drift").asText()).isEqualTo("context changed");
        assertThat(entries.get(2)
                        .get("evidence")
                        .get("hunks")
                        .get(0)
                        .get("failure")
                        .asText())
                .isEqualTo("file does not exist");
        assertThat(doc.get("summary").get("broken").asInt()).isEqualTo(1);
    }

    @Test
    void componentOptionsAreNormalised() {
        ComponentFilter f = ComponentFilter.of(List.of("sub//", "./x", "", "./", "a\\b"));
        assertThat(f.components()).containsExactly(".", "a/b", "sub", "x");
        assertThat(f.keeps("sub")).isTrue();
        assertThat(f.keeps("other")).isFalse();
        List<String> known = List.of("c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8", "c9", "c10");
        assertThatThrownBy(() -> ComponentFilter.of(List.of("nope")).requireKnown(known, "not a component"))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("nope: not a component (known: c1, c10, c2, c3, c4, c5, c6, c7 and 2 more)");
    }

    @Test
    void theRockPatchFoldersAndIds(@TempDir Path tmp) throws Exception {
        Path file = Files.writeString(tmp.resolve("not-a-folder"), "x");
        assertThatThrownBy(() -> TheRockPatches.load(file, null))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("not a folder (expected TheRock's patches/<tag>)");
        assertThat(TheRockPatches.id("0001-Fix the build.patch")).isEqualTo("0001-Fix-the-build");
        assertThat(TheRockPatches.id("--.patch")).isEqualTo("patch");
        assertThat(TheRockPatches.id("x".repeat(150) + ".diff")).hasSize(100);
    }

    @Test
    void upstreamStandingsInWords() {
        String b = "b".repeat(40);
        assertThat(new UpstreamGate.Judgement(UpstreamGate.Standing.UNKNOWN_COMMIT, SHA, b).describe())
                .isEqualTo(
                        "upstream commit aaaaaaaaaaaa is not in the objects here: cannot tell whether this pin (bbbbbbbbbbbb) has it");
        assertThat(new UpstreamGate.Judgement(UpstreamGate.Standing.NO_COMPONENT, SHA, null).describe())
                .isEqualTo("upstream commit aaaaaaaaaaaa: the component's objects are not here");
        assertThat(new UpstreamGate.Judgement(UpstreamGate.Standing.NOT_IN_PIN, SHA, b).droppable())
                .isFalse();
    }
}
