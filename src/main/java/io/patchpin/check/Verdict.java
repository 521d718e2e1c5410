package io.patchpin.check;

/** One verdict per entry (DESIGN: verdicts), in the order of precedence for patches. */
public enum Verdict {
    EXACT(VerdictClass.OK),
    APPLIES(VerdictClass.OK),
    OFFSET(VerdictClass.OK),
    ALREADY_APPLIED(VerdictClass.OK),
    /** ALREADY_APPLIED, and the entry's upstream commit is an ancestor of the component's pin: droppable as merged. */
    MERGED(VerdictClass.OK),
    DRIFTED(VerdictClass.REVIEW),
    FUZZ(VerdictClass.REVIEW),
    MERGEABLE(VerdictClass.REVIEW),
    /**
     * Not an entry's: a layer the sets above declare is not there at the revision (TheRock's
     * {@code patches/<tag>} absent), so they are checked without it.
     */
    LAYER_MISSING(VerdictClass.REVIEW),
    AMBIGUOUS(VerdictClass.BROKEN),
    ANCHOR_MISSING(VerdictClass.BROKEN),
    CONFLICT(VerdictClass.BROKEN),
    FILE_MISSING(VerdictClass.BROKEN),
    COMPONENT_MISSING(VerdictClass.BROKEN),
    OBJECTS_MISSING(VerdictClass.BROKEN),
    SEAL_BROKEN(VerdictClass.BROKEN),
    /**
     * The entry's {@code when} excludes its component's version here: not checked, so neither ok nor broken
     * (a run that checks nothing else is not a success).
     */
    NOT_FOR_VERSION(VerdictClass.SKIPPED);

    private final VerdictClass verdictClass;

    Verdict(VerdictClass verdictClass) {
        this.verdictClass = verdictClass;
    }

    public VerdictClass verdictClass() {
        return verdictClass;
    }

    public boolean isOk() {
        return verdictClass == VerdictClass.OK;
    }
}
