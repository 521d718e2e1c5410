package io.patchpin.archive;

import org.eclipse.jgit.lib.ObjectId;
import org.eclipse.jgit.lib.Repository;

/** Where a gitlink's tree comes from when submodules are inserted (fetchgit's {@code fetchSubmodules}). */
@FunctionalInterface
public interface Submodules {
    /** Leaves every gitlink an empty directory, as {@code git archive} and a plain clone do. */
    Submodules NONE = (path, commit) -> null;

    /**
     * The object database holding {@code commit} for the gitlink at {@code path} (relative to the outermost tree), or
     * null to leave an empty directory.
     *
     * @throws Refusal when the submodule should be inserted but cannot be
     */
    Repository open(String path, ObjectId commit) throws Refusal;
}
