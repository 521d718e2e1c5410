package io.patchpin.core;

/** The exit codes every patchpin command uses (DESIGN: exit codes). */
public enum ExitCode {
    /** Success, or every entry ok. */
    OK(0),
    /** At least one entry broken, or a difference found. */
    BROKEN(1),
    /** Bad usage or bad input. */
    BAD_INPUT(2),
    /** Nothing broken but something needs review. */
    REVIEW(3),
    /** An internal fault. */
    FAULT(70),
    /** Another patchpin holds the workspace or patchset: try again (EX_TEMPFAIL). */
    BUSY(75);

    private final int code;

    ExitCode(int code) {
        this.code = code;
    }

    public int code() {
        return code;
    }

    /** The worse of two outcomes: BROKEN over REVIEW over OK. */
    public ExitCode worst(ExitCode other) {
        return rank() >= other.rank() ? this : other;
    }

    private int rank() {
        return switch (this) {
            case OK -> 0;
            case REVIEW -> 1;
            case BROKEN -> 2;
            case BAD_INPUT -> 3;
            case BUSY -> 4;
            case FAULT -> 5;
        };
    }
}
