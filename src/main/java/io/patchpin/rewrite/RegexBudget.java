package io.patchpin.rewrite;

import io.patchpin.core.BadInputException;
import io.patchpin.core.RegexSize;
import io.patchpin.core.Settings;

/**
 * The work one RE2/J search may do on a text, checked before it is done.
 * RE2/J runs every search on its NFA: each character costs up to one step per
 * program instruction (every {@code .*} of {@code (.*){100}} stays alive on
 * every character), so a search costs at most the program's size times the
 * text's length; loading the groups of a match reruns the program over the
 * matched text, copying every group's bounds per step, so it costs the
 * program's size times the match's length times (groups / 2). Measured with
 * bin/patchpin's JVM flags, the costliest expressions run up to about 100 ns
 * per unit, so the default limit of {@value Settings#DEFAULT_REGEX_WORK} units is
 * about 2.5 s. A file on which an entry's expression would need more is
 * refused as bad input; the system property {@value Settings#REGEX_WORK} sets
 * another limit.
 *
 * @param program the program size {@link RegexSize} estimates, at least 1
 * @param groups  the expression's capture groups
 * @param limit   the most units of work one search may take
 */
public record RegexBudget(long program, int groups, long limit) {
    public RegexBudget {
        program = Math.max(program, 1);
    }

    public static RegexBudget of(String expression, int groups, long limit) {
        return new RegexBudget(RegexSize.estimate(expression), groups, limit);
    }

    /** Units of work of a search over {@code chars} characters, saturating. */
    public long search(long chars) {
        return saturate((double) program * Math.max(1, chars));
    }

    /** Units of work of loading the groups of matches {@code chars} characters long in all. */
    public long groups(long chars) {
        return groups == 0 ? 0 : saturate((double) program * Math.max(1, chars) * groups / 2.0);
    }

    /** Refuses (exit 2) a search over {@code chars} characters that would take more than the limit. */
    public void checkSearch(long chars) {
        refuseAbove(search(chars), "a text of " + chars + " characters", "");
    }

    /** Refuses (exit 2) loading groups of matches {@code chars} characters long in all beyond the limit. */
    public void checkGroups(long chars) {
        refuseAbove(
                groups(chars),
                "matches of " + chars + " characters",
                " and " + groups + " group" + (groups == 1 ? "" : "s"));
    }

    private void refuseAbove(long work, String over, String shape) {
        if (work > limit) {
            throw new BadInputException(
                    null,
                    0,
                    "regular expression too costly for " + over + ": its program of about "
                            + program + " instructions" + shape + " would take " + work + " units of work (limit "
                            + limit
                            + ", about 2.5 s; -D" + Settings.REGEX_WORK + "=N sets another)");
        }
    }

    private static long saturate(double w) {
        return w >= Long.MAX_VALUE ? Long.MAX_VALUE : (long) w;
    }
}
