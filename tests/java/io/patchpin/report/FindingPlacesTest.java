package io.patchpin.report;

import static io.patchpin.testkit.Asserts.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Evidence.HunkFailure;
import io.patchpin.check.Evidence.HunkOutcome;
import io.patchpin.check.Verdict;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.testkit.Unsealed;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Where a finding points when its evidence does not name a hunk of the patch, and how reports write odd places. */
class FindingPlacesTest {
    @TempDir
    Path tmp;

    private static final String PATCH = "--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n-a\n+A\n b\n"
            + "--- a/b.txt\n+++ b/b.txt\n@@ -1,2 +1,2 @@\n-x\n+X\n y\n@@ -10,2 +10,2 @@\n-p\n+P\n q\n";

    private PatchEntry entry() throws Exception {
        Files.writeString(tmp.resolve("p.patch"), PATCH);
        return Unsealed.patch("p", ".", "p.patch", List.of("a.txt", "b.txt"));
    }

    private static HunkOutcome applied(String file, int index, int fuzz) {
        return new HunkOutcome(file, index, 1, 1, 0, fuzz, Optional.empty());
    }

    private Optional<Finding.Location> line(PatchEntry p, HunkOutcome... hunks) {
        return Findings.hunkLine(tmp, tmp, p, new Evidence.Hunks(List.of(hunks)));
    }

    @Test
    void theFirstFailingHunkElseTheFirstFuzzedOneElseNothing() throws Exception {
        PatchEntry p = entry();
        HunkOutcome fails =
                HunkOutcome.failed("b.txt", 1, 1, new HunkFailure(HunkFailure.Reason.DOES_NOT_MATCH, 1, 2, 9));
        assertThat(line(p, applied("a.txt", 1, 0), applied("b.txt", 2, 1), fails))
                .contains(new Finding.Location("p.patch", 9));
        assertThat(line(p, applied("a.txt", 1, 0), applied("b.txt", 2, 2)))
                .contains(new Finding.Location("p.patch", 13));
        assertThat(line(p, applied("a.txt", 1, 0), applied("b.txt", 1, 0))).isEmpty();
        assertThat(Findings.hunkLine(tmp, tmp, p, Evidence.NONE)).isEmpty();
    }

    @Test
    void aHunkThePatchDoesNotHoldPointsNowhere() throws Exception {
        PatchEntry p = entry();
        HunkFailure whole = HunkFailure.of(HunkFailure.Reason.FILE_DOES_NOT_EXIST);
        assertThat(line(p, HunkOutcome.failed("b.txt", 0, 0, whole)))
                .as("a whole-file failure")
                .isEmpty();
        assertThat(line(p, HunkOutcome.failed("c.txt", 1, 1, whole)))
                .as("another file")
                .isEmpty();
        assertThat(line(p, HunkOutcome.failed("a.txt", 2, 1, whole)))
                .as("beyond its hunks")
                .isEmpty();
    }

    @Test
    void pathsOutsideTheCurrentFolderStayAbsolute() {
        Path outside =
                tmp.resolveSibling("elsewhere/patchset.toml").toAbsolutePath().normalize();
        assertThat(Findings.relative(tmp, outside)).isEqualTo(outside.toString());
        assertThat(Findings.relative(tmp, tmp.resolve("sets/x/patchset.toml"))).isEqualTo("sets/x/patchset.toml");
    }

    @Test
    void reportsAtARevisionWithoutABaseAndWithAnOddPath() throws Exception {
        EntryVerdict v = new EntryVerdict(
                "e", Entry.Kind.REWRITE, ".", List.of("a"), Verdict.ANCHOR_MISSING, "gone", Evidence.NONE, true, null);
        Finding f = new Finding("set", Optional.empty(), v, new Finding.Location("sets/ä b#/patchset.toml", 3));
        JsonNode sarif = new ObjectMapper().readTree(SarifReport.render(List.of(f), "rocm-7.0"));
        JsonNode run = sarif.get("runs").get(0);
        assertThat(run.get("properties").get("rev").asText()).isEqualTo("rocm-7.0");
        JsonNode result = run.get("results").get(0);
        assertThat(result.get("partialFingerprints").get("patchpinEntry/v1").asText())
                .isEqualTo("set/e@unknown");
        assertThat(result.get("locations")
                        .get(0)
                        .get("physicalLocation")
                        .get("artifactLocation")
                        .get("uri")
                        .asText())
                .isEqualTo("sets/%C3%A4%20b%23/patchset.toml");
        assertThat(GithubReport.summary(List.of(f), "rocm-7.0"))
                .startsWith("### patchpin verify at `rocm-7.0`\n\n1 broken, 0 to review, 0 ok\n");
    }
}
