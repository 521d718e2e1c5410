package io.patchpin.verify;

import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import java.nio.file.Path;
import java.util.Map;
import java.util.Objects;

/**
 * A patchset with the folder it was read from (patch files live there).
 *
 * @param patchFiles patch files by name held in memory, for a set read from a revision's tree (TheRock's
 *                   {@code patches/<tag>} as a layer) rather than from a folder; empty otherwise
 * @param theRock    for one of TheRock's own patch folders, its place in the superproject
 *                   ({@code patches/<tag>/<project>}): its entries are TheRock's, never sealed by the user; null for a
 *                   patchset folder
 */
public record LoadedPatchset(Path dir, Patchset patchset, Map<String, byte[]> patchFiles, String theRock) {
    public LoadedPatchset {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(patchset, "patchset");
        patchFiles = Map.copyOf(patchFiles);
    }

    public LoadedPatchset(Path dir, Patchset patchset) {
        this(dir, patchset, Map.of(), null);
    }

    public static LoadedPatchset read(Path dir) {
        return new LoadedPatchset(dir, PatchsetStore.read(dir));
    }

    public LoadedPatchset with(Patchset other) {
        return new LoadedPatchset(dir, other, patchFiles, theRock);
    }
}
