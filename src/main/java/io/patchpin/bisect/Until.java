package io.patchpin.bisect;

import io.patchpin.check.EntryVerdict;
import io.patchpin.check.VerdictClass;
import java.util.Locale;

/** What a bisect stops at ({@code --until}); its result and its text report name it as well. */
public enum Until {
    /** The first commit where the entry is not ok (review verdicts count). */
    NOT_OK,
    /** The first commit where the entry is broken; review verdicts are passed and reported. */
    BROKEN;

    /** A commit the entry is not for (its {@code when}) is passed, as {@code git bisect skip} would. */
    boolean reached(EntryVerdict v) {
        if (v.verdictClass() == VerdictClass.SKIPPED) {
            return false;
        }
        return this == NOT_OK ? !v.verdict().isOk() : v.verdictClass() == VerdictClass.BROKEN;
    }

    public String word() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }
}
