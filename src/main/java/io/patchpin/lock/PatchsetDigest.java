package io.patchpin.lock;

/**
 * A patchset named by the pins file, as locked.
 *
 * @param base   the superproject commit the patchset is sealed against
 * @param digest sha256 over its files, see {@link PatchsetDigests}
 */
public record PatchsetDigest(String name, String base, String digest) {
}
