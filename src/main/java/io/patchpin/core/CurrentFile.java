package io.patchpin.core;

import java.util.Optional;

/**
 * The file patchpin read last, to name when the heap runs out while it is
 * being processed. Approximate when several threads read at once: it names
 * the latest read, which is the one that ran out in every case met so far
 * (a file too large for the heap).
 */
public final class CurrentFile {
    private static volatile String last;

    private CurrentFile() {
    }

    /** Records that {@code file} of {@code component} is being read; returns nothing, costs one write. */
    public static void reading(String component, String file) {
        last = RelativePath.join(component, file);
    }

    public static Optional<String> last() {
        return Optional.ofNullable(last);
    }
}
