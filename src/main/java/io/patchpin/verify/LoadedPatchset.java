package io.patchpin.verify;

import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;

import java.nio.file.Path;
import java.util.Objects;

/** A patchset with the folder it was read from (patch files live there). */
public record LoadedPatchset(Path dir, Patchset patchset) {
    public LoadedPatchset {
        Objects.requireNonNull(dir, "dir");
        Objects.requireNonNull(patchset, "patchset");
    }

    public static LoadedPatchset read(Path dir) {
        return new LoadedPatchset(dir, PatchsetStore.read(dir));
    }
}
