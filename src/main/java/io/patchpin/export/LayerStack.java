package io.patchpin.export;

import io.patchpin.patchset.Layer;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.Optional;
import java.util.Set;

/**
 * What lies below a layered patchset at its base, for export: the files its layers leave there (its entries were
 * sealed on them, so their diffs are made on them too), and the layers by name, bottom first, for the comment
 * that tells a packager what must be applied before the exported patches. A set without layers exports on the
 * base files, named nowhere.
 *
 * @param files   the base files after the layers' entries
 * @param comment the comment naming the layers, bottom first, as the formats write it; empty without layers
 */
record LayerStack(FileSource files, Optional<String> comment) {

    static LayerStack at(Path dir, Snapshot base) {
        LoadedPatchset set = LoadedPatchset.read(dir);
        if (set.patchset().layers().isEmpty()) {
            return new LayerStack(base.files(), Optional.empty());
        }
        // the tree sealing used; building it checks the stack (no circle, not too deep) before it is walked
        FileSource files = Verifier.layerBase(set, base).files();
        Set<String> names = new LinkedHashSet<>();
        walk(set.dir().toAbsolutePath().normalize(), set, names);
        // the export carries the set's own entries only, so a packager learns of the layers here; a name from a
        // shared set must not end the comment
        return new LayerStack(
                files,
                Optional.of(Dep3.oneLine("on top of its layers, which must be applied first, bottom first: "
                        + String.join(", ", names))));
    }

    /** Adds each layer below {@code set} once, bottom first. */
    private static void walk(Path top, LoadedPatchset set, Set<String> out) {
        for (Layer l : set.patchset().layers()) {
            if (l.kind() == Layer.Kind.THEROCK) {
                out.add(l + " (TheRock's " + l.therockFolder() + ")");
                continue;
            }
            Path dir = set.dir().toAbsolutePath().resolve(l.value()).normalize();
            LoadedPatchset lower = LoadedPatchset.read(dir);
            walk(top, lower, out);
            out.add(top.relativize(dir).toString().replace('\\', '/') + " (patchset "
                    + lower.patchset().name() + ")");
        }
    }
}
