package io.patchpin.check;

import io.patchpin.core.ExitCode;
import java.util.Locale;

/** How a verdict counts: ok, needs review, or broken; or skipped, not checked at this version. */
public enum VerdictClass {
    OK,
    REVIEW,
    BROKEN,
    SKIPPED;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }

    public ExitCode exitCode() {
        return switch (this) {
            case OK, SKIPPED -> ExitCode.OK;
            case REVIEW -> ExitCode.REVIEW;
            case BROKEN -> ExitCode.BROKEN;
        };
    }
}
