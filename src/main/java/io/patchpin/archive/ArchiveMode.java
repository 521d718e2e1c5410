package io.patchpin.archive;

/** Which attributes decide what a fetcher's copy of a tree holds. */
public enum ArchiveMode {
    /**
     * What {@code git archive} with the tree's own attributes gives (GitHub's
     * tarballs): {@code export-ignore} paths dropped; a file that
     * {@code export-subst} would rewrite is refused.
     */
    EXPORT,
    /**
     * A checkout (fetchgit), or an archive with {@code export-subst} and
     * {@code export-ignore} switched off (makepkg): every path kept.
     */
    PLAIN
}
