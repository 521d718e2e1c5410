package io.patchpin.lock;

/**
 * A patchset named by the pins file, as locked.
 *
 * @param base   the commit the patchset is sealed against, or null when its base is unknown
 * @param digest sha256 over its files, see {@link PatchsetDigests}
 */
public record PatchsetDigest(String name, String base, String digest) {}
