package io.patchpin.verify;

import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.ForwardingFileSource;
import io.patchpin.workspace.Snapshot;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The tree a set's layers leave at its base: the base's files after every layer's entries (TheRock's as the base commit
 * holds them). A layered set is sealed on it and its seals are replayed on it, so an edit that only makes sense on top
 * of a layer is sealed right. For a set without layers it is the base itself.
 *
 * @param run      the run of the layers' entries over the base
 * @param unknown  files whose content after the layers is not known (a layer entry on them cannot be replayed), why
 * @param editedBy the layer entry below that edits each file last
 */
public record LayerBase(
        FileSource base,
        Run run,
        Map<FileKey, String> unknown,
        Map<FileKey, String> editedBy,
        List<MissingLayers.Missing> missing) {
    public LayerBase {
        missing = List.copyOf(missing);
    }

    /** A copy the caller may add to. */
    @Override
    public Map<FileKey, String> unknown() {
        return new TreeMap<>(unknown);
    }

    /**
     * Runs the layers below {@code set} at {@code base} through {@code runner} (the verifier hands itself in this way,
     * so the two classes do not need each other), its own entries left out. Outside this package:
     * {@link Verifier#layerBase}.
     *
     * @param files the base's files, as the caller reads them
     */
    static LayerBase of(
            LoadedPatchset set, Snapshot base, FileSource files, Function<List<LoadedPatchset>, Run> runner) {
        Map<FileKey, String> unknown = new TreeMap<>();
        Map<FileKey, String> editedBy = new TreeMap<>();
        if (set.patchset().layers().isEmpty()) {
            return new LayerBase(files, new Run(List.of(), new Overlay(files)), unknown, editedBy, List.of());
        }
        List<LoadedPatchset> expanded =
                Layers.expand(List.of(set.with(set.patchset().withEntries(List.of()))), base, Optional.empty());
        List<LoadedPatchset> layers = expanded.subList(0, expanded.size() - 1);
        Run run = runner.apply(layers);
        for (Run.SetRun s : run.sets()) {
            String name = s.loaded().patchset().name();
            for (Run.EntryRun r : s.entries()) {
                Entry e = r.entry();
                String who = name + " entry '" + e.id() + "'";
                String why = r.check().appliable()
                        ? null
                        : who + " below it cannot be replayed at the base ("
                                + r.check().verdict().verdict() + ")";
                for (FileKey key : FileKey.of(e)) {
                    editedBy.put(key, who); // the last layer entry on a file is the one an edit meets first
                    if (why != null) {
                        unknown.putIfAbsent(key, why);
                    }
                }
            }
        }
        return new LayerBase(files, run, unknown, editedBy, MissingLayers.find(expanded));
    }

    public FileSource files() {
        return new LayeredFiles(base, run.overlay());
    }

    /** Why one of these files is not known after the layers, if so. */
    public Optional<String> unknownWhy(String component, Collection<String> files) {
        return files.stream()
                .map(f -> unknown.get(new FileKey(component, f)))
                .filter(Objects::nonNull)
                .findFirst();
    }

    /**
     * What to add to a refusal of an edit on these files: the layer entry below that edits one of them ("; below this
     * set, layer:shared entry 'nvptx' edits CMakeLists.txt"), or nothing.
     */
    public String collision(String component, Collection<String> files) {
        for (String f : files) {
            String who = editedBy.get(new FileKey(component, f));
            if (who != null) {
                return "; below this set, " + who + " edits " + f;
            }
        }
        return "";
    }

    /** Refuses to seal on a base where a declared layer is absent: the set would be sealed on another tree. */
    public void requireComplete(LoadedPatchset set) {
        if (!missing.isEmpty()) {
            String where = MissingLayers.where(base.revision().orElse(null));
            throw PatchsetStore.layersError(
                    set.dir(),
                    missing.get(0).layer(),
                    missing.get(0).problem(where)
                            + " (the base): cannot seal on the tree the layers leave; if TheRock dropped it there,"
                            + " take it out of 'layers'");
        }
    }

    /** The base's files as the layers left them: each file read once from the base, then as their overlay holds it. */
    static final class LayeredFiles extends ForwardingFileSource {
        private final Overlay overlay;

        /** @param overlay the overlay of the run of the layers' entries on {@code at} */
        LayeredFiles(FileSource at, Overlay overlay) {
            super(at);
            this.overlay = overlay;
        }

        @Override
        public FileLookup read(String component, String file) {
            return overlay.read(new FileKey(component, file));
        }

        /** As the layers left it: a layer's patch that makes a script executable (or not) is part of the tree. */
        @Override
        public boolean executable(String component, String file) {
            return overlay.executable(new FileKey(component, file));
        }

        /** The component's files, with those the layers created or deleted. */
        @Override
        public Optional<SortedSet<String>> list(String component) {
            return super.list(component).map(files -> {
                SortedSet<String> out = new TreeSet<>(files);
                overlay.current().forEach((key, lookup) -> {
                    if (key.component().equals(component)) {
                        if (lookup instanceof FileLookup.Found) {
                            out.add(key.file());
                        } else if (lookup instanceof FileLookup.FileMissing) {
                            out.remove(key.file());
                        }
                    }
                });
                return out;
            });
        }

        @Override
        public String describe() {
            return super.describe() + " with its layers";
        }

        /** None: {@link #describe()} names the revision, but not at its end. */
        @Override
        public RevisionMention describedRevision() {
            return RevisionMention.NONE;
        }
    }
}
