package io.patchpin.patch;

import io.patchpin.patchset.PatchEntry;
import io.patchpin.verify.Check;
import io.patchpin.verify.EntryChecker;
import io.patchpin.verify.EntryInput;
import io.patchpin.verify.EntryVerdict;
import io.patchpin.verify.Evidence;
import io.patchpin.verify.Verdict;

/** Placeholder until patch entries land: every patch entry is reported as not supported. */
public final class PatchChecker implements EntryChecker<PatchEntry> {
    private static final String DETAIL = "patch entries are not supported in this build";

    @Override
    public Check check(PatchEntry entry, EntryInput input) {
        return Check.broken(EntryVerdict.of(entry, Verdict.SEAL_BROKEN, DETAIL, Evidence.NONE));
    }

    @Override
    public Check revert(PatchEntry entry, EntryInput input) {
        return check(entry, input);
    }
}
