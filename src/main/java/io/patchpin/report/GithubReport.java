package io.patchpin.report;

import io.patchpin.check.VerdictClass;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * For GitHub Actions: workflow commands, one {@code ::error} (broken) or {@code ::warning} (review) per entry that is
 * not ok, broken first, placed on the entry's line so GitHub annotates it in the pull request; and the step summary.
 */
public final class GithubReport {
    private GithubReport() {}

    public static String render(List<Finding> all) {
        return Findings.notOk(all).stream()
                .map(f -> "::" + (f.verdict().verdictClass() == VerdictClass.BROKEN ? "error" : "warning") + " file="
                        + property(f.where().file()) + ",line=" + f.where().line() + ",title="
                        + property(
                                f.verdict().verdict().name() + " " + f.verdict().id()) + "::"
                        + data(f.verdict().detail()) + "\n")
                .collect(Collectors.joining());
    }

    /** A command's message: '%', CR and LF escaped (as GitHub's toolkit does). */
    static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** A command property value: also ':' and ',', which would end the value. */
    static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }

    /**
     * The full verdict table as GitHub-flavoured Markdown, for {@code $GITHUB_STEP_SUMMARY}; {@code rev} is null for
     * the work tree.
     */
    public static String summary(List<Finding> all, String rev) {
        long broken = count(all, VerdictClass.BROKEN);
        long review = count(all, VerdictClass.REVIEW);
        long skipped = count(all, VerdictClass.SKIPPED);
        StringBuilder b = new StringBuilder("### patchpin verify at "
                + (rev == null ? "the work tree" : Markdown.code(rev)) + "\n\n" + broken + " broken, " + review
                + " to review, " + (all.size() - broken - review - skipped) + " ok"
                + (skipped == 0 ? "" : ", " + skipped + " not for this version") + "\n\n"
                + Markdown.header("verdict", "patchset", "entry", "component", "where", "detail"));
        for (Finding f :
                all.stream().sorted(Comparator.comparingInt(GithubReport::rank)).toList()) {
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
