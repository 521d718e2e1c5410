package io.patchpin.lock;

import java.util.Objects;
import java.util.Optional;

/**
 * A patchset named by the pins file, as locked.
 *
 * @param base   the commit the patchset is sealed against, empty when its base is unknown
 * @param digest sha256 over its files, see {@link PatchsetDigests}
 */
public record PatchsetDigest(String name, Optional<String> base, String digest) {
    public PatchsetDigest {
        Objects.requireNonNull(base, "base");
    }
}
