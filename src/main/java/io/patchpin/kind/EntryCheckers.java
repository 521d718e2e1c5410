package io.patchpin.kind;

import io.patchpin.check.Check;
import io.patchpin.check.EntryChecker;
import io.patchpin.check.EntryInput;
import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;

/** The checker of any entry, through its kind: verify, rebase and the base replay all check through it. */
public final class EntryCheckers implements EntryChecker<Entry> {

    @Override
    public Check check(Entry entry, EntryInput input) {
        return run(entry, input, false);
    }

    @Override
    public Check revert(Entry entry, EntryInput input) {
        return run(entry, input, true);
    }

    /** Runs the kind's checker; a refusal that names no file (an expression too costly for this file) names the entry's. */
    private static Check run(Entry entry, EntryInput input, boolean revert) {
        EntryKind kind = EntryKind.of(entry);
        try {
            return revert ? kind.revert(input) : kind.check(input);
        } catch (BadInputException e) {
            if (e.source() != null || input.patchsetDir() == null) {
                throw e;
            }
            throw PatchsetStore.entryError(input.patchsetDir(), entry.id(), e);
        }
    }
}
