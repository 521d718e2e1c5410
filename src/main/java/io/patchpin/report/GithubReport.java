package io.patchpin.report;

import io.patchpin.check.VerdictClass;
import java.util.List;

/**
 * GitHub Actions workflow commands: one {@code ::error} (broken) or {@code ::warning} (review) per entry that is not
 * ok, broken first, placed on the entry's line so GitHub annotates it in the pull request.
 */
public final class GithubReport {
    private GithubReport() {}

    public static String render(List<Finding> all) {
        StringBuilder b = new StringBuilder();
        for (Finding f : Findings.notOk(all)) {
            b.append("::" + (f.verdict().verdictClass() == VerdictClass.BROKEN ? "error" : "warning") + " file="
                    + property(f.where().file()) + ",line=" + f.where().line() + ",title="
                    + property(f.verdict().verdict().name() + " " + f.verdict().id()) + "::"
                    + data(f.verdict().detail()) + "\n");
        }
        return b.toString();
    }

    /** A command's message: '%', CR and LF escaped (as GitHub's toolkit does). */
    static String data(String s) {
        return s.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A");
    }

    /** A command property value: also ':' and ',', which would end the value. */
    static String property(String s) {
        return data(s).replace(":", "%3A").replace(",", "%2C");
    }
}
