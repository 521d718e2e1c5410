package io.patchpin.history;

import static io.patchpin.testkit.Asserts.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.patchpin.bisect.LineCommit;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Verdict;
import io.patchpin.core.BadInputException;
import io.patchpin.lockexport.GitHubUrl;
import io.patchpin.patchset.Entry;
import io.patchpin.report.HistoryHtml;
import io.patchpin.report.HistoryText;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** Text and HTML of an in-memory history; sampling and GitHub links as values. */
class HistoryRendersTextAndLinkedHtmlTest {
    private static final LineCommit C1 = new LineCommit("1".repeat(40), "2026-01-30T10:00:00Z", "first", "a");
    private static final LineCommit C2 = new LineCommit("2".repeat(40), "2026-02-01T10:00:00Z", "objects gone", "a");

    @Test
    void oneEntryWithADetailedChangeReadsAsOneEntry() {
        HistoryReport r = report(Optional.empty());
        String text = HistoryText.render(r);
        assertThat(text)
                .startsWith("history of 1 entry over 2 first-parent commits 111111111111 (2026-01-30) .. 222222222222")
                .contains("every commit checked: every change is listed")
                .contains("  111111111111 2026-01-30  EXACT\n")
                .contains("  222222222222 2026-02-01  EXACT -> OBJECTS_MISSING  objects gone: no objects of x\n");
        HistoryReport sampled = new HistoryReport(9, 2, true, r.columns(), r.rows(), Optional.empty());
        assertThat(HistoryText.render(sampled)).contains("sampled: 2 of 9 commits checked");
    }

    @Test
    void theHtmlLinksEveryCommitWhenTheSuperprojectIsOnGithub() {
        String prefix = GitHubUrl.parse("git@github.com:ROCm/TheRock.git")
                .map(GitHubUrl::commits)
                .orElseThrow();
        assertThat(prefix).isEqualTo("https://github.com/ROCm/TheRock/commit/");
        String html = HistoryHtml.render(report(Optional.of(prefix)));
        assertThat(html)
                .contains("<a href=\"" + prefix + C1.id() + "\"><code>111111111111</code></a>")
                .contains("class=\"cell missing change\"")
                .contains("<br><small>no objects of x</small>")
                .contains(">2026-01</text>")
                .as("a month 16 px after the last label has no room for its own")
                .doesNotContain(">2026-02</text>");
        String plain = HistoryHtml.render(report(Optional.empty()));
        assertThat(plain).doesNotContain("<a href=").contains("<code>222222222222</code>");
        assertThat(HistoryHtml.cellClass(Verdict.FUZZ)).isEqualTo("review");
    }

    @Test
    void manyCommitsNarrowTheColumnsAndSkipCrowdedMonthLabels() {
        List<LineCommit> cols = new ArrayList<>();
        List<Optional<EntryVerdict>> cells = new ArrayList<>();
        for (int i = 0; i < 700; i++) {
            cols.add(new LineCommit(
                    String.format("%040x", i), "2026-%02d-01T00:00:00Z".formatted(1 + i % 12), "c" + i, "a"));
            cells.add(cell(Verdict.EXACT, ""));
        }
        HistoryReport r = new HistoryReport(
                700,
                700,
                false,
                cols,
                List.of(new HistoryReport.Row("s", "e", Entry.Kind.REWRITE, "x", List.of("f"), cells, List.of())),
                Optional.empty());
        String html = HistoryHtml.render(r);
        assertThat(html).contains("<svg class=\"grid\"");
        assertThat(html.split("class=\"date\"", -1).length - 1)
                .as("month labels need 64 px between them")
                .isLessThan(700);
        assertThat(HistoryText.render(r)).contains("  no change\n");
    }

    @Test
    void theDateAxisRunsForwardWhereAuthorDatesRunBackwards() {
        List<LineCommit> cols = new ArrayList<>();
        List<Optional<EntryVerdict>> cells = new ArrayList<>();
        String[] authored = {"2026-03-01", "2025-11-20", "2026-01-15", "2025-12-02"};
        String[] committed = {"2026-03-01", "2026-04-10", "2026-05-15", "2026-05-20"};
        for (int i = 0; i < authored.length; i++) {
            cols.add(new LineCommit(
                    String.format("%040x", i), authored[i] + "T00:00:00Z", "c" + i, "a", committed[i] + "T00:00:00Z"));
            cells.add(cell(Verdict.EXACT, ""));
        }
        HistoryReport r = new HistoryReport(
                4,
                4,
                false,
                cols,
                List.of(new HistoryReport.Row("s", "e", Entry.Kind.REWRITE, "x", List.of("f"), cells, List.of())),
                Optional.empty());
        String html = HistoryHtml.render(r);
        List<String> months = new ArrayList<>();
        Matcher m = Pattern.compile("class=\"date\"[^>]*>([0-9-]+)<").matcher(html);
        while (m.find()) {
            months.add(m.group(1));
        }
        assertThat(months).isNotEmpty().isSorted().doesNotContain("2025-11", "2025-12");
        assertThat(html).contains("<title>" + cols.get(3).id().substring(0, 12) + " 2026-05-20 c3</title>");
    }

    @Test
    void githubUrlsOfEveryShapeAndNoneOfOthers() {
        assertThat(GitHubUrl.parse(null).map(GitHubUrl::commits)).isEmpty();
        assertThat(GitHubUrl.parse("https://gitlab.com/a/b.git").map(GitHubUrl::commits))
                .isEmpty();
        assertThat(GitHubUrl.parse(" https://user@github.com/ROCm/rocm-libraries/ ")
                        .map(GitHubUrl::commits))
                .contains("https://github.com/ROCm/rocm-libraries/commit/");
        assertThat(GitHubUrl.parse("ssh://git@github.com/a/b.git").map(GitHubUrl::commits))
                .contains("https://github.com/a/b/commit/");
    }

    @Test
    void samplingPicksTheFirstTheLastAndWhatIsAskedBetween() {
        assertThat(Sampling.every(3).indices(8)).containsExactly(0, 3, 6, 7);
        assertThat(Sampling.commits(3).indices(5)).containsExactly(0, 2, 4);
        assertThat(Sampling.commits(9).indices(4))
                .as("more asked than there are: all")
                .containsExactly(0, 1, 2, 3);
        assertThat(Sampling.ALL.indices(1)).containsExactly(0);
        assertThatThrownBy(() -> Sampling.every(0))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("1 or more");
        assertThatThrownBy(() -> Sampling.commits(1))
                .isInstanceOf(BadInputException.class)
                .hasMessageContaining("2 or more");
        assertThatThrownBy(() -> new Sampling(-1, 0)).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Sampling(2, 2)).isInstanceOf(IllegalArgumentException.class);
    }

    private static HistoryReport report(Optional<String> link) {
        HistoryReport.Row row = new HistoryReport.Row(
                "s",
                "e",
                Entry.Kind.REWRITE,
                ".",
                List.of("f"),
                List.of(cell(Verdict.EXACT, ""), cell(Verdict.OBJECTS_MISSING, "no objects of x")),
                List.of(new HistoryReport.Transition(
                        C2, Optional.of(Verdict.EXACT), Optional.of(Verdict.OBJECTS_MISSING), "no objects of x")));
        return new HistoryReport(2, 2, false, List.of(C1, C2), List.of(row), link);
    }

    private static Optional<EntryVerdict> cell(Verdict v, String reason) {
        return Optional.of(new EntryVerdict("e", Entry.Kind.REWRITE, ".", List.of("f"), v, reason, null, true, null));
    }
}
