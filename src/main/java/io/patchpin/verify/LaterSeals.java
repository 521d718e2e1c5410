package io.patchpin.verify;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.Hashes;
import io.patchpin.kind.EntryCheckers;
import io.patchpin.patchset.Entry;
import io.patchpin.patchset.TextSeal;
import io.patchpin.workspace.FileLookup;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.NavigableMap;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.BiFunction;

/**
 * Recognises a file that already holds this entry and later ones: when two entries edit one file and both are applied,
 * the first one sees the second one's edit too, and its own counts no longer match. If the file is exactly as sealed
 * after this entry or a later sealed entry on the same file, this entry is already applied; so it is when the later
 * entries on its files, taken back last first, leave it already applied (a layer under the set that edits its line
 * again, or a patch whose context a later rewrite edits).
 */
final class LaterSeals {
    private record After(int index, String id, String sha) {}

    private record Later(int index, Entry entry, LoadedPatchset set) {}

    /** A later entry's last check (or revert) and the files it saw. */
    private record Seen(Map<String, FileLookup> files, Check check) {}

    private final Map<FileKey, List<After>> byFile = new TreeMap<>();
    private final Map<FileKey, List<Later>> edits = new TreeMap<>();
    private final EntryCheckers checkers;
    // taking back the later entries under each earlier entry on a file repeats the same reverts and replays on the
    // same files: remembered by entry index, they run once per entry, not once per earlier entry
    private final Map<Integer, Seen> reverts = new HashMap<>();
    private final Map<Integer, Seen> forwards = new HashMap<>();

    LaterSeals(List<LoadedPatchset> sets, EntryCheckers checkers) {
        this.checkers = checkers;
        int index = 0;
        for (LoadedPatchset set : sets) {
            for (Entry e : set.patchset().entries()) {
                int i = index++;
                e.textSeal().ifPresent(s -> byFile.computeIfAbsent(
                                new FileKey(e.component(), e.files().get(0)), k -> new ArrayList<>())
                        .add(new After(i, e.id(), s.after())));
                FileKey.of(e).forEach(f -> edits.computeIfAbsent(f, k -> new ArrayList<>())
                        .add(new Later(i, e, set)));
            }
        }
    }

    /** ALREADY_APPLIED when the entry's files hold it under the later entries' edits; else empty. */
    Optional<Check> alreadyApplied(Entry e, int index, EntryInput in) {
        return sealed(e, index, in).or(() -> beneath(e, index, in));
    }

    /**
     * ALREADY_APPLIED when the later entries on the entry's files, each taken back where it is there (last first, in
     * memory), leave the entry already applied: the files hold this entry with the later ones on top.
     */
    private Optional<Check> beneath(Entry e, int index, EntryInput in) {
        NavigableMap<Integer, Later> later = new TreeMap<>();
        for (FileKey f : FileKey.of(e)) {
            edits.getOrDefault(f, List.of()).stream()
                    .filter(l -> l.index() > index)
                    .forEach(l -> later.put(l.index(), l));
        }
        // a tree read at a revision holds upstream's edits, not these entries applied: history and bisect, which check
        // many revisions, would pay for reverts that cannot succeed
        if (later.isEmpty()
                || in.source().revision().isPresent()
                || !in.files().values().stream().allMatch(f -> f instanceof FileLookup.Found)) {
            return Optional.empty();
        }
        Overlay peeled = new Overlay(in.source());
        in.files()
                .forEach((f, lookup) ->
                        peeled.put(new FileKey(e.component(), f), Optional.of(((FileLookup.Found) lookup).content())));
        List<Later> taken = new ArrayList<>();
        for (Later l : later.descendingMap().values()) {
            Check back = remembered(reverts, l, peeled.input(l.entry(), l.set(), in.digests()), checkers::revert);
            if (back.appliable()) {
                peeled.put(l.entry().component(), back.result(), Map.of());
                taken.add(l);
            }
        }
        Collections.reverse(taken);
        if (taken.isEmpty() || !replays(taken, peeled, in, e)) {
            return Optional.empty();
        }
        Check under = checkers.check(
                e,
                new EntryInput(
                        peeled.inputs(e.component(), e.files()),
                        in.source(),
                        in.patchset(),
                        in.patchsetDir(),
                        in.patchFiles(),
                        Map.of(),
                        in.digests()));
        if (under.verdict().verdict() != Verdict.ALREADY_APPLIED) {
            return Optional.empty();
        }
        Map<String, Optional<byte[]>> kept = new TreeMap<>();
        in.files().forEach((f, lookup) -> kept.put(f, Optional.of(((FileLookup.Found) lookup).content())));
        EntryVerdict v = EntryVerdict.of(
                e,
                Verdict.ALREADY_APPLIED,
                "already applied beneath " + (taken.size() == 1 ? "entry " : "entries ")
                        + String.join(
                                ", ", taken.stream().map(l -> l.entry().id()).toList())
                        + (taken.size() == 1 ? ", which follows it and edits" : ", which follow it and edit")
                        + " its lines again",
                Evidence.NONE);
        return Optional.of(new Check(v, kept));
    }

    /**
     * Whether the entries taken back, applied again in order on what they left, give the files exactly as read: only
     * then is what lies beneath them evidence of place, never a guess.
     */
    private boolean replays(List<Later> taken, Overlay peeled, EntryInput in, Entry e) {
        Overlay again = new Overlay(in.source());
        peeled.current().forEach((key, lookup) -> {
            if (lookup instanceof FileLookup.Found f) {
                again.put(key, Optional.of(f.content()));
            }
        });
        for (Later l : taken) {
            Check forward = remembered(forwards, l, again.input(l.entry(), l.set(), in.digests()), checkers::check);
            if (!forward.appliable()) {
                return false;
            }
            again.put(l.entry().component(), forward.result(), Map.of());
        }
        return in.files().entrySet().stream()
                .allMatch(f -> again.read(new FileKey(e.component(), f.getKey())) instanceof FileLookup.Found now
                        && Arrays.equals(now.content(), ((FileLookup.Found) f.getValue()).content()));
    }

    /** What {@code run} gives for {@code l} on {@code in}: the last result when its files are as they were then. */
    private static Check remembered(
            Map<Integer, Seen> seen, Later l, EntryInput in, BiFunction<Entry, EntryInput, Check> run) {
        Seen last = seen.get(l.index());
        if (last != null && sameFiles(last.files(), in.files())) {
            return last.check();
        }
        Check c = run.apply(l.entry(), in);
        seen.put(l.index(), new Seen(in.files(), c));
        return c;
    }

    private static boolean sameFiles(Map<String, FileLookup> a, Map<String, FileLookup> b) {
        return a.keySet().equals(b.keySet())
                && a.entrySet().stream().allMatch(f -> sameLookup(f.getValue(), b.get(f.getKey())));
    }

    private static boolean sameLookup(FileLookup a, FileLookup b) {
        if (a instanceof FileLookup.Found fa && b instanceof FileLookup.Found fb) {
            return Arrays.equals(fa.content(), fb.content()) && Objects.equals(fa.blobId(), fb.blobId());
        }
        return a.equals(b);
    }

    /** ALREADY_APPLIED when the entry's file is as sealed after a later entry on it; else empty. */
    private Optional<Check> sealed(Entry e, int index, EntryInput in) {
        Optional<TextSeal> seal = e.textSeal();
        if (seal.isEmpty() || !e.sealMatchesDefinition()) {
            return Optional.empty();
        }
        String file = e.files().get(0);
        List<After> afters = byFile.get(new FileKey(e.component(), file));
        if (afters == null || afters.size() < 2 || !(in.files().get(file) instanceof FileLookup.Found found)) {
            return Optional.empty();
        }
        String sha = Hashes.sha256(found.content());
        if (sha.equals(seal.get().before())) {
            return Optional.empty();
        }
        for (After a : afters) {
            if (a.index() > index && a.sha().equals(sha)) {
                EntryVerdict v = EntryVerdict.of(
                        e,
                        Verdict.ALREADY_APPLIED,
                        "file is exactly as sealed after entry " + a.id() + ", which follows this one",
                        Evidence.NONE);
                return Optional.of(new Check(v, Map.of(file, Optional.of(found.content()))));
            }
        }
        return Optional.empty();
    }
}
