package io.patchpin.export;

import io.patchpin.patchset.Layer;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Overlay;
import io.patchpin.verify.Run;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;

/**
 * What lies below a layered patchset at its base, for export: the files its layers leave there (its entries were
 * sealed on them, so their diffs are made on them too), and the layers by name, bottom first, for the comment
 * that tells a packager what must be applied before the exported patches. A set without layers exports on the
 * base files, named nowhere.
 *
 * @param files the base files after the layers' entries
 * @param names each layer as written in patchset.toml, bottom first; folders relative to the exported set's
 */
record LayerStack(FileSource files, List<String> names) {
    LayerStack {
        names = List.copyOf(names);
    }

    static LayerStack at(Path dir, Snapshot base) {
        LoadedPatchset set = LoadedPatchset.read(dir);
        if (set.patchset().layers().isEmpty()) {
            return new LayerStack(base.files(), List.of());
        }
        // expanding checks the stack (no circle, not too deep) before it is walked for names
        List<LoadedPatchset> layers = Layers.expand(List.of(set), base, Optional.empty()).stream()
                .filter(Layers::isLayer)
                .toList();
        Run run = new Verifier().check(layers, base.files(), BaseSources.NONE);
        Map<FileKey, Boolean> modes = new TreeMap<>();
        run.sets().stream()
                .flatMap(s -> s.entries().stream())
                .filter(e -> e.check().appliable())
                .forEach(e -> e.check()
                        .executable()
                        .forEach((f, x) -> modes.put(new FileKey(e.entry().component(), f), x)));
        List<String> names = new ArrayList<>();
        walk(set.dir().toAbsolutePath().normalize(), set, names);
        return new LayerStack(new Layered(run.overlay(), modes), names);
    }

    /** The comment naming the layers, bottom first, as the distro formats write it; empty without layers. */
    Optional<String> comment() {
        return new Tree("", "", "", ".", List.of(), names).dependency();
    }

    private static void walk(Path top, LoadedPatchset set, List<String> out) {
        for (Layer l : set.patchset().layers()) {
            if (l.kind() == Layer.Kind.THEROCK) {
                String name = l + " (TheRock's " + l.therockFolder() + ")";
                if (!out.contains(name)) {
                    out.add(name);
                }
                continue;
            }
            Path dir = set.dir().toAbsolutePath().resolve(l.value()).normalize();
            LoadedPatchset lower = LoadedPatchset.read(dir);
            walk(top, lower, out);
            String name = top.relativize(dir).toString().replace('\\', '/') + " (patchset "
                    + lower.patchset().name() + ")";
            if (!out.contains(name)) {
                out.add(name);
            }
        }
    }

    /** The base files as the layers' entries left them; a layer entry that does not apply leaves its files alone. */
    private record Layered(Overlay overlay, Map<FileKey, Boolean> modes) implements FileSource {
        @Override
        public FileLookup read(String component, String file) {
            return overlay.read(new FileKey(component, file));
        }

        @Override
        public boolean executable(String component, String file) {
            Boolean set = modes.get(new FileKey(component, file));
            return set != null ? set : overlay.source().executable(component, file);
        }

        @Override
        public Optional<SortedSet<String>> list(String component) {
            return overlay.source().list(component);
        }

        @Override
        public Optional<byte[]> blob(String component, String blobId) {
            return overlay.source().blob(component, blobId);
        }

        @Override
        public Optional<String> revision() {
            return overlay.source().revision();
        }

        @Override
        public String describe() {
            return overlay.source().describe() + " with the layers below";
        }
    }
}
