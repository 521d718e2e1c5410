package io.patchpin.verify;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.Digests;
import io.patchpin.core.Hashes;
import io.patchpin.kind.EntryCheckers;
import io.patchpin.kind.EntryKind;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Runs the entries of patchsets in order over a {@link FileSource}, keeping an overlay so each entry sees its files as
 * the earlier entries left them (two entries may edit one file). Sealed rewrites and inserts are also replayed at their
 * patchset's base when its objects are available: an entry whose replay does not reproduce its sealed "after" is
 * SEAL_BROKEN.
 */
public final class Verifier {
    private final EntryCheckers checkers = new EntryCheckers();
    private final Digests digests;
    // a layered set's base is the same at every commit a history or bisect checks: its layers run there once
    private final Map<String, Optional<LayerBase>> layerBases = new HashMap<>();

    public Verifier() {
        this(new Digests());
    }

    /** A verifier that shares the run's remembered digests (audit verifies the same entries twice). */
    public Verifier(Digests digests) {
        this.digests = digests;
    }

    /** Checks every entry (apply direction). */
    public Run check(List<LoadedPatchset> sets, FileSource source, BaseSources bases) {
        Overlay overlay = new Overlay(source);
        Map<String, Optional<FileSource>> baseCache = new HashMap<>();
        LaterSeals later = new LaterSeals(sets, checkers);
        List<Run.SetRun> out = new ArrayList<>();
        int index = 0;
        for (LoadedPatchset set : sets) {
            AtBase atBase = atBase(set, set.patchset().base().flatMap(b -> baseCache.computeIfAbsent(b, bases::at)));
            List<Run.EntryRun> entries = new ArrayList<>();
            for (Entry e : set.patchset().entries()) {
                entries.add(new Run.EntryRun(e, check(e, entries.size(), index++, overlay, later, atBase)));
            }
            out.add(new Run.SetRun(set, entries));
        }
        return new Run(out, overlay);
    }

    /** A set's base while its entries run: the overlay they are replayed on (null: none) and its unknown files. */
    private record AtBase(
            LoadedPatchset set,
            Optional<FileSource> source,
            Overlay overlay,
            boolean layered,
            Set<FileKey> unknown,
            boolean[] needed) {
        boolean needed(int inSet) {
            return overlay != null && needed[inSet];
        }

        /** The base overlay when {@code e} can be replayed there ({@link #replayable}), else null. */
        Overlay replaying(Entry e) {
            return overlay != null && replayable(e, unknown, layered ? overlay : null) ? overlay : null;
        }
    }

    private AtBase atBase(LoadedPatchset set, Optional<FileSource> source) {
        // a set with layers is sealed on the tree its layers leave at the base, not on the base's own files
        Optional<LayerBase> layered = source.flatMap(b -> cachedLayerBase(set, b));
        Overlay overlay = set.patchset().layers().isEmpty()
                ? source.map(Overlay::new).orElse(null)
                : layered.map(l -> new Overlay(l.files())).orElse(null);
        return new AtBase(
                set,
                source,
                overlay,
                layered.isPresent(),
                new HashSet<>(layered.map(LayerBase::unknown).orElse(Map.of()).keySet()),
                overlay == null ? null : neededAtBase(set.patchset().entries()));
    }

    /** Checks the {@code inSet}th entry of its set, {@code at}th of the run, and puts what it leaves in the overlay. */
    private Check check(Entry e, int inSet, int at, Overlay overlay, LaterSeals later, AtBase base) {
        Optional<Check> skipped = VersionGate.skipped(e, overlay.source());
        if (skipped.isPresent()) {
            // not checked here, but still replayed at the base for the sealed entries after it
            return base.needed(inSet) && base.replaying(e) != null
                    ? replayAtBase(e, skipped.get(), base.overlay(), base.set())
                    : skipped.get();
        }
        // an entry on a file whose content at the base is not known is checked without it: no replay, no line map
        Overlay atBase = base.replaying(e);
        EntryInput in = overlay.input(e, base.set(), digests);
        in = atBase == null ? in : in.withBase(baseFiles(e, atBase));
        // a text entry with an older seal is given evidence of place from its base when that proves the same seal
        Check own = checkers.check(
                atBase == null ? e : EntryKind.of(e).upgraded(() -> atBase.input(e, base.set(), digests)), in);
        // only a verdict that is not plainly ok can be explained by later entries' edits
        own = VersionGate.unknownNoted(e, own, overlay.source());
        Check c = own.verdict().verdict().isOk()
                ? own
                : later.alreadyApplied(e, at, in).orElse(own);
        c = RenameHint.add(e, c, in, base.source());
        if (atBase != null && base.needed(inSet)) {
            c = replayAtBase(e, c, atBase, base.set());
        }
        if (c.appliable()) {
            overlay.put(e.component(), c.result(), c.executable());
        }
        return c;
    }

    /**
     * The tree {@code set}'s layers leave at {@code base}: what a layered set is sealed and replayed on. The layers are
     * run by a verifier of their own, each replayed at its own base through {@code bases}.
     */
    public static LayerBase layerBase(LoadedPatchset set, Snapshot base, BaseSources bases) {
        FileSource files = base.files();
        return LayerBase.of(set, base, files, layers -> new Verifier().check(layers, files, bases));
    }

    /** As {@link #layerBase(LoadedPatchset, Snapshot, BaseSources)}, with no base to replay at: a layer as it is. */
    public static LayerBase layerBase(LoadedPatchset set, Snapshot base) {
        return layerBase(set, base, BaseSources.NONE);
    }

    /** The tree a layered set's layers leave at its base, once per base and set; empty without layers. */
    private Optional<LayerBase> cachedLayerBase(LoadedPatchset set, FileSource base) {
        if (set.patchset().layers().isEmpty()) {
            return Optional.empty();
        }
        String key = set.patchset().base().orElse("") + "\0"
                + set.dir().toAbsolutePath().normalize() + "\0" + set.patchset().layers();
        return layerBases.computeIfAbsent(key, k -> base.revisionSnapshot()
                .map(at ->
                        LayerBase.of(set, at, base, layers -> new Verifier().check(layers, base, BaseSources.NONE))));
    }

    /**
     * Whether the entry can be replayed at its base: none of its files is unknown there, and on a layered base
     * ({@code layered}) a sealed rewrite or insert finds its file as sealed. A layer is another set, edited on its own:
     * when it now leaves the file otherwise, replaying proves nothing about this entry's seal. If not, the entry's
     * files become unknown for the entries after it.
     */
    private static boolean replayable(Entry e, Set<FileKey> unknown, Overlay layered) {
        List<FileKey> keys = FileKey.of(e);
        boolean known = keys.stream().noneMatch(unknown::contains)
                && (layered == null
                        || e.textSeal()
                                .map(seal -> layered.read(keys.get(0)) instanceof FileLookup.Found f
                                        && Hashes.sha256(f.content()).equals(seal.before()))
                                .orElse(true));
        if (!known) {
            unknown.addAll(keys);
        }
        return known;
    }

    /**
     * Which entries run again at the base: the sealed rewrites and inserts (their replay is checked against the seal),
     * and every earlier entry that edits a file one of those reads there, as the base overlay must hold its edit. The
     * others only kept the base overlay up to date for nobody: an Electron-sized set of patches, which carry no text
     * seal, checked every patch twice.
     */
    static boolean[] neededAtBase(List<Entry> entries) {
        boolean[] out = new boolean[entries.size()];
        Set<FileKey> read = new HashSet<>();
        for (int i = entries.size() - 1; i >= 0; i--) {
            Entry e = entries.get(i);
            List<FileKey> files = FileKey.of(e);
            if (e.textSeal().isPresent() || files.stream().anyMatch(read::contains)) {
                out[i] = true;
                read.addAll(files);
            }
        }
        return out;
    }

    /** Undoes every entry, last first, on files where they are applied. */
    public Run revert(List<LoadedPatchset> sets, FileSource source) {
        Overlay overlay = new Overlay(source);
        List<Run.SetRun> out = new ArrayList<>();
        for (int s = sets.size() - 1; s >= 0; s--) {
            LoadedPatchset set = sets.get(s);
            List<Entry> list = set.patchset().entries();
            List<Run.EntryRun> entries = new ArrayList<>();
            for (int i = list.size() - 1; i >= 0; i--) {
                Entry e = list.get(i);
                Check c = checkers.revert(e, overlay.input(e, set, digests));
                if (c.appliable()) {
                    overlay.put(e.component(), c.result(), c.executable());
                }
                entries.add(0, new Run.EntryRun(e, c));
            }
            out.add(0, new Run.SetRun(set, entries));
        }
        return new Run(out, overlay);
    }

    /** The entry's files at the base, as the earlier entries left them there: where its lines are followed from. */
    private static Map<String, byte[]> baseFiles(Entry e, Overlay baseOverlay) {
        if (e.textSeal().isEmpty()) {
            return Map.of(); // only sealed rewrites and inserts follow their lines
        }
        Map<String, byte[]> out = new HashMap<>();
        baseOverlay.inputs(e.component(), e.files()).forEach((file, lookup) -> {
            if (lookup instanceof FileLookup.Found f) {
                out.put(file, f.content());
            }
        });
        return out;
    }

    /**
     * Replays a sealed text entry on the base files. An EXACT check already proves the replay (same "before" bytes,
     * same engine), so only its result is compared; otherwise the entry runs again on the base overlay.
     */
    private Check replayAtBase(Entry e, Check current, Overlay baseOverlay, LoadedPatchset set) {
        if (current.verdict().verdict() == Verdict.SEAL_BROKEN) {
            return current;
        }
        Optional<TextSeal> seal = e.textSeal();
        Check atBase = current.verdict().verdict() == Verdict.EXACT ? current : null;
        if (atBase == null) {
            EntryInput in = baseOverlay.input(e, set, digests);
            if (!in.files().values().stream().allMatch(f -> f instanceof FileLookup.Found)) {
                return current; // the base objects are not all here: nothing to replay against
            }
            atBase = checkers.check(e, in);
        }
        if (atBase.appliable()) {
            atBase.result().forEach((file, content) -> baseOverlay.put(new FileKey(e.component(), file), content));
        }
        if (seal.isEmpty()) {
            return current;
        }
        String file = e.files().get(0);
        Optional<byte[]> after = atBase.result().getOrDefault(file, Optional.empty());
        if (atBase.verdict().verdict() == Verdict.EXACT
                && after.isPresent()
                && Hashes.sha256(after.get()).equals(seal.get().after())) {
            return current;
        }
        String why = atBase.verdict().verdict() == Verdict.EXACT
                ? "gives another result than sealed"
                : "finds " + atBase.verdict().verdict() + " ("
                        + atBase.verdict().detail() + ")";
        return Check.broken(EntryVerdict.of(
                e,
                Verdict.SEAL_BROKEN,
                "replaying the entry at its base "
                        + set.patchset().shortBase()
                        + (set.patchset().layers().isEmpty() ? " " : " on the tree its layers leave there ")
                        + why,
                Evidence.NONE));
    }
}
