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
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Runs the entries of patchsets in order over a {@link FileSource}, keeping an
 * overlay so each entry sees its files as the earlier entries left them (two
 * entries may edit one file). Sealed rewrites and inserts are also replayed at
 * their patchset's base when its objects are available: an entry whose replay
 * does not reproduce its sealed "after" is SEAL_BROKEN.
 */
public final class Verifier {
    private final EntryCheckers checkers = new EntryCheckers();
    private final Digests digests;

    /** A verifier that remembers its own digests. */
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
        List<Run.SetRun> out = new ArrayList<>();
        Map<String, Optional<FileSource>> baseCache = new HashMap<>();
        LaterSeals later = new LaterSeals(sets);
        int index = 0;
        for (LoadedPatchset set : sets) {
            String base = set.patchset().base();
            // a set with layers is sealed on the tree its layers leave at the base, not on the base's own files
            Optional<FileSource> baseSource =
                    base == null || !set.patchset().layers().isEmpty()
                            ? Optional.empty()
                            : baseCache.computeIfAbsent(base, bases::at);
            Overlay baseOverlay = baseSource.map(Overlay::new).orElse(null);
            List<Run.EntryRun> entries = new ArrayList<>();
            for (Entry e : set.patchset().entries()) {
                EntryInput in = input(e, overlay, set);
                in = baseOverlay == null ? in : in.withBase(baseFiles(e, baseOverlay));
                Check own = checkers.check(baseOverlay == null ? e : upgraded(e, baseOverlay, set), in);
                int at = index++;
                // only a verdict that is not plainly ok can be explained by later entries' edits
                Check c = own.verdict().verdict().isOk()
                        ? own
                        : later.alreadyApplied(e, at, in).orElse(own);
                c = RenameHint.add(e, c, in, baseSource);
                if (baseOverlay != null) {
                    c = replayAtBase(e, c, baseOverlay, set);
                }
                if (c.appliable()) {
                    c.result().forEach((file, content) -> overlay.put(new FileKey(e.component(), file), content));
                }
                entries.add(new Run.EntryRun(e, c));
            }
            out.add(new Run.SetRun(set, entries));
        }
        return new Run(out, overlay);
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
                Check c = checkers.revert(e, input(e, overlay, set));
                if (c.appliable()) {
                    c.result().forEach((file, content) -> overlay.put(new FileKey(e.component(), file), content));
                }
                entries.add(0, new Run.EntryRun(e, c));
            }
            out.add(0, new Run.SetRun(set, entries));
        }
        return new Run(out, overlay);
    }

    /** A text entry with an older seal, given evidence of place from its base when that proves the same seal. */
    private Entry upgraded(Entry e, Overlay baseOverlay, LoadedPatchset set) {
        return EntryKind.of(e).upgraded(() -> input(e, baseOverlay, set));
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

    private EntryInput input(Entry e, Overlay overlay, LoadedPatchset set) {
        return new EntryInput(
                overlay.inputs(e.component(), e.files()),
                overlay.source(),
                set.patchset(),
                set.dir(),
                set.patchFiles(),
                Map.of(),
                digests);
    }

    /**
     * Replays a sealed text entry on the base files. An EXACT check already
     * proves the replay (same "before" bytes, same engine), so only its result
     * is compared; otherwise the entry runs again on the base overlay.
     */
    private Check replayAtBase(Entry e, Check current, Overlay baseOverlay, LoadedPatchset set) {
        if (current.verdict().verdict() == Verdict.SEAL_BROKEN) {
            return current;
        }
        Optional<TextSeal> seal = e.textSeal();
        Check atBase = current.verdict().verdict() == Verdict.EXACT ? current : null;
        if (atBase == null) {
            EntryInput in = input(e, baseOverlay, set);
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
                        + Hashes.abbrev(set.patchset().base()) + " " + why,
                Evidence.NONE));
    }
}
