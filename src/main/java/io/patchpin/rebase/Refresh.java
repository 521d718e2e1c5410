package io.patchpin.rebase;

import io.patchpin.check.Check;
import io.patchpin.check.EntryInput;
import io.patchpin.check.EntryVerdict;
import io.patchpin.check.Evidence;
import io.patchpin.check.Verdict;
import io.patchpin.core.BadInputException;
import io.patchpin.core.Version;
import io.patchpin.kind.BaseReplay;
import io.patchpin.kind.EntryCheckers;
import io.patchpin.kind.EntryKind;
import io.patchpin.kind.Refreshed;
import io.patchpin.patchset.Entry;
import io.patchpin.verify.Ancestry;
import io.patchpin.verify.FileKey;
import io.patchpin.verify.LoadedPatchset;
import io.patchpin.verify.UpstreamGate;
import io.patchpin.workspace.FileLookup;
import io.patchpin.workspace.FileSource;
import io.patchpin.workspace.Snapshot;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.SortedMap;
import java.util.TreeMap;

/**
 * Works out a rebase in memory: every entry, in order, is checked against the files at the new base as the earlier
 * entries left them, then re-sealed there (rewrites and inserts re-anchored by sealing them again; patches rewritten as
 * the diff their result makes, like {@code quilt refresh}). Reads objects only.
 */
final class Refresh {
    private final EntryCheckers checkers = new EntryCheckers();
    private final BaseReplay replay;
    private final Snapshot onto;
    private final RebaseFolder.State state;
    private final RebaseFolder.Resolutions resolutions;
    /** The old base replayed in order, where a seal written before evidence of place was recorded gets it. */
    private final Optional<BaseReplay> oldBase;

    private final Map<FileKey, EntryVerdict> blocked;
    private final List<Entry> entries = new ArrayList<>();
    private final SortedMap<String, byte[]> patchFiles = new TreeMap<>();
    private final List<Outcome> outcomes = new ArrayList<>();
    private final List<Plan.Conflict> conflicts = new ArrayList<>();

    /**
     * @param below the files at the new base as the set's layers leave them (for a set without layers, the new base's
     *              own), with the layers' entries that are not ok there
     */
    Refresh(
            LoadedPatchset set,
            Snapshot onto,
            LayerRun.Below below,
            RebaseFolder.State state,
            RebaseFolder.Resolutions resolutions,
            Optional<FileSource> oldBase) {
        this.replay = new BaseReplay(below.files(), set.patchset(), set.dir());
        this.blocked = below.blocked();
        this.outcomes.addAll(below.outcomes());
        this.onto = onto;
        this.state = state;
        this.resolutions = resolutions;
        this.oldBase = oldBase.map(b -> new BaseReplay(b, set.patchset(), set.dir()));
    }

    Plan run(List<Entry> sealed) {
        sealed.forEach(this::one);
        return new Plan(entries, patchFiles, outcomes, conflicts);
    }

    private void one(Entry sealed) {
        Entry original = upgraded(sealed);
        Optional<Entry> edited = resolutions.entries().getOrDefault(original.id(), Optional.of(original));
        if (edited.isEmpty()) {
            outcomes.add(Outcome.of(original, Optional.empty(), Action.DROPPED, "dropped by hand"));
            return;
        }
        // an entry left as it was is not a resolution: its seal (and any drift it shows) still stands
        boolean unchanged =
                edited.get().definitionDigest().equals(original.definitionDigest()) && original.sealMatchesDefinition();
        Entry e = unchanged ? original : edited.get();
        Optional<EntryVerdict> layer = blockedBy(e);
        if (layer.isPresent()) {
            // what the layer leaves on these files is not known here: checking or sealing on them would be a guess
            String why = "not checked: below it, " + layer.get().reason()
                    + " at the new base; rebase or fix the layer first, or drop the entry";
            conflict(e, EntryVerdict.of(e, layer.get().verdict(), why, Evidence.NONE), Map.of());
            return;
        }
        Optional<Version> version =
                e.when().always() ? Optional.empty() : onto.files().version(e.component());
        if (version.isPresent() && !e.when().holds(version.get())) {
            notForVersion(e, version.get());
        } else if (resolutions.patchFiles().containsKey(e.id())) {
            // only an entry resolved in its files (a patch) has them
            Map<String, Optional<byte[]>> after = resolutions.patchFiles().get(e.id());
            Refreshed r = EntryKind.of(e).refresh(replay, () -> before(e.component(), after.keySet()), after, Map.of());
            made(e, Optional.empty(), r, Action.RESOLVED, "resolved by hand");
        } else {
            checked(e, e != original);
        }
    }

    /**
     * The entry with the evidence of place its old seal lacks, when sealing it again at the old base reproduces every
     * recorded checksum, else as it is; then replayed at the old base. Without the old base's objects an entry keeps
     * the seal it has.
     */
    private Entry upgraded(Entry e) {
        if (oldBase.isEmpty()) {
            return e;
        }
        Entry out = EntryKind.of(e).upgraded(() -> oldBase.get().input(e.component(), e.files()));
        try {
            oldBase.get().apply(e);
        } catch (BadInputException | IllegalStateException ex) {
            // not applicable at its old base (objects missing, seal broken): later seals are checked on their own
            // hashes
        }
        return out;
    }

    /** Not for the new base's version: nothing to refresh it against; it stays, unsealed, for where it holds. */
    private void notForVersion(Entry e, Version version) {
        Entry kept = e.seal().isPresent() ? e.unsealed() : e;
        String why = "not for this version: " + e.component() + " is " + version.describe() + ", the entry is for "
                + e.when().text();
        entries.add(kept);
        outcomes.add(Outcome.of(
                kept,
                EntryVerdict.of(kept, Verdict.NOT_FOR_VERSION, why, Evidence.NONE),
                Action.UNSEALED,
                "kept unsealed: not for " + version.text() + " (" + e.when().text() + ")"));
    }

    /** The entry checked at the new base: resealed, kept, or a conflict for the user. */
    private void checked(Entry e, boolean byHand) {
        EntryInput in = replay.input(e.component(), e.files());
        Check c = checkers.check(e, in);
        EntryVerdict v = c.verdict();
        boolean unsealed = e.seal().isEmpty();
        Optional<String> drift = unacceptedDrift(e, v);
        if (v.verdict() == Verdict.COMPONENT_MISSING) {
            String how =
                    "; drop the entry (DROP) or move it to the component that now holds the file (edit its component)";
            conflict(e, v.withReason(v.reason() + how), Map.of());
        } else if (drift.isPresent()) {
            conflict(e, v.withReason(drift.get()), Map.of());
        } else if (v.verdict() == Verdict.ALREADY_APPLIED) {
            alreadyApplied(e, v);
        } else if (c.appliable()) {
            reseal(e, v, c, byHand ? Action.RESOLVED : unsealed ? Action.SEALED : Action.RESEALED);
        } else if (unsealed && v.verdict() == Verdict.OBJECTS_MISSING) {
            entries.add(e);
            outcomes.add(Outcome.of(e, v, Action.UNSEALED, "still " + EntryVerdict.UNSEALED + v.reason()));
        } else {
            conflict(
                    e,
                    v,
                    v.verdict() == Verdict.CONFLICT
                            ? EntryKind.of(e)
                                    .conflictFiles(in, "onto " + onto.commit().substring(0, 12))
                            : Map.of());
        }
    }

    private Optional<EntryVerdict> blockedBy(Entry e) {
        return e.files().stream()
                .map(f -> blocked.get(new FileKey(e.component(), f)))
                .filter(Objects::nonNull)
                .findFirst();
    }

    /**
     * Why a drifted rewrite or insert may not be resealed without consent (--accept-drift): its matched text or matched
     * line changed, its edit sits elsewhere, or its seal has no evidence of place to tell; else empty.
     */
    private Optional<String> unacceptedDrift(Entry e, EntryVerdict v) {
        if (v.verdict() != Verdict.DRIFTED
                || e.seal().isEmpty()
                || state.accepts(e.id())
                || !(v.evidence() instanceof Evidence.Matches m)) {
            return Optional.empty();
        }
        if (m.place().evidence() && m.place().drift().resealable()) {
            return Optional.empty();
        }
        String why = m.place().evidence()
                ? ""
                : "sealed without evidence of place (the old base is not here to recover it): ";
        return Optional.of(
                why + v.detail() + "; look at the lines, then --accept-drift " + e.id() + " to reseal it as it is");
    }

    private void alreadyApplied(Entry e, EntryVerdict v) {
        Optional<UpstreamGate.Judgement> upstream = UpstreamGate.judge(e, onto, Ancestry.walk());
        if (upstream.isPresent() && !upstream.get().droppable()) {
            // the edit is there, but not through the upstream commit the entry names: keep it until the pin has that,
            // with the seal whose evidence of place recognises the edit at the next revision
            entries.add(e);
            outcomes.add(Outcome.of(e, v, Action.KEPT, "kept: " + upstream.get().describe() + "; " + v.detail()));
            return;
        }
        if (state.keepApplied()) {
            entries.add(e);
            outcomes.add(Outcome.of(e, v, Action.KEPT, "kept (--keep-applied): " + v.detail()));
        } else {
            outcomes.add(Outcome.of(
                    e,
                    upstream.map(j -> j.gate(v)).orElse(v),
                    Action.DROPPED,
                    upstream.isPresent() ? "merged: " + upstream.get().describe() + "; " + v.detail() : v.detail()));
        }
    }

    private void reseal(Entry e, EntryVerdict v, Check c, Action action) {
        Refreshed r =
                EntryKind.of(e).refresh(replay, () -> before(e.component(), e.files()), c.result(), c.executable());
        // the entry leaves sealed: what the checker found, without the mark of an unsealed entry
        made(
                e,
                Optional.of(v),
                r,
                action == Action.RESEALED && r.patchFile().isPresent() ? Action.REGENERATED : action,
                v.reason());
    }

    /** Records an entry made again at the new base; {@code v} is empty for one resolved by hand (not checked). */
    private void made(Entry e, Optional<EntryVerdict> v, Refreshed r, Action action, String detail) {
        switch (r.status()) {
            case REFUSED -> conflict(e, EntryVerdict.of(e, Verdict.CONFLICT, r.detail(), Evidence.NONE), Map.of());
            case EMPTY -> outcomes.add(Outcome.of(e, v.map(EntryVerdict::verdict), Action.DROPPED, r.detail()));
            case SEALED -> {
                replay.record(e.component(), r.files());
                replay.recordModes(e.component(), r.executable());
                entries.add(r.entry().orElseThrow());
                r.patchFile().ifPresent(f -> patchFiles.put(f.name(), f.bytes()));
                outcomes.add(v.map(checked -> Outcome.of(e, checked, action, detail))
                        .orElseGet(() -> Outcome.of(e, Optional.empty(), action, detail)));
            }
            default -> throw new IllegalStateException(r.status().toString());
        }
    }

    /** {@code files}: the conflict's own files, for the user to resolve in. */
    private void conflict(Entry e, EntryVerdict v, Map<String, Optional<byte[]>> files) {
        entries.add(e);
        conflicts.add(new Plan.Conflict(e, v, files));
        outcomes.add(Outcome.of(e, v, Action.CONFLICT, v.detail()));
    }

    private Map<String, Optional<byte[]>> before(String component, Collection<String> files) {
        Map<String, Optional<byte[]>> out = new TreeMap<>();
        for (String f : files) {
            FileLookup l = replay.read(component, f);
            out.put(f, l instanceof FileLookup.Found found ? Optional.of(found.content()) : Optional.empty());
        }
        return out;
    }
}
