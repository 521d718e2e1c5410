package io.patchpin.patchset;

/** Checksums recorded when an entry is written or rebased. */
public sealed interface Seal permits TextSeal, PatchSeal {
    /** The entry's {@link Entry#definitionDigest()} when sealed. */
    String digest();
}
