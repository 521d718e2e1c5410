package io.patchpin.archive;

/** Which rules decide what a fetcher's copy of a tree holds. */
public enum ArchiveMode {
    /**
     * What {@code git archive} with the tree's own attributes gives (GitHub's tarballs, so fetchFromGitHub):
     * {@code export-ignore} paths dropped; a file that {@code export-subst} would rewrite is refused.
     */
    EXPORT,
    /**
     * {@code git archive} with {@code export-subst} and {@code export-ignore} switched off, as makepkg runs it: every
     * path kept.
     */
    ARCHIVE,
    /** A checkout (fetchgit): every path kept, as {@link #ARCHIVE}. */
    CHECKOUT
}
