package io.patchpin.report;

import io.patchpin.check.VerdictClass;
import java.util.Comparator;
import java.util.List;

/** The full verdict table as GitHub-flavoured Markdown, for {@code $GITHUB_STEP_SUMMARY}. */
public final class StepSummary {
    private StepSummary() {}

    /** @param rev the revision checked, or null for the work tree */
    public static String render(List<Finding> all, String rev) {
        long broken = count(all, VerdictClass.BROKEN);
        long review = count(all, VerdictClass.REVIEW);
        long skipped = count(all, VerdictClass.SKIPPED);
        StringBuilder b = new StringBuilder("### patchpin verify at ")
                .append(rev == null ? "the work tree" : "`" + rev + "`")
                .append("\n\n")
                .append(broken)
                .append(" broken, ")
                .append(review)
                .append(" to review, ")
                .append(all.size() - broken - review - skipped)
                .append(" ok")
                .append(skipped == 0 ? "" : ", " + skipped + " not for this version")
                .append("\n\n")
                .append("| verdict | patchset | entry | component | where | detail |\n")
                .append("| --- | --- | --- | --- | --- | --- |\n");
        List<Finding> sorted =
                all.stream().sorted(Comparator.comparingInt(StepSummary::rank)).toList();
        for (Finding f : sorted) {
            b.append("| ")
                    .append(f.verdict().verdict().name())
                    .append(" | ")
                    .append(cell(f.patchset()))
                    .append(" | ")
                    .append(cell(f.verdict().id()))
                    .append(" | ")
                    .append(cell(f.verdict().component()))
                    .append(" | ")
                    .append(cell(f.where().file() + ":" + f.where().line()))
                    .append(" | ")
                    .append(cell(f.verdict().detail()))
                    .append(" |\n");
        }
        return b.append('\n').toString();
    }

    private static long count(List<Finding> all, VerdictClass c) {
        return all.stream().filter(f -> f.verdict().verdictClass() == c).count();
    }

    private static int rank(Finding f) {
        return switch (f.verdict().verdictClass()) {
            case BROKEN -> 0;
            case REVIEW -> 1;
            case OK -> 2;
            case SKIPPED -> 3;
        };
    }

    /** A table cell: no HTML from details, '|' escaped, line breaks as {@code <br>}. */
    static String cell(String s) {
        return s.replace("&", "&amp;")
                .replace("<", "&lt;")
                .replace(">", "&gt;")
                .replace("|", "\\|")
                .replace("\r\n", "<br>")
                .replace("\n", "<br>")
                .replace("\r", "<br>");
    }
}
