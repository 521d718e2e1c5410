package io.patchpin.check;

import io.patchpin.patchset.Entry;

/** Checks one kind of entry against the current content of its files; pure, never writes. */
public interface EntryChecker<E extends Entry> {

    /** The verdict, and the files after applying the entry where it can be applied. */
    Check check(E entry, EntryInput input);

    /**
     * Undoes the entry on files where it is applied: the verdict (ALREADY_APPLIED
     * style ok when it can be undone) and the files after undoing it.
     */
    Check revert(E entry, EntryInput input);
}
