package io.patchpin.verify;

import io.patchpin.check.EntryVerdict;
import io.patchpin.core.BadInputException;
import io.patchpin.core.RevisionMention;
import io.patchpin.patchset.Layer;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.workspace.Snapshot;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

/**
 * The sets to run for patchsets that declare layers: before each set, what lies below it, bottom first, each layer once
 * however many sets name it, named {@code layer:<name>} in reports. A patchset folder layer is read from disk;
 * TheRock's {@code patches/<tag>} from the superproject at the revision checked, or from the work tree's folder when
 * the work tree is checked. A TheRock layer absent there gives no set; {@link MissingLayers} reports it.
 */
public final class Layers {
    /** How deep layers may stack: shared input is bounded, and a longer chain is surely a mistake. */
    public static final int MAX_DEPTH = 8;

    public static final String PREFIX = "layer:";

    private final Snapshot at;
    private final Optional<Path> workTree;
    private final Set<String> emitted = new HashSet<>();
    private final Deque<Path> stack = new ArrayDeque<>();
    private final List<LoadedPatchset> out = new ArrayList<>();
    /** The layer of a set checked that the walk is under now: where a stack too deep is reported. */
    private TopLayer top;
    /** The folder of the set {@code new} is about to write, whose layers are checked before it exists. */
    private Path unwritten;

    private record TopLayer(Path dir, Layer layer) {}

    private Layers(Snapshot at, Optional<Path> workTree) {
        this.at = at;
        this.workTree = workTree;
    }

    /**
     * @param at       the superproject revision checked (for TheRock layers, and their project's components)
     * @param workTree the work tree when it is what is checked (TheRock layers are then read from its folder)
     */
    public static List<LoadedPatchset> expand(List<LoadedPatchset> sets, Snapshot at, Optional<Path> workTree) {
        if (sets.stream().allMatch(s -> s.patchset().layers().isEmpty())) {
            return sets;
        }
        Layers l = new Layers(at, workTree);
        for (LoadedPatchset s : sets) {
            l.below(s.dir(), s.patchset().layers());
            l.out.add(s);
        }
        return List.copyOf(l.out);
    }

    public static boolean isLayer(LoadedPatchset set) {
        return set.patchset().name().startsWith(PREFIX);
    }

    /**
     * The report with each entry that is not ok, and whose files a layer entry that is not ok here also edits, saying
     * so in its detail: the layer is the likelier cause, and is reported once, as its own set.
     */
    public static Report blameLayers(Run run, Report report) {
        Map<FileKey, String> failing = new HashMap<>();
        for (Run.SetRun s : run.sets()) {
            if (isLayer(s.loaded())) {
                for (Run.EntryRun e : s.entries()) {
                    if (!e.check().verdict().verdict().isOk()) {
                        FileKey.of(e.entry())
                                .forEach(f -> failing.putIfAbsent(
                                        f,
                                        s.loaded().patchset().name() + " entry '"
                                                + e.entry().id() + "' is "
                                                + e.check().verdict().verdict() + " here"));
                    }
                }
            }
        }
        if (failing.isEmpty()) {
            return report;
        }
        List<Report.SetReport> sets = new ArrayList<>();
        for (int i = 0; i < report.patchsets().size(); i++) {
            Report.SetReport sr = report.patchsets().get(i);
            sets.add(
                    isLayer(run.sets().get(i).loaded())
                            ? sr
                            : sr.with(sr.entries().stream()
                                    .map(v -> blamed(v, failing))
                                    .toList()));
        }
        return new Report(report.rev(), sets, report.summary());
    }

    /** {@code v}, when not ok, naming the first failing layer entry on one of its files. */
    private static EntryVerdict blamed(EntryVerdict v, Map<FileKey, String> failing) {
        if (v.verdict().isOk()) {
            return v;
        }
        return v.files().stream()
                .map(f -> failing.get(new FileKey(v.component(), f)))
                .filter(Objects::nonNull)
                .findFirst()
                .map(w -> v.withNote("; below it, " + w, RevisionMention.NONE))
                .orElse(v);
    }

    /**
     * Refuses, before {@code new} writes the set in {@code dir}, a stack of layers that verify would refuse: one that
     * goes round in a circle (a layer below names {@code dir}, or two sets below name each other) or is deeper than
     * {@link #MAX_DEPTH}. What the new set's own layers lead to is reported at the {@code --layer} value, as there is
     * no file yet; a fault inside the sets below, where verify reports it. TheRock layers stack nothing, so they are
     * not read.
     */
    public static void requireSound(Path dir, List<Layer> layers) {
        Layers l = new Layers(null, Optional.empty());
        l.unwritten = real(dir);
        l.below(dir, layers);
    }

    private void below(Path setDir, List<Layer> layers) {
        stack.push(real(setDir));
        Map<String, Layer> named = new HashMap<>();
        for (Layer layer : layers) {
            // a layer named twice would run once, where first named: the second is a slip, or meant another folder
            Layer first = named.putIfAbsent(
                    layer.kind() == Layer.Kind.PATCHSET
                            ? real(setDir.resolve(layer.value()).normalize()).toString()
                            : layer.toString(),
                    layer);
            if (first != null) {
                throw error(
                        setDir,
                        layer,
                        "names the same layer as " + (real(setDir).equals(unwritten) ? "--layer " : "") + first
                                + " (a layer is named once)");
            }
            if (layer.kind() == Layer.Kind.THEROCK) {
                if (unwritten == null) {
                    therock(layer);
                }
                continue;
            }
            // each problem is the layers value that leads to it, so it is reported at that value's line
            Path dir = setDir.resolve(layer.value()).normalize();
            Path tree = holder(setDir);
            if (!resolved(dir).startsWith(tree)) {
                // a set shared between strangers must not pull in whatever lies elsewhere on the reader's disk
                throw error(
                        setDir, layer, "layer '" + layer + "' is outside " + tree + ", the tree that holds the set");
            }
            if (stack.size() == 1) {
                top = new TopLayer(setDir, layer);
            }
            // before the folder is read: the set new is writing is in a circle before its folder holds one
            if (stack.contains(real(dir))) {
                String circle = "layers go round in a circle through " + dir;
                throw real(dir).equals(unwritten)
                        ? error(top.dir(), top.layer(), circle)
                        : error(setDir, layer, circle);
            }
            if (!Files.isDirectory(dir) || !Files.isRegularFile(dir.resolve("patchset.toml"))) {
                throw error(setDir, layer, "layer '" + layer + "': no patchset at " + dir);
            }
            if (stack.size() >= MAX_DEPTH) {
                // no one set below is wrong: the stack is, as the set checked declares it
                throw error(top.dir(), top.layer(), "layers stack deeper than " + MAX_DEPTH);
            }
            LoadedPatchset lower = LoadedPatchset.read(dir);
            below(lower.dir(), lower.patchset().layers());
            if (emitted.add(real(dir).toString())) {
                out.add(named(lower));
            }
        }
        stack.pop();
    }

    /** At the value's line in the set's file; for the set {@code new} has not written, at its option. */
    private BadInputException error(Path setDir, Layer layer, String message) {
        return real(setDir).equals(unwritten)
                ? new BadInputException("--layer " + layer, 0, message)
                : PatchsetStore.layersError(setDir, layer, message);
    }

    private void therock(Layer layer) {
        if (emitted.add(layer.toString())) {
            List<LoadedPatchset> sets = workTree.isPresent()
                    ? TheRockPatches.layer(workTree.get().resolve(layer.therockFolder()), at)
                    : TheRockPatches.fromTree(at, layer.value());
            sets.forEach(s -> out.add(named(s)));
        }
    }

    private static LoadedPatchset named(LoadedPatchset s) {
        Patchset p = s.patchset();
        return s.with(
                new Patchset(PREFIX + p.name(), p.summary(), p.base(), p.targets(), p.env(), p.entries(), p.layers()));
    }

    /**
     * A layer written as an absolute path ({@code new --layer /abs/...}), relative to the set's folder, as it is
     * stored; any other text as it is. Symbolic links are resolved on both sides, so a set reached through one gets the
     * path that holds from where it really is.
     */
    public static String relativeTo(Path setDir, String layer) {
        if (layer.startsWith(Layer.THEROCK) || !Path.of(layer).isAbsolute()) {
            return layer;
        }
        return resolved(setDir).relativize(resolved(Path.of(layer))).toString();
    }

    /**
     * The tree a set's layers must lie in: the git work tree holding its folder, else the folder holding it, after
     * symbolic links are resolved.
     */
    static Path holder(Path setDir) {
        Path set = resolved(setDir);
        for (Path p = set; p != null; p = p.getParent()) {
            if (Files.exists(p.resolve(".git"), LinkOption.NOFOLLOW_LINKS)) {
                return p;
            }
        }
        return set.getParent() == null ? set : set.getParent();
    }

    /** The path with symbolic links resolved as far as it exists (a set new is about to write does not yet). */
    private static Path resolved(Path path) {
        Path abs = real(path);
        Path existing = abs;
        while (existing != null && !Files.exists(existing)) {
            existing = existing.getParent();
        }
        if (existing == null) {
            return abs;
        }
        try {
            return existing.toRealPath().resolve(existing.relativize(abs));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static Path real(Path dir) {
        return dir.toAbsolutePath().normalize();
    }
}
