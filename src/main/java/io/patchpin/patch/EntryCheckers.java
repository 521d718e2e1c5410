package io.patchpin.patch;

import io.patchpin.check.Check;
import io.patchpin.check.EntryChecker;
import io.patchpin.check.EntryInput;
import io.patchpin.core.BadInputException;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.InsertEntry;
import io.patchpin.patchset.PatchEntry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.patchset.RewriteEntry;
import io.patchpin.rewrite.InsertChecker;
import io.patchpin.rewrite.RewriteChecker;

/**
 * The one place that picks the checker of an entry's kind: verify, rebase and
 * the base replay of new entries all check through it. It lives here, the
 * lowest package that sees every kind's checker (patch builds on rewrite).
 */
public final class EntryCheckers implements EntryChecker<Entry> {
    private final RewriteChecker rewrites = new RewriteChecker();
    private final InsertChecker inserts = new InsertChecker();
    private final PatchChecker patches = new PatchChecker();

    @Override
    public Check check(Entry entry, EntryInput input) {
        return run(entry, input, false);
    }

    @Override
    public Check revert(Entry entry, EntryInput input) {
        return run(entry, input, true);
    }

    /** Runs the kind's checker; a refusal that names no file (an expression too costly for this file) names the entry's. */
    private Check run(Entry entry, EntryInput input, boolean revert) {
        try {
            return switch (entry.kind()) {
                case REWRITE -> run(rewrites, (RewriteEntry) entry, input, revert);
                case INSERT -> run(inserts, (InsertEntry) entry, input, revert);
                case PATCH -> run(patches, (PatchEntry) entry, input, revert);
            };
        } catch (BadInputException e) {
            if (e.source() != null || input.patchsetDir() == null) {
                throw e;
            }
            throw PatchsetStore.entryError(input.patchsetDir(), entry.id(), e);
        }
    }

    private static <E extends Entry> Check run(EntryChecker<E> checker, E entry, EntryInput input, boolean revert) {
        return revert ? checker.revert(entry, input) : checker.check(entry, input);
    }
}
