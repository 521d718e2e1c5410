package io.patchpin.core;

/** The exit codes every patchpin command uses (DESIGN: exit codes), declared from the best outcome to the worst. */
public enum ExitCode {
    /** Success, or every entry ok. */
    OK(0),
    /** Nothing broken but something needs review. */
    REVIEW(3),
    /** At least one entry broken, or a difference found. */
    BROKEN(1),
    /** Bad usage or bad input. */
    BAD_INPUT(2),
    /** Another patchpin holds the workspace or patchset: try again (EX_TEMPFAIL). */
    BUSY(75),
    /** An internal fault. */
    FAULT(70);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The worse of two outcomes, by the order declared: BROKEN over REVIEW over OK. */
    public ExitCode worst(ExitCode other) {
        return compareTo(other) >= 0 ? this : other;
    }
}
