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
        StringBuilder b = new StringBuilder("### patchpin verify at "
                + (rev == null ? "the work tree" : Markdown.code(rev)) + "\n\n" + broken + " broken, " + review
                + " to review, " + (all.size() - broken - review - skipped) + " ok"
                + (skipped == 0 ? "" : ", " + skipped + " not for this version") + "\n\n"
                + Markdown.header("verdict", "patchset", "entry", "component", "where", "detail"));
        for (Finding f :
                all.stream().sorted(Comparator.comparingInt(StepSummary::rank)).toList()) {
            b.append(Markdown.row(
                    f.verdict().verdict().name(),
                    Markdown.inert(f.patchset()),
                    Markdown.inert(f.verdict().id()),
                    Markdown.inert(f.verdict().component()),
                    Markdown.inert(f.where().file() + ":" + f.where().line()),
                    Markdown.inert(f.verdict().detail())));
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
}
