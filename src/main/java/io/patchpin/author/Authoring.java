package io.patchpin.author;

import io.patchpin.core.BadInputException;
import io.patchpin.core.ExitCode;
import io.patchpin.core.OperationResult;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.Layer;
import io.patchpin.patchset.Patchset;
import io.patchpin.patchset.PatchsetStore;
import io.patchpin.rewrite.Sealer;
import io.patchpin.safety.AtomicFiles;
import io.patchpin.verify.BaseSources;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.LayerBase;
import io.patchpin.verify.Layers;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.Overlay;
import io.patchpin.verify.Run;
import io.patchpin.verify.TheRockPatches;
import io.patchpin.verify.Verifier;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.Snapshot;
import io.patchpin.workspace.Workspace;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Writes patchsets: a new empty one sealed at a revision, and rewrites or inserts sealed against the file at the base
 * as the earlier entries leave it, read from the object database (no checkout).
 */
public final class Authoring {
    private Authoring() {}

    /**
     * What {@code new} writes: where, the base revision (null: unknown, for a root whose
     * objects are not at hand), the name (null: the folder's), summary, targets, env.
     */
    public record NewSet(
            Path dir,
            String rev,
            String name,
            String summary,
            List<String> targets,
            Map<String, String> env,
            List<Layer> layers) {
        public NewSet {
            targets = List.copyOf(targets);
            env = Map.copyOf(env);
            layers = List.copyOf(layers);
        }
    }

    /** What {@code new} wrote: the empty patchset. */
    public record Created(Patchset patchset) implements OperationResult {
        @Override
        public ExitCode exitCode() {
            return ExitCode.OK;
        }
    }

    /**
     * Creates {@code dir/patchset.toml} with no entries, flushed to disk when {@code fsync}; {@code ws} may be null
     * when the base is unknown.
     */
    public static Created create(Workspace ws, NewSet req, boolean fsync) {
        Path dir = req.dir();
        if (Files.exists(PatchsetStore.tomlOf(dir))) {
            throw new BadInputException(PatchsetStore.tomlOf(dir).toString(), 0, "already exists");
        }
        String commit = req.rev() == null ? null : ws.resolve(req.rev()).name();
        String n = req.name() != null ? req.name() : folderName(dir);
        requireValidId("--name", n);
        for (String k : req.env().keySet()) {
            if (!k.matches("[A-Za-z_][A-Za-z0-9_]*")) {
                throw new BadInputException("--env", 0, "'" + k + "' is not an environment variable name");
            }
        }
        for (Layer layer : req.layers()) {
            Path below = dir.resolve(layer.value()).normalize();
            if (layer.kind() == Layer.Kind.PATCHSET && !Files.isRegularFile(PatchsetStore.tomlOf(below))) {
                throw new BadInputException(
                        "--layer",
                        0,
                        "'" + layer + "': no patchset at " + below + " (a layer is a patchset folder relative to " + dir
                                + ", or " + Layer.THEROCK + "TAG)");
            }
            if (layer.kind() == Layer.Kind.PATCHSET
                    && below.toAbsolutePath().equals(dir.toAbsolutePath().normalize())) {
                throw new BadInputException("--layer", 0, "'" + layer + "' is the patchset itself");
            }
        }
        Layers.requireSound(dir, req.layers());
        if (commit != null && req.layers().stream().anyMatch(l -> l.kind() == Layer.Kind.THEROCK)) {
            Snapshot at = ws.baseSnapshot(commit);
            for (Layer layer : req.layers()) {
                if (layer.kind() == Layer.Kind.THEROCK
                        && TheRockPatches.fromTree(at, layer.value()).isEmpty()) {
                    throw new BadInputException(
                            "--layer",
                            0,
                            "'" + layer + "': no " + layer.therockFolder() + " with patches at "
                                    + commit.substring(0, 12));
                }
            }
        }
        Patchset p = Patchset.empty(n, Optional.ofNullable(commit))
                .describedAs(req.summary(), req.targets(), req.env())
                .withLayers(req.layers());
        AtomicFiles.createDirectories(dir);
        PatchsetStore.write(dir, p, fsync);
        return new Created(p);
    }

    /**
     * The patchset in {@code dir}, or a new empty one (not written yet) based at {@code rev}, named after the folder.
     * {@code rev} is resolved either way: a revision that does not exist is bad input even where the set has its base.
     */
    public static Patchset readOrNew(Workspace ws, Path dir, String rev) {
        String base = ws.resolve(rev).name();
        return Files.exists(PatchsetStore.tomlOf(dir))
                ? PatchsetStore.read(dir)
                : Patchset.empty(folderName(dir), Optional.of(base));
    }

    private static String folderName(Path dir) {
        return dir.toAbsolutePath().normalize().getFileName().toString();
    }

    /** What adding an entry did: the entry as written, and whether it could be sealed. */
    public record Added(Entry entry, boolean sealed, String note) implements OperationResult {
        static Added unsealed(Entry entry, String why) {
            return new Added(entry, false, why + ": written unsealed (verify will say 'unsealed'; rebase to seal it)");
        }

        /** Success: an entry written unsealed is a warning, not a failure (verify says so). */
        @Override
        public ExitCode exitCode() {
            return ExitCode.OK;
        }
    }

    /** Seals {@code entry} at the base of the patchset in {@code dir}, after the set's entries, and appends it. */
    public static Added add(Workspace ws, Path dir, Entry entry, boolean fsync) {
        LoadedPatchset loaded = LoadedPatchset.read(dir);
        Patchset p = loaded.patchset();
        if (p.entry(entry.id()).isPresent()) {
            throw new BadInputException("--id", 0, "entry '" + entry.id() + "' already exists in " + dir);
        }
        Added added = p.base().isEmpty()
                ? Added.unsealed(entry, "the base of " + p.name() + " is unknown")
                : sealOn(baseState(loaded, ws.baseSnapshot(p.base().get())), entry);
        PatchsetStore.write(dir, p.plus(added.entry()), fsync);
        return added;
    }

    /**
     * The base files after a set's layers and entries, and the files whose content there is not known because an entry
     * on them could not be replayed (say an unsealed entry on a component whose objects are not here), each with the
     * reason; {@code layers}: the tree the layers leave at the base, which names the layer entry an edit collides with.
     */
    public record BaseState(Overlay overlay, Map<FileKey, String> unknown, LayerBase layers) {}

    /** Replays the set's entries on the base files; entries that cannot be replayed leave their files unknown. */
    public static BaseState baseState(LoadedPatchset loaded, Snapshot base) {
        // a set with layers is sealed on the tree they leave at the base (TheRock's as the base commit holds them)
        LayerBase layers = Verifier.layerBase(loaded, base);
        layers.requireComplete(loaded);
        Run run = new Verifier().check(List.of(loaded), layers.files(), BaseSources.NONE);
        Map<FileKey, String> unknown = layers.unknown();
        for (Run.SetRun s : run.sets()) {
            for (Run.EntryRun r : s.entries()) {
                if (!r.check().appliable()) {
                    Entry e = r.entry();
                    String why = "entry '" + e.id() + "' before it "
                            + (e.seal().isPresent() ? "" : "is unsealed and ") + "cannot be replayed at the base ("
                            + r.check().verdict().verdict() + ")";
                    e.files().forEach(f -> unknown.putIfAbsent(new FileKey(e.component(), f), why));
                }
            }
        }
        return new BaseState(run.overlay(), unknown, layers);
    }

    /**
     * Seals an entry against the base state; when its file is not known there (an earlier entry on it could not be
     * replayed, or its objects are not here) it is written unsealed, and its file stays unknown for the entries after it.
     */
    public static Added sealOn(BaseState state, Entry entry) {
        String file = entry.files().get(0);
        FileKey key = new FileKey(entry.component(), file);
        String unknown = state.unknown().get(key);
        if (unknown != null) {
            return Added.unsealed(entry, unknown);
        }
        Overlay base = state.overlay();
        FileLookup f = base.read(key);
        if (f instanceof FileLookup.ComponentMissing) {
            throw new BadInputException("--component", 0, "'" + entry.component() + "' is not a component at the base");
        }
        if (f instanceof FileLookup.FileMissing) {
            String at = entry.component() + " at the base "
                    + base.source().revision().map(r -> r.substring(0, 12)).orElse("");
            throw new BadInputException(
                    "--file",
                    0,
                    "no file '" + file + "' in " + at + state.layers().collision(entry.component(), List.of(file)));
        }
        if (f instanceof FileLookup.ObjectsMissing om) {
            state.unknown().put(key, "entry '" + entry.id() + "' before it is unsealed");
            return Added.unsealed(
                    entry,
                    "objects of " + entry.component() + " at " + om.commit().substring(0, 12) + " are not here");
        }
        Sealer.Sealing sealing = EntryKind.of(entry)
                .seal(((FileLookup.Found) f).content(), base.source().settings());
        if (sealing instanceof Sealer.Refused r) {
            throw new BadInputException(
                    entry.kind().word() + " " + entry.id(),
                    0,
                    r.why() + state.layers().collision(entry.component(), entry.files()));
        }
        Sealer.Sealed s = sealing.orElseThrow();
        base.put(key, Optional.of(s.after()));
        return new Added(s.entry(), true, "");
    }

    /** Refuses a set name or entry id, given with {@code option}, that is not letters, digits, '.', '_' or '-'. */
    public static void requireValidId(String option, String id) {
        if (!PatchsetStore.validId(id)) {
            throw new BadInputException(option, 0, "'" + id + "' must be letters, digits, '.', '_' or '-'");
        }
    }

    /** {@code stem}, else {@code stem-2}, {@code stem-3}, ...: the first not in {@code taken}, which it joins. */
    public static String uniqueId(String stem, Set<String> taken) {
        String id = stem;
        for (int n = 2; !taken.add(id); n++) {
            id = stem + "-" + n;
        }
        return id;
    }

    /** An entry id from the file name, unique among {@code taken}: e.g. "pre_hook_amd-llvm.cmake-2". */
    public static String deriveId(String kind, String file, Predicate<String> taken) {
        String baseName = file.substring(file.lastIndexOf('/') + 1)
                .toLowerCase(Locale.ROOT)
                .replaceAll("[^a-z0-9._-]+", "-")
                .replaceAll("^[^a-z0-9]+", "");
        String stem = (baseName.isEmpty() ? kind : baseName);
        stem = stem.length() > 80 ? stem.substring(0, 80) : stem;
        for (int n = 1; ; n++) {
            String id = stem + "-" + n;
            if (!taken.test(id)) {
                return id;
            }
        }
    }
}
