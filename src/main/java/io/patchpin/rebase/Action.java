package io.patchpin.rebase;

import java.util.Locale;

/** What a rebase did with one entry. */
public enum Action {
    /** A rewrite or insert re-anchored and sealed at the new base. */
    RESEALED,
    /** A patch rewritten as the diff its result makes at the new base, and sealed. */
    REGENERATED,
    /** An unsealed entry sealed for the first time (its objects are here now). */
    SEALED,
    /** A conflict the user resolved in the rebase folder, sealed at the new base. */
    RESOLVED,
    /** Already there at the new base and kept (--keep-applied), unsealed. */
    KEPT,
    /** Already there at the new base (or dropped by the user), removed from the set. */
    DROPPED,
    /** An unsealed entry whose component or objects are still not here: kept as it was. */
    UNSEALED,
    /** Broken before the rebase already (update): carried over as it was, its seal untouched. */
    CARRIED,
    /** Broken at the new base: nothing was written. */
    CONFLICT,
    /** An entry of a layer below the set that is not ok at the new base: reported, never written here. */
    LAYER;

    public String word() {
        return name().toLowerCase(Locale.ROOT);
    }
}
