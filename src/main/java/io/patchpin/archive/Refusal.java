package io.patchpin.archive;

/**
 * Why a tree's bytes cannot be computed from its objects alone: a {@code .gitattributes} conversion that would change a
 * file, or an object that is not here. Thrown out of a walk; the caller reports it, never a hash.
 */
public final class Refusal extends Exception {
    private static final long serialVersionUID = 1L;

    private final boolean missingObjects;

    private Refusal(String message, boolean missingObjects) {
        super(message, null, false, false);
        this.missingObjects = missingObjects;
    }

    /** A conversion git would apply that changes bytes at {@code path}. */
    public static Refusal conversion(String path, String why) {
        return new Refusal(path + ": " + why, false);
    }

    /** An object the walk needs is in no local object database. */
    public static Refusal missing(String what) {
        return new Refusal(what, true);
    }

    public boolean missingObjects() {
        return missingObjects;
    }
}
